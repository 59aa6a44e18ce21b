/**
 * Alarm records of the equipment, 10 per page, with an optional UTC+8 time filter, listed by the shared alarm
 * records view (entities/equipmentRecords/components/AlarmRecords.tsx; the project monitor's Alarms view uses the
 * same). Confirming records who and when. Releases show up live: the list is fetched again whenever the live alarm
 * counts change (a trigger or a release changes them) and every 30 s besides.
 *
 * Viewing needs `monitor_multi_designer_alarm` (spec section 6); the server also checks its rule-type permission
 * and answers 1211, shown the same way.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlarms, useConfirmAlarm, type AlarmQuery } from '@/entities/equipmentRecords/alarms';
import { useReadEquipmentAlarms } from '@/entities/messages/api';
import { useValueMaps } from '@/entities/equipmentRecords/components/alarmCells';
import { AlarmNoPermission, AlarmRangeFilter, AlarmRecords, isAlarmRefusal } from '@/entities/equipmentRecords/components/AlarmRecords';

export interface AlarmTabProps {
  equipmentId: number;
  canView: boolean;
  /** Changes whenever the live alarm counts change. */
  liveAlarmKey: string;
  /** May make repair orders (from an alarm, in one click). */
  canRepair?: boolean;
}

export function AlarmTab({ equipmentId, canView, liveAlarmKey, canRepair = false }: AlarmTabProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState<AlarmQuery>({ page: 1, startTime: null, endTime: null });
  const alarms = useAlarms(equipmentId, query, canView);
  const confirm = useConfirmAlarm(equipmentId);
  const { refetch } = alarms;
  const valueMaps = useValueMaps(equipmentId);

  // Seeing the records reads their alarm messages; a new alarm while they are shown is read as it comes.
  useReadEquipmentAlarms(equipmentId, canView, liveAlarmKey);

  useEffect(() => {
    if (canView) void refetch();
  }, [liveAlarmKey, canView, refetch]);

  if (!canView || isAlarmRefusal(alarms.error)) return <AlarmNoPermission />;

  return (
    <AlarmRecords
      records={alarms.data?.list ?? []}
      total={alarms.data?.total ?? 0}
      loading={alarms.isLoading}
      error={alarms.isError && !alarms.data ? alarms.error : null}
      onRetry={() => void alarms.refetch()}
      page={query.page}
      onPage={(page) => setQuery((q) => ({ ...q, page }))}
      emptyText={query.startTime !== null ? t('monitor.alarm.emptyRange') : t('monitor.alarm.empty')}
      confirmingId={confirm.isPending ? confirm.variables : null}
      onConfirm={(r) => confirm.mutate(r.id)}
      valueMaps={valueMaps}
      canRepair={canRepair}
      toolbar={<AlarmRangeFilter value={query} onChange={(range) => setQuery({ page: 1, ...range })} />}
    />
  );
}
