/**
 * The parts of an alarm record, shared by the alarm table (wide screens) and the alarm cards (phones): its kind
 * (signal or no-data, with the signal and level), its release (the time, or "active"), its value (as its state
 * where the signal's value map names it) and the confirm
 * action (or who confirmed it and when). Test ids are the same on both layouts.
 */
import { Button, Flex, Tag, Tooltip, Typography } from 'antd';
import { CheckOutlined, ToolOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatBaseTime } from '@/lib/chinaTime';
import type { AlarmRecord } from '@/generated/answers';
import { useMemo } from 'react';
import { useSignals } from '@/entities/signals/catalogue';
import { stateOf, type StateText } from '@/entities/signals/states';
import { StateValue } from '@/entities/signals/components/StateValue';

export function alarmValueText(value: number | null): string {
  return value === null ? '—' : String(Number(value.toFixed(6)));
}

/** The signals' state texts by signal id, from the equipment's catalogue (shared with the other tabs' query). */
export function useValueMaps(equipmentId: number): ReadonlyMap<number, readonly StateText[]> {
  const signals = useSignals(equipmentId);
  return useMemo(() => new Map((signals.data ?? []).map((s) => [s.id, s.valueMap] as const)), [signals.data]);
}

/** The value that triggered, as its state where the signal's value map names it. */
export function AlarmValue({ record, valueMaps }: { record: AlarmRecord; valueMaps: ReadonlyMap<number, readonly StateText[]> }) {
  const text = alarmValueText(record.value);
  const state = record.signalId === null ? null : stateOf(valueMaps.get(record.signalId), record.value);
  return state ? <StateValue state={state} number={text} testId="alarm-state" /> : <>{text}</>;
}

export function AlarmKind({ record: r }: { record: AlarmRecord }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={2}>
      <span>{r.type === 'no_data' ? t('monitor.alarm.type.noData') : t('monitor.alarm.type.signal')}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {[r.signalTitle, t('monitor.alarm.level', { level: r.level })].filter(Boolean).join(' · ')}
      </Typography.Text>
    </Flex>
  );
}

export function AlarmRelease({ record: r }: { record: AlarmRecord }) {
  const { t } = useTranslation();
  return r.gmtRelease !== null ? (
    <span style={{ whiteSpace: 'nowrap' }} data-testid="alarm-release" data-released="true">
      {formatBaseTime(r.gmtRelease)}
    </span>
  ) : (
    <Tag color="error" data-testid="alarm-release" data-released="false" style={{ marginInlineEnd: 0 }}>
      {t('monitor.alarm.active')}
    </Tag>
  );
}

/** Confirm (`touch`: a finger-sized button), or who confirmed the record, with the time in a tooltip. */
export function AlarmConfirm({ record: r, busy, onConfirm, touch = false }: { record: AlarmRecord; busy: boolean; onConfirm(): void; touch?: boolean }) {
  const { t } = useTranslation();
  return r.confirmed ? (
    <Tooltip title={formatBaseTime(r.gmtConfirm)}>
      <Typography.Text type="secondary" data-testid={`alarm-confirmed-${r.id}`} style={{ whiteSpace: 'nowrap' }}>
        {t('monitor.alarm.confirmedBy', { user: r.confirmUser ?? '—' })}
      </Typography.Text>
    </Tooltip>
  ) : (
    <Button size={touch ? 'large' : 'small'} icon={<CheckOutlined />} data-testid={`alarm-confirm-${r.id}`} loading={busy} onClick={onConfirm}>
      {t('monitor.alarm.confirm')}
    </Button>
  );
}

/** "Repair order": a new repair order made from the alarm (`touch`: a finger-sized button). */
export function AlarmRepair({ record: r, onRepair, touch = false }: { record: AlarmRecord; onRepair(): void; touch?: boolean }) {
  const { t } = useTranslation();
  return (
    <Button size={touch ? 'large' : 'small'} icon={<ToolOutlined />} data-testid={`alarm-repair-${r.id}`} onClick={onRepair} style={touch ? { minHeight: 44 } : undefined}>
      {t('repair.fromAlarm')}
    </Button>
  );
}
