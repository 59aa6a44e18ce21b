import { Badge, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATUS_BADGE, type MonitorStatus } from '@/entities/live/monitorStatus';

/**
 * States whose words name the link: for GM equipment (a device that speaks MQTT itself) there is no gateway, so these
 * say "device" instead (`monitorStatus.gm.*`); the others read the same for both.
 */
const LINK_WORDED: ReadonlySet<MonitorStatus> = new Set(['connecting', 'on', 'noGateway', 'unknown', 'offline']);

/**
 * The monitoring state in words, with why it is off (entities/live/monitorStatus.ts). `gm`: the equipment is GM
 * equipment, whose values come from its own MQTT link rather than a gateway.
 */
export function MonitorStatusBadge({ status, gm = false }: { status: MonitorStatus; gm?: boolean }) {
  const { t } = useTranslation();
  const base = gm && LINK_WORDED.has(status) ? 'monitorStatus.gm' : 'monitorStatus';
  return (
    <Tooltip title={t(`${base}.hint.${status}`)}>
      <Badge status={STATUS_BADGE[status]} text={t(`${base}.${status}`)} data-testid="monitor-status" data-status={status} />
    </Tooltip>
  );
}
