/**
 * How the viewer writes values and a timer's clock. Values are shown as everywhere else in the console
 * (entities/signals/format: the signal's decimals and unit, '—' without a value). A timer widget may carry any dayjs
 * format a designer chose, so it is formatted with dayjs at a fixed +08:00 offset: the console's base timezone,
 * UTC+8 (Asia/Shanghai, no daylight saving since 1991), whatever the browser's zone.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { BASE_OFFSET_MINUTES } from '@/lib/chinaTime';
import { formatSignalValue } from '@/entities/signals/format';
import { DEFAULT_TIMER_FORMAT } from './document';
import type { RuntimeSignal, RuntimeValue } from './types';

dayjs.extend(utc);

/** Shown where there is no value. */
export const NO_VALUE = '—';

/** The value as its signal shows it: decimals and unit ("12.35 bar"); '—' without a value or a signal. */
export function formatValue(
  value: RuntimeValue | undefined,
  signal: Pick<RuntimeSignal, 'decimals' | 'unit' | 'dataType'> | undefined,
): string {
  if (!value || !signal) return NO_VALUE;
  return formatSignalValue(value.value, signal);
}

/** `ms` as UTC+8 wall-clock text in a timer's dayjs `format` (default YYYY-MM-DD HH:mm:ss); '—' for no time. */
export function formatTimer(ms: number | null | undefined, format: string = DEFAULT_TIMER_FORMAT): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return NO_VALUE;
  return dayjs(ms).utcOffset(BASE_OFFSET_MINUTES).format(format || DEFAULT_TIMER_FORMAT);
}
