/**
 * /manage/eg/group: the organisation's equipment groups (name, number of equipment) with add, rename and delete.
 * Deleting says first that the group's equipment becomes ungrouped (the server does that, it deletes no
 * equipment). The actions need the manage permission; the server refuses them without it anyway (1011).
 */
import { useState } from 'react';
import { Button, Flex, Popconfirm, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Permission, hasAuth } from '@/lib/access';
import { useUser } from '@/lib/session';
import { TabError } from '@/components/LoadState';
import { useDeleteGroup } from '../api/deleteGroup';
import { useGroups } from '../api/queryGroups';
import { PAGE_SIZE, groupPath, type Group } from '../model';
import { GroupNameModal } from './GroupNameModal';

export default function ManageGroupsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canManage = hasAuth(useUser(), Permission.Manage);
  const groups = useGroups();
  const remove = useDeleteGroup();
  /** The modal: closed (null), adding ('new'), or renaming a group. */
  const [editing, setEditing] = useState<Group | 'new' | null>(null);
  const [page, setPage] = useState(1);

  const columns: ColumnsType<Group> = [
    {
      title: t('monitorList.manage.column.name'),
      key: 'name',
      render: (_, group) => (
        <Typography.Link
          href={groupPath(group.id)}
          onClick={(event) => {
            event.preventDefault();
            void navigate(groupPath(group.id));
          }}
          data-testid="fleet-group-name"
        >
          {group.name}
        </Typography.Link>
      ),
    },
    {
      title: t('monitorList.manage.column.count'),
      key: 'count',
      width: 180,
      render: (_, group) => <span data-testid="fleet-group-count">{group.equipmentCount}</span>,
    },
  ];

  if (canManage) {
    columns.push({
      title: t('monitorList.manage.column.actions'),
      key: 'actions',
      width: 220,
      render: (_, group) => (
        <Space size={0} style={{ whiteSpace: 'nowrap' }}>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            data-testid={`fleet-group-rename-${group.id}`}
            onClick={() => setEditing(group)}
          >
            {t('monitorList.manage.rename')}
          </Button>
          <Popconfirm
            title={t('monitorList.manage.deleteTitle', { name: group.name })}
            description={
              <div style={{ maxWidth: 320 }}>
                {group.equipmentCount > 0
                  ? t('monitorList.manage.deleteText', { count: group.equipmentCount })
                  : t('monitorList.manage.deleteTextEmpty')}
              </div>
            }
            okText={t('monitorList.manage.delete')}
            cancelText={t('monitorList.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() =>
              remove.mutateAsync(group.id).then(
                () => {
                  // The last row of a later page is gone: show the page before it.
                  const left = (groups.data?.length ?? 1) - 1;
                  if (page > 1 && left <= (page - 1) * PAGE_SIZE) setPage(page - 1);
                },
                () => undefined,
              )
            }
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid={`fleet-group-delete-${group.id}`}>
              {t('monitorList.manage.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    });
  }

  const failedFirstLoad = groups.isError && !groups.data;

  return (
    <Flex vertical gap={16} data-testid="fleet-manage-groups">
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('route.manage.group')}
        </Typography.Title>
        <Space wrap>
          <Tooltip title={t('monitorList.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('monitorList.refresh')}
              loading={groups.isFetching && !groups.isLoading}
              onClick={() => void groups.refetch()}
            />
          </Tooltip>
          {canManage && (
            <Button id="fleet-group-add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('monitorList.newGroup')}
            </Button>
          )}
        </Space>
      </Flex>

      {groups.isError && (
        <TabError
          title={failedFirstLoad ? t('monitorList.groupsLoadFailed') : t('monitorList.refreshFailed')}
          error={groups.error}
          onRetry={() => void groups.refetch()}
          testId="fleet-error"
        />
      )}

      {!failedFirstLoad && (
        <Table<Group>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={groups.data ?? []}
          loading={groups.isLoading}
          locale={{ emptyText: canManage ? t('monitorList.manage.emptyManage') : t('monitorList.manage.empty') }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            showSizeChanger: false,
            hideOnSinglePage: true,
            showTotal: (total) => t('monitorList.manage.total', { count: total }),
            onChange: setPage,
          }}
        />
      )}

      <GroupNameModal
        open={editing !== null}
        group={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
    </Flex>
  );
}
