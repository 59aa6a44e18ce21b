/**
 * /monitor/project/:projectId (and …/page/:pageId): a project's configuration pages, live (spec section 2,
 * "Project monitor page"). The project's pages are tabs; without a page in the address its home page shows (the
 * `home` one of project/page/query, else the first). A tab, or a page's "open page" click event, puts the page in
 * the address, so Back returns to the one before and a link names the page. A page the address names that is not
 * among the project's pages is "not found": another owner's page is never drawn here. "Full window" opens the
 * shown page alone in a new tab (the preview route).
 *
 * Beside the pages, the project's reports (spec section 2, "project history, alarm and custom report views"):
 * `?view=reports`, the report definitions of its equipment, and `?view=custom`, its custom reports (./reports);
 * `?view=history`, its signals' and variables' history (./history); `?view=alarms`, its equipment's alarm records
 * (./alarms). The view is in the address, as the EG detail's tab is, so the page routes stay as they are and a link
 * opens the same view.
 */
import { useCallback } from 'react';
import { Button, Flex, Segmented, Tabs, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { TabEmpty, TabError, TabLoading } from '@/components/LoadState';
import { Permission, hasAuth } from '@/lib/access';
import { Code } from '@/lib/api/codes';
import { usePages } from '@/entities/pages/configPages';
import type { PageSummary } from '@/generated/answers';
import { projectPagePath, projectPagesPath, projectPreviewPath } from '@/lib/paths';
import { useProject } from '@/entities/projects/api';
import { useUser } from '@/lib/session';
import { LiveConfigPage } from '@/runtime/live/LiveConfigPage';
import { positiveIdOf } from '@/lib/paths';
import { ProjectCustomReports } from './reports/ProjectCustomReports';
import { ProjectReports } from './reports/ProjectReports';
import { ProjectHistory } from './history/ProjectHistory';
import { ProjectAlarms } from './alarms/ProjectAlarms';
import { useSearchPatch } from './reports/searchParam';

export default function ProjectMonitorScreen() {
  const { t } = useTranslation();
  const params = useParams();
  const projectId = positiveIdOf(params.projectId);
  // No page in the address: the home page. A page id that is not one is not found, never the home page instead.
  const pageId = params.pageId === undefined ? undefined : positiveIdOf(params.pageId);
  if (projectId === null || pageId === null) return <TabEmpty testId="project-not-found" description={t('livePage.projectNotFound')} />;
  return <ProjectMonitor key={projectId} projectId={projectId} pageId={pageId} />;
}

/** What the project monitor shows: its pages (the default), its equipment's reports, its custom reports, its history or its alarms. */
const VIEWS = ['pages', 'reports', 'custom', 'history', 'alarms'] as const;
type ProjectView = (typeof VIEWS)[number];

function viewOf(value: string | null): ProjectView {
  return VIEWS.find((view) => view === value) ?? 'pages';
}

/** The page the address asks for: the named one when the project has it (null when not), else the home page. */
function shownPage(pages: readonly PageSummary[], pageId: number | undefined): PageSummary | null {
  if (pageId !== undefined) return pages.find((page) => page.id === pageId) ?? null;
  return pages.find((page) => page.home) ?? pages[0] ?? null;
}

function ProjectMonitor({ projectId, pageId }: { projectId: number; pageId: number | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canManage = hasAuth(useUser(), Permission.Manage);
  const project = useProject(projectId);
  const pages = usePages({ kind: 'project', id: projectId });
  const owner = { kind: 'project', id: projectId } as const;
  const openPage = useCallback((id: number) => void navigate(projectPagePath(projectId, id)), [navigate, projectId]);
  const [search, patch] = useSearchPatch();
  const view = viewOf(search.get('view'));
  // Another view starts afresh: the reports' own parameters (equipment, report, custom report) are dropped.
  const switchView = (next: ProjectView) => patch({ view: next === 'pages' ? null : next, equipment: null, report: null, custom: null });

  const error = project.error ?? pages.error;
  if (error) {
    return error.code === Code.ProjectNotFound ? (
      <TabEmpty testId="project-not-found" description={t('livePage.projectNotFound')} />
    ) : (
      <TabError
        testId="project-error"
        title={t('livePage.projectFailed')}
        error={error}
        onRetry={() => void (project.error ? project.refetch() : pages.refetch())}
      />
    );
  }
  if (!project.data || !pages.data) return <TabLoading testId="project-loading" />;
  const list = pages.data;
  const shown = view === 'pages' ? shownPage(list, pageId) : null;

  return (
    <Flex vertical gap={8} data-testid="project-monitor" data-project-id={projectId}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Flex align="center" gap={16} wrap>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="project-monitor-name">
            {project.data.name}
          </Typography.Title>
          <Segmented<ProjectView>
            id="project-view"
            value={view}
            onChange={switchView}
            options={VIEWS.map((v) => ({ value: v, label: <span data-testid={`project-view-${v}`}>{t(`reports.project.view.${v}`)}</span> }))}
          />
        </Flex>
        {shown && (
          <Button
            icon={<ExportOutlined />}
            href={projectPreviewPath(projectId, shown.id)}
            target="_blank"
            data-testid="project-monitor-full-window"
          >
            {t('livePage.fullWindow')}
          </Button>
        )}
      </Flex>
      {view === 'reports' && <ProjectReports equipment={project.data.equipment} />}
      {view === 'custom' && <ProjectCustomReports projectId={projectId} projectName={project.data.name} />}
      {view === 'history' && <ProjectHistory projectId={projectId} projectName={project.data.name} />}
      {view === 'alarms' && <ProjectAlarms projectId={projectId} />}
      {view !== 'pages' ? null : list.length === 0 ? (
        <TabEmpty testId="pages-empty" description={t('livePage.noProjectPages')}>
          {canManage && (
            <Link to={projectPagesPath(projectId)}>
              <Button type="primary">{t('livePage.managePages')}</Button>
            </Link>
          )}
        </TabEmpty>
      ) : (
        <Tabs
          data-testid="pages-tabs"
          activeKey={shown ? String(shown.id) : undefined}
          onChange={(key) => openPage(Number(key))}
          destroyOnHidden
          items={list.map((page) => ({
            key: String(page.id),
            label: <span data-testid={`pages-tab-${page.id}`}>{page.title}</span>,
            children:
              page.id === shown?.id ? <LiveConfigPage pageId={page.id} owner={owner} onOpenPage={openPage} showTitle={false} /> : null,
          }))}
        />
      )}
      {view === 'pages' && list.length > 0 && shown === null && <TabEmpty testId="page-not-found" description={t('livePage.notFound')} />}
    </Flex>
  );
}
