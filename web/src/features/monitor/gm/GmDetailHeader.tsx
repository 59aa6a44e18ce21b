/**
 * The GM equipment detail's header: its name and model, a tag naming how it speaks MQTT (Sparkplug B or JSON), the
 * live monitoring state, the open alarms, and a link to the collection source it was adopted from
 * (`/monitor/gm/ocInfo/{gmSourceId}`), where its messages and their problems are shown.
 */
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Equipment } from '@/generated/answers';
import { MonitorStatusBadge } from '@/entities/live/components/MonitorStatusBadge';
import type { MonitorStatus } from '@/entities/live/monitorStatus';
import { gmSourcePath } from '@/lib/paths';
import { isGmProtocol } from './gmRoute';

interface GmDetailHeaderProps {
  /** The equipment, once its detail has come. */
  equipment: Equipment | undefined;
  /** The name to show meanwhile (from the signal catalogue). */
  fallbackName: string;
  status: MonitorStatus;
  alarmCount: number;
}

export function GmDetailHeader({ equipment, fallbackName, status, alarmCount }: GmDetailHeaderProps) {
  const { t } = useTranslation();
  const protocol = equipment?.protocol;
  return (
    <Flex justify="space-between" align="center" wrap gap={12}>
      <Flex align="baseline" gap={12} wrap>
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="detail-title">
          {equipment?.equipName || fallbackName || t('route.monitor.gmVueDetail')}
        </Typography.Title>
        {equipment?.model && <Typography.Text type="secondary">{equipment.model}</Typography.Text>}
        {isGmProtocol(protocol) && (
          <Tag color={protocol === 'sparkplug' ? 'geekblue' : 'cyan'} data-testid="gm-protocol">
            {t(`monitor.gm.protocol.${protocol}`)}
          </Tag>
        )}
      </Flex>
      <Flex align="center" gap={12} wrap>
        {equipment?.gmSourceId != null && (
          <Tooltip title={t('monitor.gm.sourceHint')}>
            <Link to={gmSourcePath(equipment.gmSourceId)} data-testid="gm-source-link">
              {t('monitor.gm.source', { name: equipment.gmSourceName ?? `#${equipment.gmSourceId}` })}
            </Link>
          </Tooltip>
        )}
        <MonitorStatusBadge status={status} gm />
        {alarmCount > 0 && (
          <Tooltip title={t('monitor.detail.alarmsHint')}>
            <Tag color="error" data-testid="detail-alarm-count">
              {t('monitor.detail.alarms', { count: alarmCount })}
            </Tag>
          </Tooltip>
        )}
      </Flex>
    </Flex>
  );
}
