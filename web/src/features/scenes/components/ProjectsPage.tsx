/**
 * /manage/eg/project/list: the organisation's projects (name, remark, number of equipment, last change), searched
 * and paged by the server (10 per page), with add, edit and delete, and each project's configuration pages in a
 * drawer (`?pages={id}` opens it). The project monitor is not built yet; the screen says so.
 */
import { useState } from 'react';
import { Alert, Button, Flex, Input, Popconfirm, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DashboardOutlined, DeleteOutlined, EditOutlined, FileImageOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { canManageSets } from '@/lib/access';
import { useUser } from '@/lib/session';
import { useDeleteProject } from '../api/deleteProject';
import { useProjects } from '../api/queryProjects';
import { formatBaseTime } from '@/lib/chinaTime';
import { PAGE_SIZE, type ProjectSummary } from '../model';
import { ProjectModal } from './ProjectModal';
import { ProjectPagesDrawer } from './ProjectPagesDrawer';
import { PROJECT_PAGES_QUERY, projectMonitorPath } from '@/lib/paths';
import { TabError } from '@/components/LoadState';

export default function ProjectsPage() {
  const { t } = useTranslation();
  const canManage = canManageSets(useUser());
  const [query, setQuery] = useState({ page: 1, keyword: '' });
  const [typed, setTyped] = useState('');
  const projects = useProjects(query);
  const remove = useDeleteProject();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [search, setSearch] = useSearchParams();
  const pagesOf = Number(search.get(PROJECT_PAGES_QUERY));
  const showPages = (id: number | null) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete(PROJECT_PAGES_QUERY);
        else next.set(PROJECT_PAGES_QUERY, String(id));
        return next;
      },
      { replace: true },
    );

  const columns: ColumnsType<ProjectSummary> = [
    {
      title: t('projects.column.name'),
      key: 'name',
      render: (_, p) => <span data-testid="projects-name">{p.name}</span>,
    },
    {
      title: t('projects.column.remark'),
      key: 'remark',
      render: (_, p) =>
        p.remark ? (
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: p.remark }} style={{ margin: 0 }}>
            {p.remark}
          </Typography.Paragraph>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      title: t('projects.column.count'),
      key: 'count',
      width: 120,
      render: (_, p) => <span data-testid="projects-count">{p.equipmentCount}</span>,
    },
    { title: t('projects.column.updated'), key: 'updated', width: 190, render: (_, p) => formatBaseTime(p.updated) },
  ];
  // Everyone who sees the list sees a project's pages; changing projects needs canManage.
  columns.push({
    title: t('projects.column.actions'),
    key: 'actions',
    width: canManage ? 350 : 180,
    render: (_, p) => (
      <Space size={0} style={{ whiteSpace: 'nowrap' }}>
        {/* The project's home page live, its other pages as tabs. */}
        <Link to={projectMonitorPath(p.id)} data-testid={`projects-monitor-${p.id}`} style={{ padding: '0 7px' }}>
          <DashboardOutlined /> {t('projects.monitor')}
        </Link>
        <Button type="link" size="small" icon={<FileImageOutlined />} data-testid={`projects-pages-${p.id}`} onClick={() => showPages(p.id)}>
          {t('projects.pages')}
        </Button>
        {canManage && (
          <Button type="link" size="small" icon={<EditOutlined />} data-testid={`projects-edit-${p.id}`} onClick={() => setEditing(p.id)}>
            {t('projects.edit')}
          </Button>
        )}
        {canManage && (
          <Popconfirm
            title={t('projects.deleteTitle', { name: p.name })}
            description={<div style={{ maxWidth: 320 }}>{t('projects.deleteText')}</div>}
            okText={t('projects.delete')}
            cancelText={t('projects.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() =>
              remove.mutateAsync(p.id).then(
                () => {
                  const left = (projects.data?.total ?? 1) - 1;
                  if (query.page > 1 && left <= (query.page - 1) * PAGE_SIZE) setQuery({ ...query, page: query.page - 1 });
                },
                () => undefined,
              )
            }
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid={`projects-delete-${p.id}`}>
              {t('projects.delete')}
            </Button>
          </Popconfirm>
        )}
      </Space>
    ),
  });

  const failedFirstLoad = projects.isError && !projects.data;
  const empty = query.keyword ? t('projects.noMatch') : canManage ? t('projects.emptyManage') : t('projects.empty');

  return (
    <Flex vertical gap={16} data-testid="projects-page">
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('route.manage.projectList')}
        </Typography.Title>
        <Space wrap>
          <Input.Search
            id="projects-search"
            allowClear
            placeholder={t('projects.search')}
            aria-label={t('projects.search')}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onSearch={(value) => setQuery({ page: 1, keyword: value.trim() })}
            style={{ width: 260 }}
          />
          <Tooltip title={t('projects.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('projects.refresh')}
              loading={projects.isFetching && !projects.isLoading}
              onClick={() => void projects.refetch()}
            />
          </Tooltip>
          {canManage && (
            <Button id="projects-add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('projects.add')}
            </Button>
          )}
        </Space>
      </Flex>

      <Alert type="info" showIcon data-testid="projects-designer-note" message={t('projects.designerNote')} />

      {projects.isError && (
        <TabError
          title={failedFirstLoad ? t('projects.loadFailed') : t('projects.refreshFailed')}
          error={projects.error}
          onRetry={() => void projects.refetch()}
          testId="projects-error"
        />
      )}

      {!failedFirstLoad && (
        <Table<ProjectSummary>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={projects.data?.list ?? []}
          loading={projects.isLoading}
          locale={{ emptyText: empty }}
          pagination={{
            current: query.page,
            pageSize: PAGE_SIZE,
            total: projects.data?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            showTotal: (total) => t('projects.total', { count: total }),
            onChange: (page) => setQuery({ ...query, page }),
          }}
        />
      )}

      <ProjectPagesDrawer projectId={Number.isSafeInteger(pagesOf) && pagesOf > 0 ? pagesOf : null} onClose={() => showPages(null)} />
      <ProjectModal open={editing !== null} projectId={typeof editing === 'number' ? editing : null} onClose={() => setEditing(null)} />
    </Flex>
  );
}
