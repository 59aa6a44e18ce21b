/**
 * /manage/system/msg: system announcements of the organisation. A draft is written and edited, then published:
 * every user of the organisation gets it as a notice message (the unread count rises). A published announcement
 * can be withdrawn (notices nobody has read yet disappear); drafts and withdrawn announcements can be deleted.
 * Every call needs the manage permission; without it the server answers 1011 and the screen says so.
 */
import { useState } from 'react';
import { Button, Flex, Popconfirm, Segmented, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined, RollbackOutlined, SendOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useDeleteAnnouncement } from '../api/deleteAnnouncement';
import { usePublishAnnouncement } from '../api/publishAnnouncement';
import { useAnnouncements, type AnnouncementQuery } from '../api/queryAnnouncements';
import { useWithdrawAnnouncement } from '../api/withdrawAnnouncement';
import {
  ANNOUNCEMENT_PAGE_SIZE,
  ANNOUNCEMENT_STATUSES,
  announcementActions,
  type Announcement,
  type AnnouncementStatus,
} from '../model';
import { AnnouncementModal } from './AnnouncementModal';
import { LoadFailed } from './LoadFailed';

const DATE_TIME = 'YYYY-MM-DD HH:mm';
const STATUS_COLOURS: Record<AnnouncementStatus, string> = { draft: 'default', published: 'success', withdrawn: 'warning' };

export default function AnnouncementsPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useState<AnnouncementQuery>({ page: 1 });
  const announcements = useAnnouncements(query);
  const publish = usePublishAnnouncement();
  const withdraw = useWithdrawAnnouncement();
  const remove = useDeleteAnnouncement();
  const [editing, setEditing] = useState<Announcement | 'new' | null>(null);

  const afterRemoval = () => {
    if (query.page > 1 && announcements.data?.list.length === 1) setQuery((q) => ({ ...q, page: q.page - 1 }));
  };

  const columns: ColumnsType<Announcement> = [
    {
      title: t('system.msg.column.title'),
      key: 'title',
      render: (_, item) => (
        <Flex vertical style={{ maxWidth: 420 }}>
          <Typography.Text strong ellipsis={{ tooltip: item.title }} data-testid="system-msg-title-cell">
            {item.title}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis={{ tooltip: item.content }} style={{ fontSize: 12 }}>
            {item.content}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('system.msg.column.status'),
      key: 'status',
      render: (_, item) => (
        <Tag color={STATUS_COLOURS[item.status]} data-testid="system-msg-status" data-status={item.status} style={{ marginInlineEnd: 0 }}>
          {t(`system.msg.status.${item.status}`)}
        </Tag>
      ),
    },
    {
      title: t('system.msg.column.created'),
      key: 'created',
      render: (_, item) => <span style={{ whiteSpace: 'nowrap' }}>{dayjs(item.gmtCreate).format(DATE_TIME)}</span>,
    },
    {
      title: t('system.msg.column.published'),
      key: 'published',
      render: (_, item) =>
        item.gmtPublish ? <span style={{ whiteSpace: 'nowrap' }}>{dayjs(item.gmtPublish).format(DATE_TIME)}</span> : '—',
    },
    {
      title: t('system.msg.column.actions'),
      key: 'actions',
      render: (_, item) => {
        const can = announcementActions(item.status);
        return (
          <Space size={0} style={{ whiteSpace: 'nowrap' }}>
            {can.edit && (
              <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(item)} data-testid={`system-msg-edit-${item.id}`}>
                {t('system.msg.edit')}
              </Button>
            )}
            {can.publish && (
              <Popconfirm
                title={t('system.msg.publishConfirm')}
                description={<div style={{ maxWidth: 320 }}>{t('system.msg.publishText')}</div>}
                okText={t('system.msg.publish')}
                cancelText={t('system.cancel')}
                onConfirm={() => publish.mutateAsync(item.id).catch(() => undefined)}
              >
                <Button type="link" size="small" icon={<SendOutlined />} data-testid={`system-msg-publish-${item.id}`}>
                  {t('system.msg.publish')}
                </Button>
              </Popconfirm>
            )}
            {can.withdraw && (
              <Popconfirm
                title={t('system.msg.withdrawConfirm')}
                description={<div style={{ maxWidth: 320 }}>{t('system.msg.withdrawText')}</div>}
                okText={t('system.msg.withdraw')}
                cancelText={t('system.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => withdraw.mutateAsync(item.id).catch(() => undefined)}
              >
                <Button type="link" size="small" icon={<RollbackOutlined />} data-testid={`system-msg-withdraw-${item.id}`}>
                  {t('system.msg.withdraw')}
                </Button>
              </Popconfirm>
            )}
            {can.delete && (
              <Popconfirm
                title={t('system.msg.deleteConfirm')}
                description={<div style={{ maxWidth: 320 }}>{t('system.msg.deleteText')}</div>}
                okText={t('system.delete')}
                cancelText={t('system.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => remove.mutateAsync(item.id).then(afterRemoval).catch(() => undefined)}
              >
                <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid={`system-msg-delete-${item.id}`}>
                  {t('system.delete')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        );
      },
    },
  ];

  const data = announcements.data;
  const failedFirstLoad = announcements.isError && !data;

  return (
    <Flex vertical gap={16} data-testid="system-msg-page">
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Flex vertical gap={4}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('route.manage.systemMsg')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('system.msg.intro')}</Typography.Text>
        </Flex>
        <Space wrap>
          <Segmented<string>
            data-testid="system-msg-filter"
            value={query.status ?? 'all'}
            options={[
              { value: 'all', label: t('system.msg.status.all') },
              ...ANNOUNCEMENT_STATUSES.map((s) => ({ value: s, label: t(`system.msg.status.${s}`) })),
            ]}
            onChange={(value) =>
              setQuery({ page: 1, ...(value === 'all' ? {} : { status: value as AnnouncementStatus }) })
            }
          />
          <Tooltip title={t('system.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('system.refresh')}
              loading={announcements.isFetching && !announcements.isLoading}
              onClick={() => void announcements.refetch()}
            />
          </Tooltip>
          <Button id="system-msg-add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('system.msg.add')}
          </Button>
        </Space>
      </Flex>

      {announcements.isError && (
        <LoadFailed error={announcements.error} onRetry={() => void announcements.refetch()} testId="system-msg-error" />
      )}

      {!failedFirstLoad && (
        <div style={{ overflowX: 'auto' }}>
          <Table<Announcement>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={data?.list ?? []}
            loading={announcements.isLoading || (announcements.isFetching && announcements.isPlaceholderData)}
            locale={{
              emptyText: query.status
                ? t('system.msg.emptyStatus', { status: t(`system.msg.status.${query.status}`) })
                : t('system.msg.empty'),
            }}
            pagination={{
              current: query.page,
              pageSize: ANNOUNCEMENT_PAGE_SIZE,
              total: data?.total ?? 0,
              showSizeChanger: false,
              showTotal: (total) => t('system.msg.total', { count: total }),
              onChange: (page) => setQuery((q) => ({ ...q, page })),
            }}
          />
        </div>
      )}

      <AnnouncementModal
        open={editing !== null}
        announcement={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
    </Flex>
  );
}
