/**
 * The monitoring state in a live page's header, so an operator never mistakes frozen values for live ones: one
 * badge for the page's equipment (entities/live/monitorStatus: on while any is monitored), the open alarms of all of
 * them, and, on a project's page, which of its equipment are not monitored and why, each linked to its detail.
 */
import { Badge, Button, Flex, Popover, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MonitorStatusBadge } from '@/entities/live/components/MonitorStatusBadge';
import { STATUS_BADGE } from '@/entities/live/monitorStatus';

import type { OwnerEquipment } from '@/entities/pages/ownerScope';
import { egDetailPath } from '@/lib/paths';
import type { LivePageValues } from './pageSource';

interface LiveStatusProps {
  live: LivePageValues;
  /** A project's page: its equipment by name, for the list of the monitored ones. Null on an equipment's page. */
  projectEquipment: readonly OwnerEquipment[] | null;
}

export function LiveStatus({ live, projectEquipment }: LiveStatusProps) {
  const { t } = useTranslation();
  const status = live.status;
  return (
    <Flex align="center" gap={12} wrap>
      {status && <MonitorStatusBadge status={status.status} />}
      {projectEquipment && status && (
        <Popover
          trigger="click"
          title={t('livePage.equipmentHint')}
          content={<EquipmentStates live={live} names={projectEquipment} />}
        >
          <Button
            size="small"
            type={status.notMonitored > 0 ? 'default' : 'link'}
            danger={status.notMonitored > 0}
            data-testid="live-page-equipment"
          >
            {status.notMonitored > 0
              ? t('livePage.notMonitored', { count: status.notMonitored, total: status.total })
              : t('livePage.monitoredEquipment', { count: status.total })}
          </Button>
        </Popover>
      )}
      {live.gatewayAlarm > 0 && (
        <Tooltip title={projectEquipment ? t('livePage.alarmsHint') : t('monitor.detail.alarmsHint')}>
          <Tag color="error" data-testid="live-page-alarm-count">
            {t('monitor.detail.alarms', { count: live.gatewayAlarm })}
          </Tag>
        </Tooltip>
      )}
    </Flex>
  );
}

/** Each monitored equipment: its name (to its detail), its state and its open alarms. */
function EquipmentStates({ live, names }: { live: LivePageValues; names: readonly OwnerEquipment[] }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={6} style={{ minWidth: 240 }} data-testid="live-page-equipment-list">
      {live.equipment.map((e) => (
        <Flex key={e.equipmentId} justify="space-between" align="center" gap={16} data-testid={`live-page-equipment-${e.equipmentId}`}>
          <Link to={egDetailPath(e.equipmentId)}>
            {names.find((n) => n.id === e.equipmentId)?.title ?? `#${e.equipmentId}`}
          </Link>
          <Flex align="center" gap={8}>
            {e.status && <Badge status={STATUS_BADGE[e.status]} text={t(`monitorStatus.${e.status}`)} data-status={e.status} />}
            {e.gatewayAlarm > 0 && (
              <Typography.Text type="danger">{t('monitor.detail.alarms', { count: e.gatewayAlarm })}</Typography.Text>
            )}
          </Flex>
        </Flex>
      ))}
    </Flex>
  );
}
