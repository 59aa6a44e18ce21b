/**
 * /monitor/project/:projectId/preview/:pageId (full window, opened in a new tab; spec section 2, "titled project
 * preview"): one page of a project, live, filling the window. With `?draft=1` it draws the designer's unsaved document
 * of the page (entities/pages/pageDraft.ts), as the EG page route does. A page's "open page" click event opens that
 * page of the same project here, without the draft. A page of another owner is "not found" (LiveConfigPage).
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Flex } from 'antd';
import { FullWindowNotFound, WayBackButtons } from '@/components/WayBack';
import { DRAFT_QUERY, projectMonitorPath, projectPreviewPath } from '@/lib/paths';
import { LiveConfigPage } from '@/runtime/live/LiveConfigPage';
import { positiveIdOf } from '@/lib/paths';
import { useFullWindowChrome } from '@/lib/fullWindowChrome';

export default function ProjectPreviewScreen() {
  const { t } = useTranslation();
  const chrome = useFullWindowChrome();
  const navigate = useNavigate();
  const params = useParams();
  const projectId = positiveIdOf(params.projectId);
  const pageId = positiveIdOf(params.pageId);
  const draft = useSearchParams()[0].get(DRAFT_QUERY) === '1';
  const openPage = useCallback(
    (id: number) => {
      if (projectId !== null) void navigate(projectPreviewPath(projectId, id));
    },
    [navigate, projectId],
  );
  if (projectId === null || pageId === null) {
    return <FullWindowNotFound testId="page-not-found" title={t('livePage.notFound')} description={t('notFound.description')} />;
  }
  return (
    <div style={{ height: '100vh', boxSizing: 'border-box', padding: 12 }} data-testid="project-preview">
      <LiveConfigPage
        key={`${projectId}-${pageId}`}
        pageId={pageId}
        owner={{ kind: 'project', id: projectId }}
        onOpenPage={openPage}
        draft={draft}
        fill
        headerExtra={chrome.bell}
        notFoundAction={
          <Flex gap={8} justify="center">
            <WayBackButtons back={{ to: projectMonitorPath(projectId), label: t('livePage.backToProject') }} />
          </Flex>
        }
      />
    </div>
  );
}
