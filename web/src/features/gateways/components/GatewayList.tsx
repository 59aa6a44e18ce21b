/**
 * The gateway tab of /manage/eg/gateway: the organisation's gateways (search, 10 per page, online state, signal
 * strength band, configuration state, the service's expiry tag), registration with a one-time secret, the expiry
 * date, secret rotation and deletion. The manage actions are shown only with the `manage` permission; the server
 * refuses them without it anyway (1011).
 */
import { useState } from 'react';
import { Button, Flex, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CalendarOutlined, DeleteOutlined, KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SignalStrength } from '@/entities/gateways/components/SignalStrength';
import { Permission, hasAuth } from '@/lib/access';
import { useUser } from '@/lib/session';
import { useDeleteGateway } from '../api/deleteGateway';
import { useGateways } from '../api/queryGateways';
import { useRotateSecret } from '../api/rotateSecret';
import { configState, type AgentConfigInput, type Gateway } from '../model';
import { usePagedSearch } from '../usePagedSearch';
import { RegisterGatewayModal } from './RegisterGatewayModal';
import { SecretDialog } from './SecretDialog';
import { GatewayExpiryModal } from './GatewayExpiryModal';
import { ExpiryNote } from '@/entities/expiry/components/ExpiryTag';
import { GatewayClockWarning, GatewayPresenceTag } from '@/entities/gateways/components/GatewayState';
import { TabError } from '@/components/LoadState';
import { ConfirmButton } from './ConfirmButton';
import { ListToolbar } from './ListToolbar';
import { CreatedCell, LastSeenCell } from './TimeCells';

export function GatewayList() {
  const { t } = useTranslation();
  const canManage = hasAuth(useUser(), Permission.Manage);
  const paged = usePagedSearch();
  const { query } = paged;
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

  const rotateFor = (gateway: Gateway) =>
    rotate.mutateAsync(gateway.sn).then((secret) =>
      showSecret({ ...secret, model: gateway.model, firmware: gateway.firmware }, 'rotated'),
    );

  const deleteOne = (gateway: Gateway) =>
    remove.mutateAsync(gateway.sn).then(() => paged.afterDelete(gateways.data?.list.length));

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
      render: (_, gateway) => <LastSeenCell ms={gateway.lastSeenMs} testId="gateway-last-seen" />,
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
      render: (_, gateway) => <CreatedCell ms={gateway.gmtCreate} />,
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
          <ConfirmButton
            title={t('gateways.rotate.confirmTitle', { sn: gateway.sn })}
            text={t('gateways.rotate.confirmText')}
            okText={t('gateways.rotate.ok')}
            label={t('gateways.rotate.action')}
            icon={<KeyOutlined />}
            testId={`gateway-rotate-${gateway.sn}`}
            onConfirm={() => rotateFor(gateway)}
          />
          <ConfirmButton
            title={t('gateways.delete.confirmTitle', { sn: gateway.sn })}
            text={t('gateways.delete.confirmText')}
            okText={t('gateways.delete.ok')}
            label={t('gateways.delete.action')}
            icon={<DeleteOutlined />}
            testId={`gateway-delete-${gateway.sn}`}
            danger
            onConfirm={() => deleteOne(gateway)}
          />
        </Space>
      ),
    });
  }

  const data = gateways.data;
  const failedFirstLoad = gateways.isError && !data;

  return (
    <Flex vertical gap={16} data-testid="gateways-page">
      <ListToolbar
        searchId="gateway-search"
        placeholder={t('gateways.searchPlaceholder')}
        keyword={paged.keywordInput}
        onKeywordChange={paged.onKeywordChange}
        onSearch={paged.search}
        fetching={gateways.isFetching && !gateways.isLoading}
        onRefresh={() => void gateways.refetch()}
        register={canManage ? { id: 'gateway-register', label: t('gateways.register.action'), onClick: () => setRegistering(true) } : undefined}
      />

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
          pagination={paged.pagination(data?.total, (total) => t('gateways.total', { count: total }))}
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
