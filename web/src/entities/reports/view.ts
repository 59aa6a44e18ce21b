/**
 * What a report is read over, as the operator chooses it: a day by the hour, a month by the day, a day's shifts, or a
 * range of times in the report's step (crates/domain/src/report.rs, `View`). Dates are China days (UTC+8, as every
 * date of the console): the server cuts the periods, so the console only names the day, the month or the range and
 * never computes a period's bounds itself.
 */
import { formatBaseTime } from '@/lib/chinaTime';
import { Limits } from '@/lib/api/limits';

export const VIEW_KINDS = ['day', 'month', 'shift', 'range'] as const;
export type ViewKind = (typeof VIEW_KINDS)[number];

export type ReportView =
  | { kind: 'day'; date: string }
  | { kind: 'shift'; date: string }
  | { kind: 'month'; month: string }
  | { kind: 'range'; start: number; end: number };

const DAY_MS = 86_400_000;

/** The China day of `ms`, `YYYY-MM-DD`. */
export function chinaDay(ms: number): string {
  return formatBaseTime(ms, 'YYYY-MM-DD');
}

/** The China month of `ms`, `YYYY-MM`. */
export function chinaMonth(ms: number): string {
  return formatBaseTime(ms, 'YYYY-MM');
}

/** Midnight (China) that starts the day of `ms`. */
export function chinaMidnight(ms: number): number {
  const offset = 8 * 3_600_000;
  return ms - ((ms + offset) % DAY_MS + DAY_MS) % DAY_MS;
}

/**
 * The view a kind opens on: yesterday for a day or its shifts (the last whole day: what a morning meeting reads),
 * this month for a month, yesterday from midnight to midnight for a range. China has had no daylight saving since
 * 1991, so "yesterday" is 24 hours back.
 */
export function defaultView(kind: ViewKind, now: number): ReportView {
  switch (kind) {
    case 'day':
    case 'shift':
      return { kind, date: chinaDay(now - DAY_MS) };
    case 'month':
      return { kind, month: chinaMonth(now) };
    case 'range': {
      const today = chinaMidnight(now);
      return { kind, start: today - DAY_MS, end: today };
    }
  }
}

/** The view's parameters of `/lfscada/monitor/multi/report/queryCols` (without the report and the page). */
export function viewParams(view: ReportView): Record<string, string | number> {
  switch (view.kind) {
    case 'day':
    case 'shift':
      return { view: view.kind, date: view.date };
    case 'month':
      return { view: 'month', month: view.month };
    case 'range':
      return { view: 'range', startTime: view.start, endTime: view.end };
  }
}

/** The longest range the server reads at once, in days. */
export const RANGE_MAX_DAYS = Limits.ReportRangeDays;

export type RangeProblem = { kind: 'required' } | { kind: 'endBeforeStart' } | { kind: 'tooLong'; maxDays: number };

/** What is wrong with a range before asking the server (it refuses the same), or null. */
export function checkRange(start: number | null, end: number | null): RangeProblem | null {
  if (start === null || end === null) return { kind: 'required' };
  if (end <= start) return { kind: 'endBeforeStart' };
  if (end - start > RANGE_MAX_DAYS * DAY_MS) return { kind: 'tooLong', maxDays: RANGE_MAX_DAYS };
  return null;
}

/** The view's span as text: the day, the month, or the range's two ends (China time). */
export function viewSpanText(view: ReportView): string {
  switch (view.kind) {
    case 'day':
    case 'shift':
      return view.date;
    case 'month':
      return view.month;
    case 'range':
      return `${formatBaseTime(view.start, 'YYYY-MM-DD HH:mm')} – ${formatBaseTime(view.end, 'YYYY-MM-DD HH:mm')}`;
  }
}

/** The view's span for a file name: `2026-11-28`, `2026-11`, `20261128-0000_20261129-0000`. */
export function viewStamp(view: ReportView): string {
  if (view.kind !== 'range') return viewSpanText(view);
  const stamp = (ms: number) => formatBaseTime(ms, 'YYYYMMDD-HHmm');
  return `${stamp(view.start)}_${stamp(view.end)}`;
}
