/**
 * Alarm records as the console lists them (spec section 3 alarm columns: equipTitle, type, gmtTrigger, gmtRelease,
 * value, msg, operation), shared by the EG detail's Alarm tab (one equipment's) and the project monitor's Alarms
 * view (every equipment of the project, the equipment named on each row): a table of one page (cards on a phone,
 * AlarmCards), each with confirm (or who confirmed it) and, with the repair permission, "repair order" (a new repair
 * order made from the alarm: entities/repairs/components/CreateRepairDialog.tsx). Which records, which page and
 * what confirming calls are the caller's; the filters above the list are its `toolbar`.
 *
 * Viewing needs `monitor_multi_designer_alarm` (spec section 6); the server also checks its rule-type permission
 * and answers 1211: both show {@link AlarmNoPermission}, with no record and so no confirm.
 */
import { useState, type ReactNode } from 'react';
import { DatePicker, Flex, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { catalogueText, type ApiError } from '@/lib/api/errors';
import { Code } from '@/lib/api/codes';
import { Limits } from '@/lib/api/limits';
import { formatBaseTime, fromPickerDate, toPickerDate } from '@/lib/chinaTime';
import { useCardLayout } from '@/lib/layout';
import { TabEmpty, TabError } from '@/components/LoadState';
import type { AlarmRecord } from '@/generated/answers';
import type { StateText } from '@/entities/signals/states';
import { CreateRepairDialog, type RepairPrefill } from '@/entities/repairs/components/CreateRepairDialog';
import { checkRange, rangeProblemText } from '../historyRange';
import { ALARM_PAGE_SIZE } from '../alarms';
import { AlarmCards } from './AlarmCards';
import { AlarmConfirm, AlarmKind, AlarmRelease, AlarmRepair, AlarmValue } from './alarmCells';

/** Server code: no permission to view alarm records. */
export const NO_ALARM_PERMISSION_CODE = Code.NoAlarmPermission;

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

/** "No permission to view alarm records", in the catalogue's words. */
export function AlarmNoPermission() {
  const { t } = useTranslation();
  return <TabEmpty testId="alarm-no-permission" description={catalogueText(NO_ALARM_PERMISSION_CODE) ?? t('monitor.alarm.noPermission')} />;
}

/** Whether a failed alarm query is the server's refusal of the permission (shown as {@link AlarmNoPermission}). */
export function isAlarmRefusal(error: ApiError | null | undefined): boolean {
  return error?.code === NO_ALARM_PERMISSION_CODE;
}

export interface AlarmTimeRange {
  startTime: number | null;
  endTime: number | null;
}

/**
 * The trigger-time filter: a UTC+8 range, end not before start, at most the server's `AlarmRecordsRangeDays`;
 * cleared, every record. A range it refuses is said under it and not applied.
 */
export function AlarmRangeFilter({ value, onChange }: { value: AlarmTimeRange; onChange(range: AlarmTimeRange): void }) {
  const { t } = useTranslation();
  const [rangeError, setRangeError] = useState<string | null>(null);
  const pickerValue: [Dayjs | null, Dayjs | null] = [
    value.startTime === null ? null : dayjs(toPickerDate(value.startTime)),
    value.endTime === null ? null : dayjs(toPickerDate(value.endTime)),
  ];
  return (
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
              onChange({ startTime: null, endTime: null });
              return;
            }
            const problem = checkRange(start, end, Limits.AlarmRecordsRangeDays);
            if (problem) {
              setRangeError(rangeProblemText(problem, t));
              return;
            }
            setRangeError(null);
            onChange({ startTime: start, endTime: end });
          }}
        />
        {rangeError && (
          <Typography.Text type="danger" role="alert" data-testid="alarm-range-error" style={{ fontSize: 12 }}>
            {rangeError}
          </Typography.Text>
        )}
      </Flex>
    </Flex>
  );
}

export interface AlarmRecordsProps {
  /** The records of the shown page. */
  records: readonly AlarmRecord[];
  total: number;
  loading: boolean;
  /** A failed read with nothing to show: said with Retry in place of the list. */
  error: ApiError | null;
  onRetry(): void;
  page: number;
  onPage(page: number): void;
  emptyText: string;
  /** The record being confirmed, if any. */
  confirmingId: number | null;
  onConfirm(record: AlarmRecord): void;
  /** The signals' state texts, by signal id. */
  valueMaps: ReadonlyMap<number, readonly StateText[]>;
  /** May make repair orders (from an alarm, in one click). */
  canRepair?: boolean;
  /** The filters above the list. */
  toolbar?: ReactNode;
  testId?: string;
}

export function AlarmRecords(props: AlarmRecordsProps) {
  const { records, total, loading, error, onRetry, page, onPage, emptyText, confirmingId, onConfirm, valueMaps, canRepair = false, toolbar } = props;
  const { t } = useTranslation();
  const cards = useCardLayout();
  const [repairFrom, setRepairFrom] = useState<RepairPrefill | null>(null);
  const confirming = (r: AlarmRecord) => confirmingId === r.id;

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
          <AlarmConfirm record={r} busy={confirming(r)} onConfirm={() => onConfirm(r)} />
          {canRepair && <AlarmRepair record={r} onRepair={() => setRepairFrom(repairPrefillOf(r))} />}
        </Flex>
      ),
    },
  ];

  const pagination = {
    current: page,
    pageSize: ALARM_PAGE_SIZE,
    total,
    showSizeChanger: false,
    showTotal: (count: number) => t('monitor.alarm.total', { count }),
    onChange: onPage,
  };

  return (
    <Flex vertical gap={16} data-testid={props.testId ?? 'alarm-tab'}>
      {toolbar}
      {error ? (
        <TabError title={t('monitor.alarm.loadFailed')} error={error} onRetry={onRetry} testId="alarm-error" />
      ) : cards ? (
        <AlarmCards
          records={records}
          loading={loading}
          emptyText={emptyText}
          pagination={pagination}
          confirming={confirming}
          onConfirm={onConfirm}
          valueMaps={valueMaps}
          {...(canRepair ? { onRepair: (r: AlarmRecord) => setRepairFrom(repairPrefillOf(r)) } : {})}
        />
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <Table<AlarmRecord>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={[...records]}
            loading={loading}
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
