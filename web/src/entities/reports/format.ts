/**
 * How a report's table reads, the same on the screen, in print and in the exported file: a column titled by its
 * signal, its statistic and its unit; a cell with the column's digits, or "—" when the period had no good reading
 * (never 0: an empty period is not a zero reading); a row named by its period in China time, a shift by its name and
 * times. Texts come in through {@link ReportLabels} so the rules stay pure and testable.
 */
import { formatBaseTime } from '@/lib/chinaTime';
import { clampDecimals } from '@/entities/signals/format';
import type { ReportColumn, ReportRow, Statistic } from '@/generated/answers';
import { columnDecimals, keepsSignalUnit } from './statistics';
import type { ViewKind } from './view';

/** The texts the rules need, in the shown language (labels.ts builds them). */
export interface ReportLabels {
  statistic: (statistic: Statistic) => string;
  /** The unit of running hours ("h"). */
  hours: string;
  /** A time on the day after the period's start ("06:00 (next day)"). */
  nextDay: (time: string) => string;
}

/** What a column of a shown table needs: a report's column, or a custom report's as one (table.ts, `shownColumn`). */
export type ShownColumn = Pick<ReportColumn, 'signalTitle' | 'unit' | 'decimals' | 'statistic'>;

/** What a cell shows without a value. */
export const EMPTY_CELL = '—';

/** The unit of the column's values: the signal's, hours for running hours, none for a count. */
export function columnUnit(column: Pick<ReportColumn, 'statistic' | 'unit'>, labels: Pick<ReportLabels, 'hours'>): string {
  if (column.statistic === 'onHours') return labels.hours;
  return keepsSignalUnit(column.statistic) ? column.unit.trim() : '';
}

/** "Energy total · Difference (kWh)". */
export function columnTitle(column: Pick<ReportColumn, 'signalTitle' | 'statistic' | 'unit'>, labels: ReportLabels): string {
  const unit = columnUnit(column, labels);
  return `${column.signalTitle} · ${labels.statistic(column.statistic)}${unit ? ` (${unit})` : ''}`;
}

/** The value rounded to the column's digits, as a number (a sheet's cell), or null for none. */
export function cellNumber(value: number | null | undefined, column: Pick<ReportColumn, 'statistic' | 'decimals'>): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const rounded = Number(value.toFixed(clampDecimals(columnDecimals(column))));
  return Object.is(rounded, -0) ? 0 : rounded;
}

/** The cell as text: the column's digits, "—" for no value ("-0.0" shown as "0.0"). */
export function formatCell(value: number | null | undefined, column: Pick<ReportColumn, 'statistic' | 'decimals'>): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return EMPTY_CELL;
  const text = value.toFixed(clampDecimals(columnDecimals(column)));
  return /^-0(\.0+)?$/.test(text) ? text.slice(1) : text;
}

/** Where a row stands at `now`: over, still running (its values are so far), or not begun (empty). */
export type RowState = 'done' | 'running' | 'future';

export function rowState(row: Pick<ReportRow, 'start' | 'running'>, now: number): RowState {
  if (!row.running) return 'done';
  return row.start <= now ? 'running' : 'future';
}

const clock = (ms: number) => formatBaseTime(ms, 'HH:mm');
const day = (ms: number) => formatBaseTime(ms, 'YYYY-MM-DD');

/** The end of a period read on its start's day: "24:00" for the midnight after, "06:00 (next day)" past it. */
function endClock(start: number, end: number, labels: Pick<ReportLabels, 'nextDay'>): string {
  if (day(start) === day(end)) return clock(end);
  if (clock(end) === '00:00' && day(end - 1) === day(start)) return '24:00';
  return labels.nextDay(clock(end));
}

/** A row's period: its shift's name (shift view) and its time as text. */
export function periodParts(
  row: Pick<ReportRow, 'start' | 'end' | 'shift'>,
  kind: ViewKind,
  labels: Pick<ReportLabels, 'nextDay'>,
): { name: string | null; time: string } {
  switch (kind) {
    case 'day':
      return { name: null, time: `${clock(row.start)}–${endClock(row.start, row.end, labels)}` };
    case 'month':
      return { name: null, time: day(row.start) };
    case 'shift':
      return { name: row.shift ?? null, time: `${clock(row.start)}–${endClock(row.start, row.end, labels)}` };
    case 'range': {
      const sameDay = day(row.start) === day(row.end) || (clock(row.end) === '00:00' && day(row.end - 1) === day(row.start));
      const time = sameDay
        ? `${day(row.start)} ${clock(row.start)}–${endClock(row.start, row.end, labels)}`
        : `${formatBaseTime(row.start, 'YYYY-MM-DD HH:mm')} – ${formatBaseTime(row.end, 'YYYY-MM-DD HH:mm')}`;
      return { name: null, time };
    }
  }
}

/** A row's period as one text ("Day 08:00–16:00"). */
export function periodText(row: Pick<ReportRow, 'start' | 'end' | 'shift'>, kind: ViewKind, labels: Pick<ReportLabels, 'nextDay'>): string {
  const { name, time } = periodParts(row, kind, labels);
  return name ? `${name} ${time}` : time;
}
