/**
 * /manage/system/model: equipment models, i.e. reusable signal lists. A model is made from an equipment whose
 * signals are set up, can be looked at, renamed and deleted, and applied to equipment without signals (the
 * server saves the signals like the equipment's signal tab and pushes the gateway's configuration). The actions
 * need the manage permission; the server refuses them without it anyway (1011).
 */
import { useState } from 'react';
import { Button, Descriptions, Drawer, Flex, Popconfirm, Space, Table, Tag, Tooltip, Typography, message } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, EditOutlined, EyeOutlined, ImportOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Area, SignalDef } from '@/generated/answers';
import { Permission, hasAuth } from '@/lib/access';
import { useUser } from '@/lib/session';
import { useDeleteModel } from '../api/deleteModel';
import { useModelInfo } from '../api/modelInfo';
import { useModels } from '../api/queryModels';
import type { ModelSummary } from '../model';
import { LoadFailed } from './LoadFailed';
import { ApplyModelModal, EditModelModal, FromEquipmentModal } from './modelForms';

const DATE_TIME = 'YYYY-MM-DD HH:mm';
/** The areas the texts name; kept as a runtime check, so an area a newer server adds is shown by name. */
const AREAS: readonly string[] = ['holding_register', 'input_register', 'coil', 'discrete_input'] satisfies readonly Area[];

function SignalsDrawer({ model, onClose }: { model: ModelSummary | null; onClose: () => void }) {
  const { t } = useTranslation();
  const info = useModelInfo(model?.id ?? null);
  const range = (s: SignalDef) =>
    s.min === null && s.max === null ? '—' : `${s.min ?? '−∞'} … ${s.max ?? '+∞'}`;
  const columns: ColumnsType<SignalDef> = [
    { title: '#', key: 'index', width: 48, render: (_, __, index) => index + 1 },
    { title: t('system.model.signal.name'), dataIndex: 'name', key: 'name' },
    {
      title: t('system.model.signal.area'),
      key: 'area',
      render: (_, s) => (AREAS.includes(s.area) ? t(`system.model.area.${s.area}`) : s.area),
    },
    { title: t('system.model.signal.address'), dataIndex: 'address', key: 'address', align: 'right' },
    { title: t('system.model.signal.dataType'), dataIndex: 'dataType', key: 'dataType' },
    { title: t('system.model.signal.unit'), key: 'unit', render: (_, s) => s.unit || '—' },
    {
      title: t('system.model.signal.access'),
      key: 'access',
      render: (_, s) => (
        <Tag color={s.writable ? 'blue' : 'default'} style={{ marginInlineEnd: 0 }}>
          {s.writable ? t('system.model.readWrite') : t('system.model.readOnly')}
        </Tag>
      ),
    },
    { title: t('system.model.signal.range'), key: 'range', render: (_, s) => range(s) },
  ];
  return (
    <Drawer
      open={model !== null}
      onClose={onClose}
      width={880}
      title={t('system.model.signalsTitle', { name: model?.name ?? '' })}
      data-testid="system-model-drawer"
    >
      {info.isError && <LoadFailed error={info.error} onRetry={() => void info.refetch()} testId="system-model-info-error" />}
      {info.data && (
        <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('system.model.field.manufacturer')}>{info.data.manufacturer || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('system.model.column.updated')}>{dayjs(info.data.updated).format(DATE_TIME)}</Descriptions.Item>
          <Descriptions.Item label={t('system.model.field.remark')} span={2}>
            {info.data.remark || '—'}
          </Descriptions.Item>
        </Descriptions>
      )}
      {!info.isError && (
        <Table<SignalDef>
          rowKey={(s) => `${s.area}:${s.address}:${s.name}`}
          size="small"
          columns={columns}
          dataSource={info.data?.signals ?? []}
          loading={info.isLoading}
          pagination={false}
          locale={{ emptyText: t('system.model.noSignals') }}
          scroll={{ x: 'max-content' }}
        />
      )}
    </Drawer>
  );
}

export default function ModelsPage() {
  const { t } = useTranslation();
  const [messageApi, messageHolder] = message.useMessage();
  const canManage = hasAuth(useUser(), Permission.Manage);
  const models = useModels();
  const remove = useDeleteModel();
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<ModelSummary | null>(null);
  const [editing, setEditing] = useState<ModelSummary | null>(null);
  const [applying, setApplying] = useState<ModelSummary | null>(null);
  const editingInfo = useModelInfo(editing?.id ?? null);

  const columns: ColumnsType<ModelSummary> = [
    {
      title: t('system.model.column.name'),
      key: 'name',
      render: (_, model) => (
        <Typography.Link onClick={() => setViewing(model)} data-testid="system-model-name">
          {model.name}
        </Typography.Link>
      ),
    },
    { title: t('system.model.column.manufacturer'), key: 'manufacturer', render: (_, model) => model.manufacturer || '—' },
    {
      title: t('system.model.column.signals'),
      key: 'signals',
      align: 'right',
      render: (_, model) => <span data-testid="system-model-signal-count">{model.signalCount}</span>,
    },
    {
      title: t('system.model.column.updated'),
      key: 'updated',
      render: (_, model) => <span style={{ whiteSpace: 'nowrap' }}>{dayjs(model.updated).format(DATE_TIME)}</span>,
    },
    {
      title: t('system.model.column.actions'),
      key: 'actions',
      render: (_, model) => (
        <Space size={0} style={{ whiteSpace: 'nowrap' }}>
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setViewing(model)}>
            {t('system.model.view')}
          </Button>
          {canManage && (
            <>
              <Button type="link" size="small" icon={<ImportOutlined />} onClick={() => setApplying(model)} data-testid={`system-model-apply-${model.id}`}>
                {t('system.model.apply')}
              </Button>
              <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(model)} data-testid={`system-model-edit-${model.id}`}>
                {t('system.model.rename')}
              </Button>
              <Popconfirm
                title={t('system.model.deleteConfirm', { name: model.name })}
                description={<div style={{ maxWidth: 320 }}>{t('system.model.deleteText')}</div>}
                okText={t('system.delete')}
                cancelText={t('system.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => remove.mutateAsync(model.id).catch(() => undefined)}
              >
                <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid={`system-model-delete-${model.id}`}>
                  {t('system.delete')}
                </Button>
              </Popconfirm>
            </>
          )}
        </Space>
      ),
    },
  ];

  const failedFirstLoad = models.isError && !models.data;

  return (
    <Flex vertical gap={16} data-testid="system-model-page">
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Flex vertical gap={4}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('route.manage.model')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('system.model.intro')}</Typography.Text>
        </Flex>
        <Space wrap>
          <Tooltip title={t('system.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('system.refresh')}
              loading={models.isFetching && !models.isLoading}
              onClick={() => void models.refetch()}
            />
          </Tooltip>
          {canManage && (
            <Button id="system-model-from" type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('system.model.fromAction')}
            </Button>
          )}
        </Space>
      </Flex>
      {models.isError && <LoadFailed error={models.error} onRetry={() => void models.refetch()} testId="system-model-error" />}
      {!failedFirstLoad && (
        <div style={{ overflowX: 'auto' }}>
          <Table<ModelSummary>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={models.data ?? []}
            loading={models.isLoading}
            pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
            locale={{ emptyText: canManage ? t('system.model.emptyManage') : t('system.model.empty') }}
          />
        </div>
      )}
      <FromEquipmentModal open={creating} onClose={() => setCreating(false)} />
      <SignalsDrawer model={viewing} onClose={() => setViewing(null)} />
      <EditModelModal model={editing} remark={editingInfo.data?.remark} onClose={() => setEditing(null)} />
      <ApplyModelModal
        model={applying}
        onClose={() => setApplying(null)}
        onApplied={(count, equipName) => void messageApi.success(t('system.model.applied', { count, equipName }))}
      />
      {messageHolder}
    </Flex>
  );
}
