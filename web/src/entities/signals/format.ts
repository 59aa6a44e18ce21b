/**
 * How a signal's values are shown: its decimals (bits as 0 or 1) and its unit, '—' without a value. Times are
 * shown by lib/chinaTime.ts.
 */
import type { SignalEntry } from '@/generated/answers';

/** Digits after the point, kept within what toFixed accepts and what makes sense on a screen. */
export function clampDecimals(decimals: number | null | undefined): number {
  if (decimals === null || decimals === undefined || !Number.isFinite(decimals)) return 0;
  return Math.min(6, Math.max(0, Math.trunc(decimals)));
}

/** The number as the signal shows it: its decimals (bits as 0 or 1); '—' when there is no value. */
export function formatNumber(value: number | null | undefined, signal: Pick<SignalEntry, 'decimals' | 'dataType'>): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  if (signal.dataType === 'bool') return value === 0 ? '0' : '1';
  const text = value.toFixed(clampDecimals(signal.decimals));
  // toFixed keeps the sign of a negative value that rounds to zero ("-0.00"): show it as zero.
  return /^-0(\.0+)?$/.test(text) ? text.slice(1) : text;
}

/** The value with its unit ("12.35 bar"); no unit, no trailing space; no value, just '—'. */
export function formatSignalValue(
  value: number | null | undefined,
  signal: Pick<SignalEntry, 'decimals' | 'dataType' | 'unit'>,
): string {
  const text = formatNumber(value, signal);
  const unit = signal.unit?.trim();
  return text === '—' || !unit ? text : `${text} ${unit}`;
}
