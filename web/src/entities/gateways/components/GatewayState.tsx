/**
 * A gateway's state as every screen shows it: online, offline, or unknown while the server itself cannot hear
 * the broker; and a warning when the gateway's clock runs ahead of the server's (its readings were then stored
 * at their arrival time, see docs/architecture.md).
 */
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Presence } from '@/generated/answers';
import { presenceOf } from '@/entities/gateways/gateway';

const PRESENCE_COLOUR: Record<Presence, string> = { online: 'success', offline: 'default', unknown: 'warning' };

/** A gateway's presence; also an MQTT device's (`unknownHint`: what "unknown" means for it). */
export function GatewayPresenceTag({
  gateway,
  testId,
  unknownHint,
}: {
  gateway: { online: boolean; presence?: Presence };
  testId: string;
  unknownHint?: string;
}) {
  const { t } = useTranslation();
  const presence = presenceOf(gateway);
  return (
    <Tooltip title={presence === 'unknown' ? (unknownHint ?? t('gatewayState.unknownHint')) : undefined}>
      <Tag color={PRESENCE_COLOUR[presence]} data-testid={testId} data-presence={presence} style={{ marginInlineEnd: 0 }}>
        {t(`gatewayState.${presence}`)}
      </Tag>
    </Tooltip>
  );
}

/** Nothing while the gateway's clock is within tolerance. */
export function GatewayClockWarning({ gateway }: { gateway: { clockAheadMs?: number | null; futureReadings?: number } }) {
  const { t } = useTranslation();
  const ahead = gateway.clockAheadMs;
  if (ahead === null || ahead === undefined || ahead <= 0) return null;
  const minutes = ahead / 60_000;
  const lead =
    minutes >= 90
      ? t('gatewayState.hours', { value: Math.round(minutes / 60) })
      : minutes >= 1
        ? t('gatewayState.minutes', { value: Math.round(minutes) })
        : t('gatewayState.seconds', { value: Math.round(ahead / 1000) });
  return (
    <Tooltip title={t('gatewayState.clockAheadHint', { count: gateway.futureReadings ?? 0 })}>
      <Tag color="orange" data-testid="gateway-clock-ahead" style={{ marginInlineEnd: 0 }}>
        {t('gatewayState.clockAhead', { lead })}
      </Tag>
    </Tooltip>
  );
}
