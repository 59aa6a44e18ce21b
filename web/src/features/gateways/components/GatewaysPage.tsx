/**
 * /manage/eg/gateway: the organisation's gateways (search, 10 per page, online state, signal strength band,
 * configuration state, the service's expiry tag), registration with a one-time secret, the expiry date, secret
 * rotation and deletion. The manage actions
 * are shown only with the `manage` permission; the server refuses them without it anyway (1011).
 */
import { useState } from 'react';
import { Button, Flex, Input, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CalendarOutlined, DeleteOutlined, KeyOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useTranslation } from 'react-i18next';
import { SignalStrength } from '@/entities/gateways/components/SignalStrength';
import { Permission, hasAuth } from '@/lib/access';
import { useUser } from '@/lib/session';
import { useDeleteGateway } from '../api/deleteGateway';
import { useGateways } from '../api/queryGateways';
import { useRotateSecret } from '../api/rotateSecret';
import { PAGE_SIZE, configState, type AgentConfigInput, type Gateway } from '../model';
import { RegisterGatewayModal } from './RegisterGatewayModal';
import { SecretDialog } from './SecretDialog';
import { GatewayExpiryModal } from './GatewayExpiryModal';
import { ExpiryNote } from '@/entities/expiry/components/ExpiryTag';
import { GatewayClockWarning, GatewayPresenceTag } from '@/entities/gateways/components/GatewayState';
import { TabError } from '@/components/LoadState';

dayjs.extend(relativeTime);

const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';
const DATE_MINUTES = 'YYYY-MM-DD HH:mm';

export default function GatewaysPage() {
  const { t } = useTranslation();
  const canManage = hasAuth(useUser(), Permission.Manage);
  const [keywordInput, setKeywordInput] = useState('');
  const [query, setQuery] = useState({ keyword: '', page: 1 });
  const gateways = useGateways(query);
  const rotate = useRotateSecret();
  const remove = useDeleteGateway();
  const [registering, setRegistering] = useState(false);
  const [dating, setDating] = useState<Gateway | null>(null);
  const [issued, setIssued] = useState<{ secret: AgentConfigInput; reason: 'registered' | 'rotated' } | null>(null);
  const [secretOpen, setSecretOpen] = useState(false);
  const showSecret = (secret: AgentConfigInput, reason: 'registered' | 'rotated') => {
    setIssued({ secret, reason });
    setSecretOpen(true);
  };

  const search = (keyword: string) => setQuery({ keyword: keyword.trim(), page: 1 });

  const rotateFor = (gateway: Gateway) =>
    rotate.mutateAsync(gateway.sn).then((secret) =>
      showSecret({ ...secret, model: gateway.model, firmware: gateway.firmware }, 'rotated'),
    );

  const deleteOne = (gateway: Gateway) =>
    remove.mutateAsync(gateway.sn).then(() => {
      // The last row of a later page is gone: show the page before it.
      if (query.page > 1 && gateways.data?.list.length === 1) setQuery((q) => ({ ...q, page: q.page - 1 }));
    });

  const columns: ColumnsType<Gateway> = [
    {
      title: t('gateways.column.gateway'),
      key: 'gateway',
      render: (_, gateway) => (
        <Flex vertical>
          <Typography.Text strong ellipsis={{ tooltip: gateway.name }} style={{ maxWidth: 220 }}>
            {gateway.name || gateway.sn}
          </Typography.Text>
          <Typography.Text type="secondary" copyable={{ text: gateway.sn }} style={{ fontSize: 12 }}>
            {gateway.sn}
          </Typography.Text>
          <ExpiryNote date={gateway.expireDate} />
        </Flex>
      ),
    },
    {
      title: t('gateways.column.state'),
      key: 'state',
      render: (_, gateway) => (
        <Space size={4} wrap>
          <GatewayPresenceTag gateway={gateway} testId="gateway-online" />
          <GatewayClockWarning gateway={gateway} />
          {gateway.vpn && (
            <Tooltip title={t('gateways.vpnHint')}>
              <Tag color="purple" style={{ marginInlineEnd: 0 }}>
                {t('gateways.vpn')}
              </Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: t('gateways.column.signal'),
      key: 'signal',
      render: (_, gateway) => <SignalStrength value={gateway.signalStrength} />,
    },
    {
      title: t('gateways.column.model'),
      key: 'model',
      render: (_, gateway) => (
        <Flex vertical>
          <span>{gateway.model || '—'}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {gateway.firmware ? t('gateways.firmwareValue', { firmware: gateway.firmware }) : t('gateways.firmwareUnknown')}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('gateways.column.lastSeen'),
      key: 'lastSeen',
      render: (_, gateway) =>
        gateway.lastSeenMs ? (
          <Tooltip title={dayjs(gateway.lastSeenMs).format(DATE_TIME)}>
            <span data-testid="gateway-last-seen" style={{ whiteSpace: 'nowrap' }}>
              {dayjs(gateway.lastSeenMs).fromNow()}
            </span>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary" data-testid="gateway-last-seen">
            {t('gateways.neverSeen')}
          </Typography.Text>
        ),
    },
    {
      title: t('gateways.column.config'),
      key: 'config',
      render: (_, gateway) => {
        const state = configState(gateway);
        if (state.kind === 'error') {
          return (
            <Flex vertical gap={2} data-testid="gateway-config" data-state="error">
              <Tag color="error" style={{ marginInlineEnd: 0, alignSelf: 'flex-start' }}>
                {t('gateways.config.error')}
              </Tag>
              <Typography.Text type="danger" style={{ fontSize: 12, maxWidth: 160 }} ellipsis={{ tooltip: state.message }}>
                {state.message}
              </Typography.Text>
            </Flex>
          );
        }
        return (
          <Tooltip
            title={t('gateways.config.versions', { config: gateway.configVersion, applied: gateway.appliedVersion })}
          >
            <Tag
              color={state.kind === 'applied' ? 'success' : 'processing'}
              data-testid="gateway-config"
              data-state={state.kind}
              style={{ marginInlineEnd: 0 }}
            >
              {state.kind === 'applied' ? t('gateways.config.applied') : t('gateways.config.pending')}
            </Tag>
          </Tooltip>
        );
      },
    },
    {
      title: t('gateways.column.created'),
      key: 'created',
      render: (_, gateway) => (
        <Tooltip title={dayjs(gateway.gmtCreate).format(DATE_TIME)}>
          <span style={{ whiteSpace: 'nowrap' }}>{dayjs(gateway.gmtCreate).format(DATE_MINUTES)}</span>
        </Tooltip>
      ),
    },
  ];

  if (canManage) {
    columns.push({
      title: t('gateways.column.actions'),
      key: 'actions',
      render: (_, gateway) => (
        <Space size={0} style={{ whiteSpace: 'nowrap' }}>
          <Button
            type="link"
            size="small"
            icon={<CalendarOutlined />}
            data-testid={`gateway-expiry-${gateway.sn}`}
            onClick={() => setDating(gateway)}
          >
            {t('expiry.edit')}
          </Button>
          <Popconfirm
            title={t('gateways.rotate.confirmTitle', { sn: gateway.sn })}
            description={<div style={{ maxWidth: 320 }}>{t('gateways.rotate.confirmText')}</div>}
            okText={t('gateways.rotate.ok')}
            cancelText={t('gateways.register.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => rotateFor(gateway).catch(() => undefined)}
          >
            <Button type="link" size="small" icon={<KeyOutlined />} data-testid={`gateway-rotate-${gateway.sn}`}>
              {t('gateways.rotate.action')}
            </Button>
          </Popconfirm>
          <Popconfirm
            title={t('gateways.delete.confirmTitle', { sn: gateway.sn })}
            description={<div style={{ maxWidth: 320 }}>{t('gateways.delete.confirmText')}</div>}
            okText={t('gateways.delete.ok')}
            cancelText={t('gateways.register.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => deleteOne(gateway).catch(() => undefined)}
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid={`gateway-delete-${gateway.sn}`}>
              {t('gateways.delete.action')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    });
  }

  const data = gateways.data;
  const failedFirstLoad = gateways.isError && !data;

  return (
    <Flex vertical gap={16} data-testid="gateways-page">
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('route.manage.gateway')}
        </Typography.Title>
        <Space wrap>
          <Input.Search
            id="gateway-search"
            allowClear
            placeholder={t('gateways.searchPlaceholder')}
            aria-label={t('gateways.searchPlaceholder')}
            value={keywordInput}
            onChange={(event) => {
              setKeywordInput(event.target.value);
              if (event.target.value === '' && query.keyword !== '') search('');
            }}
            onSearch={search}
            enterButton={t('gateways.search')}
            style={{ width: 320 }}
          />
          <Tooltip title={t('gateways.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('gateways.refresh')}
              loading={gateways.isFetching && !gateways.isLoading}
              onClick={() => void gateways.refetch()}
            />
          </Tooltip>
          {canManage && (
            <Button id="gateway-register" type="primary" icon={<PlusOutlined />} onClick={() => setRegistering(true)}>
              {t('gateways.register.action')}
            </Button>
          )}
        </Space>
      </Flex>

      {gateways.isError && (
        <TabError
          title={failedFirstLoad ? t('gateways.loadFailed') : t('gateways.refreshFailed')}
          error={gateways.error}
          onRetry={() => void gateways.refetch()}
          testId="gateways-error"
        />
      )}

      {!failedFirstLoad && (
        // Narrow windows scroll the table sideways rather than spilling out of the page.
        <div style={{ overflowX: 'auto' }}>
        <Table<Gateway>
          rowKey="sn"
          size="middle"
          columns={columns}
          dataSource={data?.list ?? []}
          loading={gateways.isLoading || (gateways.isFetching && gateways.isPlaceholderData)}
          locale={{
            emptyText: query.keyword
              ? t('gateways.emptySearch', { keyword: query.keyword })
              : canManage
                ? t('gateways.emptyManage')
                : t('gateways.empty'),
          }}
          pagination={{
            current: query.page,
            pageSize: PAGE_SIZE,
            total: data?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: false,
            showTotal: (total) => t('gateways.total', { count: total }),
            onChange: (page) => setQuery((q) => ({ ...q, page })),
          }}
        />
        </div>
      )}

      <RegisterGatewayModal
        open={registering}
        onClose={() => setRegistering(false)}
        onRegistered={(secret) => {
          setRegistering(false);
          showSecret(secret, 'registered');
        }}
      />
      <GatewayExpiryModal gateway={dating} onClose={() => setDating(null)} />
      <SecretDialog
        issued={issued?.secret ?? null}
        reason={issued?.reason ?? 'registered'}
        open={secretOpen}
        onClose={() => setSecretOpen(false)}
        afterClose={() => setIssued(null)}
      />
    </Flex>
  );
}
