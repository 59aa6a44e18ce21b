/**
 * /manage/eg/project/list: the organisation's projects (name, remark, number of equipment, last change), searched
 * and paged by the server (10 per page), with add, edit and delete. Project pages and the project monitor come
 * with the designer; the screen says so rather than offering them.
 */
import { useState } from 'react';
import { Alert, Button, Flex, Input, Popconfirm, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { canManageSets } from '@/lib/access';
import { useUser } from '@/lib/session';
import { useDeleteProject } from '../api/deleteProject';
import { useProjects } from '../api/queryProjects';
import { PAGE_SIZE, formatBaseTime, type ProjectSummary } from '../model';
import { ProjectModal } from './ProjectModal';

export default function ProjectsPage() {
  const { t } = useTranslation();
  const canManage = canManageSets(useUser());
  const [query, setQuery] = useState({ page: 1, keyword: '' });
  const [typed, setTyped] = useState('');
  const projects = useProjects(query);
  const remove = useDeleteProject();
  const [editing, setEditing] = useState<number | 'new' | null>(null);

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
  if (canManage) {
    columns.push({
      title: t('projects.column.actions'),
      key: 'actions',
      width: 200,
      render: (_, p) => (
        <Space size={0} style={{ whiteSpace: 'nowrap' }}>
          <Button type="link" size="small" icon={<EditOutlined />} data-testid={`projects-edit-${p.id}`} onClick={() => setEditing(p.id)}>
            {t('projects.edit')}
          </Button>
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
        </Space>
      ),
    });
  }

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
        <Alert
          type="error"
          showIcon
          data-testid="projects-error"
          message={failedFirstLoad ? t('projects.loadFailed') : t('projects.refreshFailed')}
          description={projects.error.message}
          action={
            <Button size="small" onClick={() => void projects.refetch()}>
              {t('common.retry')}
            </Button>
          }
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

      <ProjectModal open={editing !== null} projectId={typeof editing === 'number' ? editing : null} onClose={() => setEditing(null)} />
    </Flex>
  );
}
