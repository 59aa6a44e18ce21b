/**
 * /manage/eg/scene: the organisation's scenes (name, number of equipment, last change) with preview, add, edit
 * and delete. A scene is a board of chosen equipment cards; its preview opens full-window. Changes need the
 * manage permission; the server refuses them without it anyway (1011).
 */
import { useState } from 'react';
import { Button, Flex, Popconfirm, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { canManageSets } from '@/lib/access';
import { useUser } from '@/lib/session';
import { useDeleteScene } from '../api/deleteScene';
import { useScenes } from '../api/queryScenes';
import { formatBaseTime } from '@/lib/chinaTime';
import { TabError } from '@/components/LoadState';
import { PAGE_SIZE, previewPath, type SceneSummary } from '../model';
import { SceneModal } from './SceneModal';

export default function ScenesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canManage = canManageSets(useUser());
  const scenes = useScenes();
  const remove = useDeleteScene();
  /** The modal: closed (null), adding ('new'), or editing a scene (its id). */
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [page, setPage] = useState(1);

  const open = (scene: SceneSummary) => void navigate(previewPath(scene.id));

  const columns: ColumnsType<SceneSummary> = [
    {
      title: t('scenes.column.name'),
      key: 'name',
      render: (_, scene) => (
        <Typography.Link
          href={previewPath(scene.id)}
          onClick={(event) => {
            event.preventDefault();
            open(scene);
          }}
          data-testid="scenes-name"
        >
          {scene.name}
        </Typography.Link>
      ),
    },
    {
      title: t('scenes.column.count'),
      key: 'count',
      width: 140,
      render: (_, scene) => <span data-testid="scenes-count">{scene.equipmentCount}</span>,
    },
    { title: t('scenes.column.updated'), key: 'updated', width: 200, render: (_, scene) => formatBaseTime(scene.updated) },
    {
      title: t('scenes.column.actions'),
      key: 'actions',
      width: canManage ? 280 : 120,
      render: (_, scene) => (
        <Space size={0} style={{ whiteSpace: 'nowrap' }}>
          <Button type="link" size="small" icon={<EyeOutlined />} data-testid={`scenes-preview-${scene.id}`} onClick={() => open(scene)}>
            {t('scenes.preview')}
          </Button>
          {canManage && (
            <Button type="link" size="small" icon={<EditOutlined />} data-testid={`scenes-edit-${scene.id}`} onClick={() => setEditing(scene.id)}>
              {t('scenes.edit')}
            </Button>
          )}
          {canManage && (
            <Popconfirm
              title={t('scenes.deleteTitle', { name: scene.name })}
              description={<div style={{ maxWidth: 320 }}>{t('scenes.deleteText')}</div>}
              okText={t('scenes.delete')}
              cancelText={t('scenes.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() =>
                remove.mutateAsync(scene.id).then(
                  () => {
                    const left = (scenes.data?.length ?? 1) - 1;
                    if (page > 1 && left <= (page - 1) * PAGE_SIZE) setPage(page - 1);
                  },
                  () => undefined,
                )
              }
            >
              <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid={`scenes-delete-${scene.id}`}>
                {t('scenes.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const failedFirstLoad = scenes.isError && !scenes.data;

  return (
    <Flex vertical gap={16} data-testid="scenes-page">
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('route.manage.scene')}
        </Typography.Title>
        <Space wrap>
          <Tooltip title={t('scenes.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('scenes.refresh')}
              loading={scenes.isFetching && !scenes.isLoading}
              onClick={() => void scenes.refetch()}
            />
          </Tooltip>
          {canManage && (
            <Button id="scenes-add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('scenes.add')}
            </Button>
          )}
        </Space>
      </Flex>

      {scenes.isError && (
        <TabError
          title={failedFirstLoad ? t('scenes.loadFailed') : t('scenes.refreshFailed')}
          error={scenes.error}
          onRetry={() => void scenes.refetch()}
          testId="scenes-error"
        />
      )}

      {!failedFirstLoad && (
        <Table<SceneSummary>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={scenes.data ?? []}
          loading={scenes.isLoading}
          locale={{ emptyText: canManage ? t('scenes.emptyManage') : t('scenes.empty') }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            showSizeChanger: false,
            hideOnSinglePage: true,
            showTotal: (total) => t('scenes.total', { count: total }),
            onChange: setPage,
          }}
        />
      )}

      <SceneModal open={editing !== null} sceneId={typeof editing === 'number' ? editing : null} onClose={() => setEditing(null)} />
    </Flex>
  );
}
