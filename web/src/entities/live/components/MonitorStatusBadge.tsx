import { Badge, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATUS_BADGE, type MonitorStatus } from '@/entities/live/monitorStatus';

/** The monitoring state in words, with why it is off (entities/live/monitorStatus.ts). */
export function MonitorStatusBadge({ status }: { status: MonitorStatus }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t(`monitorStatus.hint.${status}`)}>
      <Badge status={STATUS_BADGE[status]} text={t(`monitorStatus.${status}`)} data-testid="monitor-status" data-status={status} />
    </Tooltip>
  );
}
