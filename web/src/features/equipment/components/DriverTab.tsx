/**
 * Driver tab: which gateway reaches the equipment (bind, unbind) and how (the driver settings form, drawn from
 * the server's schema). Every change is pushed to the gateway as a new configuration version; the tab then
 * follows the gateway's acknowledgement for a while (applied, refused with its reason, or still pending, e.g.
 * while the gateway is offline) instead of claiming success when the call returns.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Flex, Popconfirm, Select, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import { LinkOutlined, DisconnectOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useBindGateway } from '../api/bindGateway';
import { useGatewayOptions } from '../api/gatewayOptions';
import { configStateOf, useGatewayState } from '../api/gatewayState';
import { useSaveDriver } from '../api/saveDriver';
import { useUnbindGateway } from '../api/unbindGateway';
import type { Equipment } from '../model';
import { DriverForm } from './DriverForm';
import { GatewayPresenceTag } from '@/entities/gateways/components/GatewayState';
import { useDriverSchema } from '@/entities/drivers/api';

/** How long a change is followed until the gateway applies or refuses it. */
export const APPLY_WATCH_MS = 60_000;

/** True until `until` (ms since the epoch) has passed; re-renders when it does. */
function useBefore(until: number): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const left = until - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), left + 50);
    return () => clearTimeout(timer);
  }, [until]);
  return now < until;
}

export function DriverTab({ equipment, readOnly }: { equipment: Equipment; readOnly?: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [watchUntil, setWatchUntil] = useState(0);
  const watching = useBefore(watchUntil);
  const gateway = useGatewayState(equipment.gatewaySn, watchUntil);
  const options = useGatewayOptions();
  const schema = useDriverSchema();
  const bind = useBindGateway();
  const unbind = useUnbindGateway();
  const saveDriver = useSaveDriver();
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [savedNote, setSavedNote] = useState(false);

  /** A change went out: follow the gateway's answer from now on. */
  const watch = () => {
    setWatchUntil(Date.now() + APPLY_WATCH_MS);
    void queryClient.invalidateQueries({ queryKey: ['equipment', 'gatewayState'] });
  };

  const state = gateway.data ? configStateOf(gateway.data) : null;

  const gatewayCard = (
    <Card title={t('equipment.driver.gatewayTitle')} size="small" data-testid="driver-gateway">
      {equipment.gatewaySn ? (
        <Flex vertical gap={12}>
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('equipment.driver.gateway')}>
              <Space size={6} wrap>
                <span data-testid="driver-bound-sn">
                  {gateway.data?.name && gateway.data.name !== equipment.gatewaySn
                    ? `${gateway.data.name} (${equipment.gatewaySn})`
                    : equipment.gatewaySn}
                </span>
                {gateway.data && (
                  <GatewayPresenceTag gateway={gateway.data} testId="driver-gateway-online" />
                )}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('equipment.driver.configState')}>
              {gateway.isLoading ? (
                <Skeleton.Input active size="small" />
              ) : gateway.isError ? (
                <Typography.Text type="danger">{gateway.error.message}</Typography.Text>
              ) : gateway.data && state ? (
                <Space size={6} wrap>
                  <Tooltip
                    title={t('equipment.driver.versions', {
                      config: gateway.data.configVersion,
                      applied: gateway.data.appliedVersion,
                    })}
                  >
                    <Tag
                      color={state === 'applied' ? 'success' : state === 'error' ? 'error' : 'processing'}
                      data-testid="driver-config-state"
                      data-state={state}
                      style={{ marginInlineEnd: 0 }}
                    >
                      {t(`equipment.driver.config.${state}`)}
                    </Tag>
                  </Tooltip>
                  {state === 'error' && (
                    <Typography.Text type="danger" data-testid="driver-config-error">
                      {gateway.data.configError}
                    </Typography.Text>
                  )}
                  {state === 'pending' && watching && (
                    <Typography.Text type="secondary">{t('equipment.driver.waiting')}</Typography.Text>
                  )}
                  <Tooltip title={t('equipment.refresh')}>
                    <Button
                      size="small"
                      type="text"
                      icon={<ReloadOutlined />}
                      aria-label={t('equipment.refresh')}
                      loading={gateway.isFetching}
                      onClick={() => void gateway.refetch()}
                    />
                  </Tooltip>
                </Space>
              ) : null}
            </Descriptions.Item>
          </Descriptions>
          {state === 'pending' && !watching && watchUntil > 0 && (
            <Alert
              type="warning"
              showIcon
              data-testid="driver-not-applied"
              message={t('equipment.driver.notAppliedYet', { seconds: APPLY_WATCH_MS / 1000 })}
            />
          )}
          {!readOnly && (
            <div>
              <Popconfirm
                title={t('equipment.driver.unbindConfirm', { sn: equipment.gatewaySn })}
                description={<div style={{ maxWidth: 320 }}>{t('equipment.driver.unbindText')}</div>}
                okText={t('equipment.driver.unbind')}
                cancelText={t('equipment.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => unbind.mutateAsync(equipment.id).catch(() => undefined)}
              >
                <Button danger icon={<DisconnectOutlined />} loading={unbind.isPending} id="driver-unbind">
                  {t('equipment.driver.unbind')}
                </Button>
              </Popconfirm>
            </div>
          )}
        </Flex>
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary" data-testid="driver-unbound">
            {t('equipment.driver.unboundHint')}
          </Typography.Text>
          {!readOnly && (
            <Space wrap>
              <Select
                id="driver-gateway-select"
                showSearch
                allowClear
                value={chosen}
                onChange={setChosen}
                placeholder={t('equipment.driver.chooseGateway')}
                loading={options.isLoading}
                style={{ width: 320 }}
                optionFilterProp="label"
                notFoundContent={options.isError ? options.error.message : t('equipment.driver.noGateways')}
                options={(options.data?.list ?? []).map((g) => ({
                  value: g.sn,
                  label: g.name && g.name !== g.sn ? `${g.name} (${g.sn})` : g.sn,
                }))}
              />
              <Button
                type="primary"
                icon={<LinkOutlined />}
                disabled={!chosen}
                loading={bind.isPending}
                id="driver-bind"
                onClick={() =>
                  chosen &&
                  bind.mutate({ id: equipment.id, sn: chosen }, { onSuccess: () => { setChosen(undefined); watch(); } })
                }
              >
                {t('equipment.driver.bind')}
              </Button>
            </Space>
          )}
        </Flex>
      )}
    </Card>
  );

  const settingsCard = (
    <Card title={t('equipment.driver.settingsTitle')} size="small">
      {schema.isLoading && <Skeleton active paragraph={{ rows: 4 }} />}
      {schema.isError && (
        <Alert
          type="error"
          showIcon
          message={t('equipment.driver.schemaFailed')}
          description={schema.error.message}
          action={
            <Button size="small" onClick={() => void schema.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      )}
      {schema.data && schema.data.length === 0 && <Typography.Text type="secondary">{t('equipment.driver.noDrivers')}</Typography.Text>}
      {schema.data && schema.data.length > 0 && (
        <Flex vertical gap={12}>
          {savedNote && (
            <Alert
              type={equipment.gatewaySn ? 'success' : 'info'}
              showIcon
              closable
              onClose={() => setSavedNote(false)}
              data-testid="driver-saved"
              message={equipment.gatewaySn ? t('equipment.driver.savedSent') : t('equipment.driver.savedUnbound')}
            />
          )}
          <DriverForm
            schemas={schema.data}
            saved={equipment.driver}
            readOnly={readOnly}
            saving={saveDriver.isPending}
            onSave={(driver) =>
              saveDriver.mutateAsync({ id: equipment.id, driver }).then(() => {
                setSavedNote(true);
                if (equipment.gatewaySn) watch();
              })
            }
          />
        </Flex>
      )}
    </Card>
  );

  return (
    <Flex vertical gap={16} data-testid="driver-tab">
      {gatewayCard}
      {settingsCard}
    </Flex>
  );
}
