/**
 * /monitor/gm/vuedetail/:equipId/{real|write|history|alarm}: one GM equipment (a device that speaks MQTT itself,
 * adopted as equipment; docs/gm-equipment.md) live. Its tabs are the child routes: choosing a tab navigates, so the
 * address is the truth. It reads what the EG detail reads, from the same calls (signals, latest values, the live
 * session, history, alarms, writes), and shows it with the EG detail's parts rather than copies of them: the real-time
 * table with its inline writes, the command tab for writing, the history panel and the alarm records.
 *
 * Alarms need the permission of the equipment's rule type (spec section 6, lib/access.ts `alarmPermission`), known
 * once the equipment's detail has come; the server checks the same and answers 1211.
 */
import type { ReactNode } from 'react';
import { Alert, Badge, Flex, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { TabEmpty, TabError, TabLoading } from '@/components/LoadState';
import { useEquipmentDetail } from '@/entities/equipment/detail';
import { useLiveEquipment } from '@/entities/live/useLiveEquipment';
import { useSignals } from '@/entities/signals/catalogue';
import { RealtimeTab } from '@/entities/signals/components/RealtimeTab';
import { Permission, alarmPermission, hasAuth } from '@/lib/access';
import { egDetailPath, gmVueDetailPath, positiveIdOf, type GmDetailTab } from '@/lib/paths';
import { useUser } from '@/lib/session';
import { AlarmTab } from '../detail/components/AlarmTab';
import { CommandTab } from '../detail/components/CommandTab';
import { HistoryTab } from '../detail/components/HistoryTab';
import { GmDetailHeader } from './GmDetailHeader';
import { gmDetailTabOf, isGmDetailTab } from './gmRoute';

export default function GmDetailPage() {
  const { t } = useTranslation();
  const equipmentId = positiveIdOf(useParams().equipId);
  if (equipmentId === null) return <TabEmpty testId="detail-bad-id" description={t('monitor.detail.badId')} />;
  return <GmDetail key={equipmentId} equipmentId={equipmentId} />;
}

function GmDetail({ equipmentId }: { equipmentId: number }) {
  const { t } = useTranslation();
  const user = useUser();
  const navigate = useNavigate();
  const tab = gmDetailTabOf(useLocation().pathname);
  const signals = useSignals(equipmentId);
  const detail = useEquipmentDetail(equipmentId);
  const { values, signalAlarm, gatewayAlarm, staleMs, status, now } = useLiveEquipment(equipmentId);
  const equipment = detail.data?.equipment;
  const canWrite = hasAuth(user, Permission.WriteData);
  const equipName = equipment?.equipName ?? signals.data?.[0]?.equipTitle ?? '';
  const signalProps = {
    signals: signals.data,
    signalsLoading: signals.isLoading,
    signalsError: signals.error,
    onRetry: () => void signals.refetch(),
  };

  const items: { key: GmDetailTab; label: ReactNode; children: ReactNode }[] = [
    {
      key: 'real',
      label: t('route.monitor.gmVueDetailReal'),
      children: (
        <RealtimeTab {...signalProps} values={values} signalAlarm={signalAlarm} now={now} staleMs={staleMs} canWrite={canWrite} />
      ),
    },
    { key: 'write', label: t('route.monitor.gmVueDetailWrite'), children: <CommandTab {...signalProps} canWrite={canWrite} /> },
    { key: 'history', label: t('route.monitor.gmVueDetailHistory'), children: <HistoryTab {...signalProps} equipName={equipName} /> },
    {
      key: 'alarm',
      label: (
        <Badge count={gatewayAlarm} size="small" offset={[8, -2]} data-testid="tab-alarm-count">
          {t('route.monitor.gmVueDetailAlarm')}
        </Badge>
      ),
      // The permission depends on the rule type: wait for the equipment rather than say "no permission" too early.
      children: equipment ? (
        <AlarmTab
          equipmentId={equipmentId}
          canView={hasAuth(user, alarmPermission(equipment.ruleType))}
          liveAlarmKey={`${gatewayAlarm}|${JSON.stringify(signalAlarm)}`}
        />
      ) : detail.error ? (
        <TabError title={t('monitor.gm.loadFailed')} error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <TabLoading />
      ),
    },
  ];

  return (
    <Flex vertical gap={12} data-testid="gm-detail">
      <GmDetailHeader equipment={equipment} fallbackName={equipName} status={status} alarmCount={gatewayAlarm} />
      {equipment?.protocol === 'eg' && (
        // Gateway equipment opened at a GM address (an old link): its own detail has more to show.
        <Alert
          type="info"
          showIcon
          data-testid="gm-is-eg"
          message={t('monitor.gm.isEg')}
          action={<Link to={egDetailPath(equipmentId)}>{t('monitor.gm.openEgDetail')}</Link>}
        />
      )}
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          if (isGmDetailTab(key)) void navigate(gmVueDetailPath(equipmentId, key));
        }}
        items={items}
        destroyOnHidden
        data-testid="detail-tabs"
      />
    </Flex>
  );
}
