/**
 * How the viewer writes values and times. Times are shown in the console's base timezone, UTC+8 (Asia/Shanghai,
 * no daylight saving since 1991), whatever the browser's zone, as everywhere else in the console (spec
 * architecture: "the console displays them in Asia/Shanghai"). The helpers that do this elsewhere live in
 * features (monitor, fleet), which the viewer may not import; dayjs with a fixed +08:00 offset does the same
 * here and also understands every format token a designer may put in a timer's `format`.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { DEFAULT_TIMER_FORMAT } from './document';
import type { RuntimeSignal, RuntimeValue } from './types';

dayjs.extend(utc);

/** UTC+8 in minutes. */
export const BASE_OFFSET_MINUTES = 480;

/** Shown where there is no value. */
export const NO_VALUE = '—';

/** Digits after the point, kept within what toFixed accepts and what makes sense on a screen. */
export function clampDecimals(decimals: number | null | undefined): number {
  if (decimals === null || decimals === undefined || !Number.isFinite(decimals)) return 0;
  return Math.min(6, Math.max(0, Math.trunc(decimals)));
}

/** A number with `decimals` digits; '—' for none. Never "-0.00". */
export function formatNumber(value: number | null | undefined, decimals: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_VALUE;
  const text = value.toFixed(clampDecimals(decimals));
  return /^-0(\.0+)?$/.test(text) ? text.slice(1) : text;
}

/** The value as its signal shows it: decimals and unit ("12.35 bar"); '—' without a value or a signal. */
export function formatValue(value: RuntimeValue | undefined, signal: Pick<RuntimeSignal, 'decimals' | 'unit'> | undefined): string {
  if (!value || !signal) return NO_VALUE;
  const text = formatNumber(value.value, signal.decimals);
  const unit = signal.unit?.trim();
  return text === NO_VALUE || !unit ? text : `${text} ${unit}`;
}

/** `ms` as UTC+8 wall-clock text in a dayjs `format` (default YYYY-MM-DD HH:mm:ss); '—' for no time. */
export function formatBaseTime(ms: number | null | undefined, format: string = DEFAULT_TIMER_FORMAT): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return NO_VALUE;
  return dayjs(ms).utcOffset(BASE_OFFSET_MINUTES).format(format || DEFAULT_TIMER_FORMAT);
}
