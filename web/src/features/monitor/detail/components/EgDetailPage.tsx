/**
 * /monitor/eg/detail/list/:id (also …/:id/:alarm and …/:id/:orderType/:orderId): one EG equipment's monitor
 * screen (spec section 2, "Equipment detail tabs"), with its repair and inspection records. The order form
 * (`…/:orderType/:orderId`) opens the repair order or the inspection worksheet beside the equipment.
 *
 * The page owns what several tabs share: the monitor session (entities/live: gateway status, open calls, the live
 * socket), the latest stored values (so the table is filled before the first push), the signal catalogue, the
 * rolling buffer of the real-time curve, and the clock for staleness. Tabs are unmounted when hidden, so only
 * the visible one polls or draws.
 */
import { useEffect, useState } from 'react';
import { Badge, Flex, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Permission, hasAuth } from '@/lib/access';
import { useUser } from '@/lib/session';
import { useEquipmentDetail } from '@/entities/equipment/detail';
import { useSignals } from '@/entities/signals/catalogue';
import { positiveIdOf, trackPath } from '@/lib/paths';
import { initialTab, isDetailTab, type DetailTab } from '../model/detailRoute';
import { RollingBuffer } from '../model/rollingBuffer';
import { AlarmTab } from './AlarmTab';
import { CommandTab } from './CommandTab';
import { EquipmentInfoTab } from './EquipmentInfoTab';
import { GatewayInfoTab } from './GatewayInfoTab';
import { HistoryTab } from './HistoryTab';
import { ReportsTab } from './ReportsTab';
import { useLiveEquipment } from '@/entities/live/useLiveEquipment';
import { MonitorStatusBadge } from '@/entities/live/components/MonitorStatusBadge';
import { RealtimeCurveTab } from './RealtimeCurveTab';
import { RealtimeTab } from '@/entities/signals/components/RealtimeTab';
import { TabEmpty } from '@/components/LoadState';
import { OrderBeside } from './OrderBeside';
import { canHandleRepairs } from '@/entities/repairs/rules';
import { InspectionTab } from './InspectionTab';
import { RepairTab } from './RepairTab';

export default function EgDetailPage() {
  const { t } = useTranslation();
  const params = useParams();
  const equipmentId = positiveIdOf(params.id);
  if (equipmentId === null) {
    return <TabEmpty testId="detail-bad-id" description={t('monitor.detail.badId')} />;
  }
  return (
    <>
      <EgDetail key={equipmentId} equipmentId={equipmentId} alarm={params.alarm} />
      <OrderBeside orderType={params.orderType} orderId={params.orderId} />
    </>
  );
}

function EgDetail({ equipmentId, alarm }: { equipmentId: number; alarm: string | undefined }) {
  const { t } = useTranslation();
  const user = useUser();
  const [search, setSearch] = useSearchParams();
  const tab = initialTab({ alarm }, search.get('tab'));
  const setTab = (next: string) => {
    if (!isDetailTab(next)) return;
    setSearch((current) => {
      const copy = new URLSearchParams(current);
      copy.set('tab', next);
      return copy;
    }, { replace: true });
  };

  const signals = useSignals(equipmentId);
  const detail = useEquipmentDetail(equipmentId);
  const { live, values, signalAlarm, gatewayAlarm, staleMs, status, now } = useLiveEquipment(equipmentId);

  const [buffer] = useState(() => new RollingBuffer());
  useEffect(() => {
    buffer.pushAll(live.values);
  }, [buffer, live.values]);

  const canWrite = hasAuth(user, Permission.WriteData);
  const canViewAlarms = hasAuth(user, Permission.MultiDesignerAlarm);
  const canRepair = canHandleRepairs(user);
  const equipName = detail.data?.equipment.equipName ?? signals.data?.[0]?.equipTitle ?? '';
  const liveAlarmKey = `${gatewayAlarm}|${JSON.stringify(signalAlarm)}`;

  const signalProps = {
    signals: signals.data,
    signalsLoading: signals.isLoading,
    signalsError: signals.error,
    onRetry: () => void signals.refetch(),
  };

  const items = [
    {
      key: 'realtime' satisfies DetailTab,
      label: t('monitor.tab.realtime'),
      children: (
        <RealtimeTab
          {...signalProps}
          values={values}
          signalAlarm={signalAlarm}
          now={now}
          staleMs={staleMs}
          canWrite={canWrite}
        />
      ),
    },
    { key: 'equipment' satisfies DetailTab, label: t('monitor.tab.equipment'), children: <EquipmentInfoTab equipmentId={equipmentId} /> },
    { key: 'gateway' satisfies DetailTab, label: t('monitor.tab.gateway'), children: <GatewayInfoTab equipmentId={equipmentId} /> },
    { key: 'command' satisfies DetailTab, label: t('monitor.tab.command'), children: <CommandTab {...signalProps} canWrite={canWrite} /> },
    { key: 'history' satisfies DetailTab, label: t('monitor.tab.history'), children: <HistoryTab {...signalProps} equipName={equipName} /> },
    { key: 'reports' satisfies DetailTab, label: t('monitor.tab.reports'), children: <ReportsTab equipmentId={equipmentId} equipName={equipName} /> },
    {
      key: 'alarm' satisfies DetailTab,
      label: (
        <Badge count={gatewayAlarm} size="small" offset={[8, -2]} data-testid="tab-alarm-count">
          {t('monitor.tab.alarm')}
        </Badge>
      ),
      children: <AlarmTab equipmentId={equipmentId} canView={canViewAlarms} liveAlarmKey={liveAlarmKey} canRepair={canRepair} />,
    },
    {
      key: 'curve' satisfies DetailTab,
      label: t('monitor.tab.curve'),
      children: <RealtimeCurveTab {...signalProps} buffer={buffer} now={now} monitoring={status === 'on'} />,
    },
    {
      key: 'repair' satisfies DetailTab,
      label: t('monitor.tab.repair'),
      children: <RepairTab equipmentId={equipmentId} equipName={equipName} canView={canRepair} />,
    },
    {
      key: 'inspection' satisfies DetailTab,
      label: t('monitor.tab.inspection'),
      children: <InspectionTab equipmentId={equipmentId} canView={canRepair} />,
    },
  ];

  return (
    <Flex vertical gap={12} data-testid="eg-detail">
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Flex align="baseline" gap={12} wrap>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="detail-title">
            {equipName || t('route.monitor.egDetail')}
          </Typography.Title>
          {detail.data?.equipment.model && <Typography.Text type="secondary">{detail.data.equipment.model}</Typography.Text>}
        </Flex>
        <Flex align="center" gap={12} wrap>
          <Link to={trackPath(equipmentId)} data-testid="detail-track">
            {t('monitor.detail.track')}
          </Link>
          <MonitorStatusBadge status={status} />
          {gatewayAlarm > 0 && (
            <Tooltip title={t('monitor.detail.alarmsHint')}>
              <Tag color="error" data-testid="detail-alarm-count">
                {t('monitor.detail.alarms', { count: gatewayAlarm })}
              </Tag>
            </Tooltip>
          )}
        </Flex>
      </Flex>
      <Tabs activeKey={tab} onChange={setTab} items={items} destroyOnHidden data-testid="detail-tabs" />
    </Flex>
  );
}
