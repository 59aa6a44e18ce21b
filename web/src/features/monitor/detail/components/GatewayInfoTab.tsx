/**
 * Gateway info: online, VPN, monitor interval, economize mode, signal strength band (spec section 9), model,
 * firmware, last seen, the gateway service's expiry date. No gateway bound (2001) is an empty state, not an error.
 */
import { Descriptions, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGatewayDetails } from '../api/gatewayInfo';
import { formatBaseTime } from '@/lib/chinaTime';
import { strengthBand, type StrengthBand } from '@/entities/gateways/signalStrength';
import { TabEmpty, TabError, TabLoading } from '@/components/LoadState';
import { GatewayClockWarning, GatewayPresenceTag } from '@/entities/gateways/components/GatewayState';
import { ExpiryDate } from '@/entities/expiry/components/ExpiryTag';
import { useDuration } from '@/entities/equipmentRecords/duration';

const BAND_COLOUR: Record<StrengthBand, string> = { veryGood: 'green', good: 'cyan', fair: 'orange', bad: 'red' };

export function StrengthTag({ value }: { value: number | null }) {
  const { t } = useTranslation();
  const band = strengthBand(value);
  if (band === null || value === null) {
    return (
      <span data-testid="gw-strength" data-band="none">
        {t('monitor.gateway.strengthUnknown')}
      </span>
    );
  }
  return (
    <Tag color={BAND_COLOUR[band]} data-testid="gw-strength" data-band={band}>
      {t('monitor.gateway.strengthValue', { value: Math.round(value), band: t(`monitor.gateway.band.${band}`) })}
    </Tag>
  );
}

export function GatewayInfoTab({ equipmentId }: { equipmentId: number }) {
  const { t } = useTranslation();
  const duration = useDuration();
  const gateway = useGatewayDetails(equipmentId);
  if (gateway.isLoading) return <TabLoading />;
  if (gateway.data === undefined)
    return <TabError title={t('monitor.gateway.loadFailed')} error={gateway.error} onRetry={() => void gateway.refetch()} />;
  const g = gateway.data;
  if (g === null) return <TabEmpty testId="gateway-empty" description={t('monitor.gateway.none')} />;
  return (
    <Descriptions bordered size="middle" column={{ xs: 1, md: 2 }} data-testid="gateway-info">
      <Descriptions.Item label={t('monitor.gateway.name')}>{g.name || g.sn}</Descriptions.Item>
      <Descriptions.Item label={t('monitor.gateway.sn')}>{g.sn}</Descriptions.Item>
      <Descriptions.Item label={t('monitor.gateway.online')}>
        <Space size={4} wrap>
          <GatewayPresenceTag gateway={g} testId="gw-online" />
          <GatewayClockWarning gateway={g} />
        </Space>
      </Descriptions.Item>
      <Descriptions.Item label={t('monitor.gateway.vpn')}>
        <Tooltip title={g.vpn ? t('monitor.gateway.vpnHint') : undefined}>
          <span data-testid="gw-vpn">{g.vpn ? t('monitor.gateway.vpnOn') : t('monitor.gateway.vpnOff')}</span>
        </Tooltip>
      </Descriptions.Item>
      <Descriptions.Item label={t('monitor.gateway.interval')}>
        <span data-testid="gw-interval">{duration(g.interval)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('monitor.gateway.sampleInterval')}>{duration(g.sampleInterval)}</Descriptions.Item>
      <Descriptions.Item label={t('monitor.gateway.economize')}>
        <span data-testid="gw-economize">{g.economizeOpen ? t('monitor.gateway.economizeOn') : t('monitor.gateway.economizeOff')}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('monitor.gateway.strength')}>
        <StrengthTag value={g.signalStrength} />
      </Descriptions.Item>
      <Descriptions.Item label={t('monitor.gateway.model')}>{g.model || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('monitor.gateway.firmware')}>{g.firmware || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('monitor.gateway.lastSeen')}>
        <span data-testid="gw-last-seen">{g.lastSeenMs ? formatBaseTime(g.lastSeenMs) : t('monitor.gateway.neverSeen')}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('expiry.gatewayField')}>
        <ExpiryDate date={g.expireDate} />
      </Descriptions.Item>
      <Descriptions.Item label={t('monitor.gateway.config')}>
        {g.configError ? (
          <Tag color="error">{t('monitor.gateway.configError', { error: g.configError })}</Tag>
        ) : g.appliedVersion === g.configVersion ? (
          <Tag color="success">{t('monitor.gateway.configApplied')}</Tag>
        ) : (
          <Tag color="processing">{t('monitor.gateway.configPending')}</Tag>
        )}
      </Descriptions.Item>
    </Descriptions>
  );
}
