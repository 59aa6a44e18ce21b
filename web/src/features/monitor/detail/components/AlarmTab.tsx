/**
 * Alarm records of the equipment (spec section 3 alarm columns: equipTitle, type, gmtTrigger, gmtRelease, value,
 * msg, operation), 10 per page, with an optional UTC+8 time filter (end not before start, at most the server's
 * `AlarmRecordsRangeDays`).
 * Confirming records who and when. Releases show up live: the list is fetched again whenever the live alarm
 * counts change (a trigger or a release changes them) and every 30 s besides.
 *
 * On a phone the records are cards (AlarmCards), the same parts (alarmCells.tsx).
 *
 * With the repair permission (`canRepair`) each record has "repair order": a new repair order made from the alarm,
 * its equipment, signal and text filled in (entities/repairs/components/CreateRepairDialog.tsx).
 *
 * Viewing needs `monitor_multi_designer_alarm` (spec section 6); the server also checks its rule-type permission
 * and answers 1211, shown the same way.
 */
import { useEffect, useState } from 'react';
import { DatePicker, Flex, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { catalogueText } from '@/lib/api/errors';
import { ALARM_PAGE_SIZE, useAlarms, useConfirmAlarm, type AlarmQuery } from '@/entities/equipmentRecords/alarms';
import { formatBaseTime, fromPickerDate, toPickerDate } from '@/lib/chinaTime';
import { checkRange } from '@/entities/equipmentRecords/historyRange';
import { Limits } from '@/lib/api/limits';
import type { AlarmRecord } from '../model/types';
import { TabEmpty, TabError } from '@/components/LoadState';
import { Code } from '@/lib/api/codes';
import { useCardLayout } from '@/lib/layout';
import { useReadEquipmentAlarms } from '@/entities/messages/api';
import { AlarmCards } from './AlarmCards';
import { AlarmConfirm, AlarmKind, AlarmRelease, AlarmRepair, AlarmValue, useValueMaps } from './alarmCells';
import { CreateRepairDialog, type RepairPrefill } from '@/entities/repairs/components/CreateRepairDialog';

/** Server code: no permission to view alarm records. */
export const NO_ALARM_PERMISSION_CODE = Code.NoAlarmPermission;

export interface AlarmTabProps {
  equipmentId: number;
  canView: boolean;
  /** Changes whenever the live alarm counts change. */
  liveAlarmKey: string;
  /** May make repair orders (from an alarm, in one click). */
  canRepair?: boolean;
}

/** What a repair order made from `record` starts with: its equipment, signal and text. */
export function repairPrefillOf(record: AlarmRecord): RepairPrefill {
  return {
    equipmentId: record.equipId,
    equipName: record.equipTitle,
    alarmId: record.id,
    signalTitle: record.signalTitle,
    description: [record.signalTitle, record.msg].filter(Boolean).join(' '),
  };
}

export function AlarmTab({ equipmentId, canView, liveAlarmKey, canRepair = false }: AlarmTabProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState<AlarmQuery>({ page: 1, startTime: null, endTime: null });
  const [rangeError, setRangeError] = useState<string | null>(null);
  const alarms = useAlarms(equipmentId, query, canView);
  const confirm = useConfirmAlarm(equipmentId);
  const { refetch } = alarms;
  const cards = useCardLayout();
  const [repairFrom, setRepairFrom] = useState<RepairPrefill | null>(null);
  const valueMaps = useValueMaps(equipmentId);
  // Seeing the records reads their alarm messages; a new alarm while they are shown is read as it comes.
  useReadEquipmentAlarms(equipmentId, canView, liveAlarmKey);

  useEffect(() => {
    if (canView) void refetch();
  }, [liveAlarmKey, canView, refetch]);

  const refused = alarms.error?.code === NO_ALARM_PERMISSION_CODE;
  if (!canView || refused) {
    return (
      <TabEmpty
        testId="alarm-no-permission"
        description={catalogueText(NO_ALARM_PERMISSION_CODE) ?? t('monitor.alarm.noPermission')}
      />
    );
  }

  const confirming = (r: AlarmRecord) => confirm.isPending && confirm.variables === r.id;
  const columns: ColumnsType<AlarmRecord> = [
    { title: t('monitor.alarm.column.equipTitle'), key: 'equipTitle', render: (_, r) => r.equipTitle },
    { title: t('monitor.alarm.column.type'), key: 'type', render: (_, r) => <AlarmKind record={r} /> },
    {
      title: t('monitor.alarm.column.gmtTrigger'),
      key: 'gmtTrigger',
      render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatBaseTime(r.gmtTrigger)}</span>,
    },
    { title: t('monitor.alarm.column.gmtRelease'), key: 'gmtRelease', render: (_, r) => <AlarmRelease record={r} /> },
    { title: t('monitor.alarm.column.value'), key: 'value', align: 'right', render: (_, r) => <AlarmValue record={r} valueMaps={valueMaps} /> },
    { title: t('monitor.alarm.column.msg'), key: 'msg', render: (_, r) => r.msg || '—' },
    {
      title: t('monitor.alarm.column.operation'),
      key: 'operation',
      render: (_, r) => (
        <Flex gap={8} wrap>
          <AlarmConfirm record={r} busy={confirming(r)} onConfirm={() => confirm.mutate(r.id)} />
          {canRepair && <AlarmRepair record={r} onRepair={() => setRepairFrom(repairPrefillOf(r))} />}
        </Flex>
      ),
    },
  ];
  const pagination = {
    current: query.page,
    pageSize: ALARM_PAGE_SIZE,
    total: alarms.data?.total ?? 0,
    showSizeChanger: false,
    showTotal: (total: number) => t('monitor.alarm.total', { count: total }),
    onChange: (page: number) => setQuery((q) => ({ ...q, page })),
  };
  const emptyText = query.startTime !== null ? t('monitor.alarm.emptyRange') : t('monitor.alarm.empty');

  const pickerValue: [Dayjs | null, Dayjs | null] = [
    query.startTime === null ? null : dayjs(toPickerDate(query.startTime)),
    query.endTime === null ? null : dayjs(toPickerDate(query.endTime)),
  ];

  return (
    <Flex vertical gap={16} data-testid="alarm-tab">
      <Flex gap={12} align="center" wrap>
        <Typography.Text strong>{t('monitor.alarm.filter')}</Typography.Text>
        <Flex vertical gap={2}>
          <DatePicker.RangePicker
            id="alarm-range"
            placeholder={[t('monitor.range.start'), t('monitor.range.end')]}
            showTime
            allowClear
            format="YYYY-MM-DD HH:mm:ss"
            value={pickerValue}
            status={rangeError ? 'error' : undefined}
            onChange={(values) => {
              const start = values?.[0] ? fromPickerDate(values[0].toDate()) : null;
              const end = values?.[1] ? fromPickerDate(values[1].toDate()) : null;
              if (start === null && end === null) {
                setRangeError(null);
                setQuery({ page: 1, startTime: null, endTime: null });
                return;
              }
              const problem = checkRange(start, end, Limits.AlarmRecordsRangeDays);
              if (problem) {
                setRangeError(
                  problem.kind === 'endBeforeStart'
                    ? t('monitor.history.endBeforeStart')
                    : problem.kind === 'tooLong'
                      ? t('monitor.history.rangeTooLong', { days: problem.maxDays })
                      : t('monitor.history.rangeRequired'),
                );
                return;
              }
              setRangeError(null);
              setQuery({ page: 1, startTime: start, endTime: end });
            }}
          />
          {rangeError && (
            <Typography.Text type="danger" role="alert" data-testid="alarm-range-error" style={{ fontSize: 12 }}>
              {rangeError}
            </Typography.Text>
          )}
        </Flex>
      </Flex>
      {alarms.isError && !alarms.data ? (
        <TabError title={t('monitor.alarm.loadFailed')} error={alarms.error} onRetry={() => void alarms.refetch()} testId="alarm-error" />
      ) : cards ? (
        <AlarmCards
          records={alarms.data?.list ?? []}
          loading={alarms.isLoading}
          emptyText={emptyText}
          pagination={pagination}
          confirming={confirming}
          onConfirm={(r) => confirm.mutate(r.id)}
          valueMaps={valueMaps}
          {...(canRepair ? { onRepair: (r: AlarmRecord) => setRepairFrom(repairPrefillOf(r)) } : {})}
        />
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <Table<AlarmRecord>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={alarms.data?.list ?? []}
            loading={alarms.isLoading}
            data-testid="alarm-table"
            locale={{ emptyText }}
            pagination={pagination}
          />
        </div>
      )}
      <CreateRepairDialog open={repairFrom !== null} prefill={repairFrom} onClose={() => setRepairFrom(null)} />
    </Flex>
  );
}
