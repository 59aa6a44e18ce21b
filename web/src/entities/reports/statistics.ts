/**
 * The statistics a report column reads of its signal per period (crates/domain/src/rollup.rs, `Statistic`), and what
 * follows from each for the screens: the digits and unit a cell shows, and whether the chart draws it as bars (an
 * amount that belongs to its period: a counter's increase, a sum, a count, running hours) or as a line (a level
 * sampled through time: an average, an extreme, a first or last reading).
 */
import type { Statistic } from '@/generated/answers';

/** Every statistic, in the order the editor offers them (the common ones first). */
export const STATISTICS = ['avg', 'max', 'min', 'first', 'last', 'difference', 'sum', 'count', 'onHours'] as const satisfies readonly Statistic[];

// Fails the type check when the server adds a statistic that the list above lacks.
const EVERY: Record<Statistic, true> = { avg: true, max: true, min: true, first: true, last: true, difference: true, sum: true, count: true, onHours: true };
void EVERY;

export function isStatistic(value: unknown): value is Statistic {
  return typeof value === 'string' && (STATISTICS as readonly string[]).includes(value);
}

/** The statistic a new column starts with. */
export const DEFAULT_STATISTIC: Statistic = 'avg';

/** Only a counter's increase may wrap (the server refuses `wrapsAt` on any other statistic). */
export function takesWrap(statistic: Statistic): boolean {
  return statistic === 'difference';
}

/** Amounts of a period are bars; levels through time are a line. */
export function chartKind(statistic: Statistic): 'bar' | 'line' {
  return statistic === 'difference' || statistic === 'sum' || statistic === 'count' || statistic === 'onHours' ? 'bar' : 'line';
}

/** Running hours are shown to the hundredth (36 s). */
const HOURS_DECIMALS = 2;

/**
 * The digits a cell of the column shows: a count is whole, running hours have two, every other statistic is in the
 * signal's own unit and shows the signal's decimals.
 */
export function columnDecimals(column: { statistic: Statistic; decimals: number }): number {
  if (column.statistic === 'count') return 0;
  if (column.statistic === 'onHours') return HOURS_DECIMALS;
  return column.decimals;
}

/** Whether the column's values are in its signal's unit (a count has none; running hours are hours). */
export function keepsSignalUnit(statistic: Statistic): boolean {
  return statistic !== 'count' && statistic !== 'onHours';
}
