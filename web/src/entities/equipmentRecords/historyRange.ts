/**
 * The history query's rules (spec section 5 and the server's limits, crates/domain/src/limits.rs): end not earlier
 * than start, a range of at most {@link HISTORY_MAX_DAYS} days, and at least one and at most
 * {@link HISTORY_MAX_SIGNALS} signals. The alarm records' time filter checks its range the same way, with its own
 * limit, and so does the track playback (features/track).
 */
import type { TFunction } from 'i18next';
import { Limits } from '@/lib/api/limits';

export const HISTORY_MAX_DAYS = Limits.HistoryRangeDays;
export const HISTORY_MAX_SIGNALS = Limits.HistorySignals;
const DAY_MS = 86_400_000;

export type RangeProblem = { kind: 'required' } | { kind: 'endBeforeStart' } | { kind: 'tooLong'; maxDays: number };

/** The first rule the range breaks, or null when it may be queried. Times are epoch ms. */
export function checkRange(
  start: number | null | undefined,
  end: number | null | undefined,
  maxDays: number = HISTORY_MAX_DAYS,
): RangeProblem | null {
  if (start === null || start === undefined || end === null || end === undefined) return { kind: 'required' };
  if (!Number.isFinite(start) || !Number.isFinite(end)) return { kind: 'required' };
  if (end < start) return { kind: 'endBeforeStart' };
  if (end - start > maxDays * DAY_MS) return { kind: 'tooLong', maxDays };
  return null;
}

/** What the screen says of a range problem (the history, the alarm records' filter, the track playback). */
export function rangeProblemText(problem: RangeProblem, t: TFunction): string {
  if (problem.kind === 'required') return t('monitor.history.rangeRequired');
  if (problem.kind === 'endBeforeStart') return t('monitor.history.endBeforeStart');
  return t('monitor.history.rangeTooLong', { days: problem.maxDays });
}

export type SignalsProblem = { kind: 'none' } | { kind: 'tooMany'; max: number };

/** Whether the chosen signals may be queried. */
export function checkSignals(ids: readonly unknown[]): SignalsProblem | null {
  if (ids.length === 0) return { kind: 'none' };
  if (ids.length > HISTORY_MAX_SIGNALS) return { kind: 'tooMany', max: HISTORY_MAX_SIGNALS };
  return null;
}

/**
 * A multi-select's new choice, capped: when it would hold more than `max`, the previous choice stays and
 * `refused` says so (the screen then tells the operator why the 11th did not go in).
 */
export function capSelection<T>(previous: readonly T[], next: readonly T[], max = HISTORY_MAX_SIGNALS) {
  if (next.length > max) return { selection: [...previous], refused: true };
  return { selection: [...next], refused: false };
}
