/**
 * What the history table (ComplexHistory) and the alarm table (ComplexAlarm) show, as pure functions tested
 * without a server: their settings read from the document (spec section 3, "History and alarm tables": page,
 * filterTime, exportExcel, timeRange 720, rollTime 30, dimensionType time, timeUnit hour; kept in `data.extra` by
 * the parser), the window each query asks for, and the history answer turned into table rows (time plus one column
 * per signal, newest first): one row per reading instant (`dimensionType` "time") or one per minute, hour or day
 * (`dimensionType` "unit", a report-like table: each cell the last reading of its signal in that period).
 *
 * The answer is the EG detail screen's (POST /lfscada/monitor/multi/history/query, one series per signal, raw
 * points `[t, v, good]` or min/max pairs per bucket when a signal has more rows than its share of the 200,000-point
 * budget). A row is one instant; a cell is what its signal read at that instant, empty when it read nothing then
 * (the gateway reports by exception, so signals need not share every instant; nothing is carried forward).
 */
import type { HistoryAnswer } from '@/generated/answers';
import { BASE_OFFSET_MINUTES } from '@/lib/chinaTime';
import { formatNumber } from '@/entities/signals/format';
import type { WidgetData } from './document';
import { NO_VALUE } from './format';
import type { RuntimeSignal } from './types';
import { finiteOf } from './documentValues';

export interface TableSettings {
  /** Minutes back from now that the table covers. */
  timeRange: number;
  /** Seconds between two queries while the page is shown. */
  rollTime: number;
  /** Rows in pages of {@link TABLE_PAGE_SIZE} with a pager (`page`, default on); off, the newest rows that fit. */
  paged: boolean;
  /** A time-range picker above the rows (`filterTime`, default off): a chosen range replaces the rolling window. */
  filterTime: boolean;
  /** An export button (`exportExcel`, default off): every row of the window as an .xlsx file. */
  exportExcel: boolean;
  /** History only: a row per reading instant ("time", default) or per {@link TableSettings.timeUnit} ("unit"). */
  dimensionType: DimensionType;
  /** History only, with dimensionType "unit": the period of a row (default "hour"). */
  timeUnit: TimeUnit;
}

export const DIMENSION_TYPES = ['time', 'unit'] as const;
export type DimensionType = (typeof DIMENSION_TYPES)[number];
export const TIME_UNITS = ['minute', 'hour', 'day'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];
export const DEFAULT_DIMENSION_TYPE: DimensionType = 'time';
export const DEFAULT_TIME_UNIT: TimeUnit = 'hour';

/** The spec's defaults (section 3 and section 9: "History and alarm range 720, roll time 30"). */
export const DEFAULT_TABLE_TIME_RANGE = 720;
export const DEFAULT_ROLL_TIME = 30;
/** A quicker roll would only load the server: history is written in batches, not second by second. */
export const MIN_ROLL_TIME = 5;
/** The slowest refresh, in seconds (a day): a longer timer overflows the browser's and would fire at once. */
export const MAX_ROLL_TIME = 24 * 60 * 60;
/** The server answers history and alarm records for at most 30 days at once. */
export const MAX_TABLE_TIME_RANGE = 30 * 24 * 60;
/** Rows per page (spec section 9, "Pagination 10 per page"; the alarm call's default page size). */
export const TABLE_PAGE_SIZE = 10;
/** The history call takes at most this many signals; further ones in the list are not queried. */
export const MAX_HISTORY_SIGNALS = 10;

/** `page` switched off: false, 0 or their text forms. Anything else (absent included) keeps the pager. */
function pagerOff(value: unknown): boolean {
  return value === false || value === 0 || value === 'false' || value === '0';
}

/** A switch that is off unless set: true, 1 or their text forms (the server stores booleans; older pages may not). */
function switchedOn(value: unknown): boolean {
  return value === true || value === 1 || value === 'true' || value === '1';
}

/** `value` when it is one of `allowed`, else `fallback` (an unknown choice draws the default, not nothing). */
function choiceOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** The table settings of `data`, with the spec's defaults for what is missing or not a sensible number. */
export function tableSettingsOf(data: WidgetData): TableSettings {
  const { extra } = data;
  const timeRange = finiteOf(extra.timeRange);
  const rollTime = finiteOf(extra.rollTime);
  return {
    timeRange: timeRange !== undefined && timeRange > 0 ? Math.min(timeRange, MAX_TABLE_TIME_RANGE) : DEFAULT_TABLE_TIME_RANGE,
    rollTime: rollTime !== undefined && rollTime > 0 ? Math.min(MAX_ROLL_TIME, Math.max(MIN_ROLL_TIME, rollTime)) : DEFAULT_ROLL_TIME,
    paged: !pagerOff(extra.page),
    filterTime: switchedOn(extra.filterTime),
    exportExcel: switchedOn(extra.exportExcel),
    dimensionType: choiceOf(extra.dimensionType, DIMENSION_TYPES, DEFAULT_DIMENSION_TYPE),
    timeUnit: choiceOf(extra.timeUnit, TIME_UNITS, DEFAULT_TIME_UNIT),
  };
}

/** A range the operator picked in the table (filterTime), in ms; it replaces the rolling window while set. */
export interface FixedRange {
  startTime: number;
  endTime: number;
}

/** What a query asks for: the picked range when there is one, else the last `timeRange` minutes up to `now`. */
export function queryWindow(now: number, settings: Pick<TableSettings, 'timeRange'>, fixed: FixedRange | null): FixedRange {
  return fixed ?? tableWindow(now, settings);
}

/** The picker's quick ranges (filterTime), in minutes back from now: an hour, 12 hours, a day, 7 days. */
export const RANGE_PRESETS = [60, 12 * 60, 24 * 60, 7 * 24 * 60] as const;

/**
 * A picked range the server answers: start before end, at most its 30 days ({@link MAX_TABLE_TIME_RANGE}), and not
 * ending in the future (clipped to `now`). Null when it cannot be asked for.
 */
export function pickedRange(start: number, end: number, now: number): FixedRange | null {
  if (!Number.isFinite(start) || !Number.isFinite(end)) return null;
  const endTime = Math.min(Math.round(end), Math.round(now));
  const startTime = Math.round(start);
  if (startTime >= endTime || endTime - startTime > MAX_TABLE_TIME_RANGE * 60_000) return null;
  return { startTime, endTime };
}

/** The query window ending at `now`: the last `timeRange` minutes. */
export function tableWindow(now: number, settings: Pick<TableSettings, 'timeRange'>): { startTime: number; endTime: number } {
  return { startTime: Math.round(now - settings.timeRange * 60_000), endTime: Math.round(now) };
}

/** A history cell: a reading, or the lowest and highest value of a bucket starting at the row's time. */
export type HistoryCell = { kind: 'raw'; value: number | null; good: boolean } | { kind: 'bucket'; min: number | null; max: number | null };

export interface HistoryTableRow {
  /** The row's instant (ms); also its key. */
  time: number;
  /** By signal id as text; a signal that read nothing at this instant has no cell. */
  cells: Readonly<Record<string, HistoryCell>>;
}

/** The cells of the row at `key` (an instant or a period), made empty the first time it is asked for. */
function rowCells(rows: Map<number, Record<string, HistoryCell>>, key: number): Record<string, HistoryCell> {
  let cells = rows.get(key);
  if (!cells) {
    cells = {};
    rows.set(key, cells);
  }
  return cells;
}

/** A bucketed series' points as its buckets: each a lowest and a highest point, in that order, at the bucket's start. */
function* buckets<P>(points: readonly P[]): Generator<[P, P]> {
  for (let i = 0; 2 * i + 1 < points.length; i++) yield [points[2 * i]!, points[2 * i + 1]!];
}

/**
 * One row per instant any signal read something, newest first; in each row the cell of every signal that read at
 * that instant (a repeated instant in one series: the later point). Bucketed series place each bucket at its start.
 */
export function historyTableRows(answer: HistoryAnswer): HistoryTableRow[] {
  const byTime = new Map<number, Record<string, HistoryCell>>();
  const cellsAt = (time: number) => rowCells(byTime, time);
  for (const series of answer.series) {
    const key = String(series.signalId);
    const points = series.points;
    if (series.bucketMs) {
      for (const [low, high] of buckets(points)) cellsAt(low[0])[key] = { kind: 'bucket', min: low[1], max: high[1] };
    } else {
      for (const [time, value, good] of points) cellsAt(time)[key] = { kind: 'raw', value, good };
    }
  }
  return [...byTime.entries()].sort((a, b) => b[0] - a[0]).map(([time, cells]) => ({ time, cells }));
}

const UNIT_MS: Record<TimeUnit, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };

/**
 * The start of the period of `unit` holding `time`, on the console's clock (UTC+8, as every time it shows): a day
 * runs from 00:00 UTC+8; minutes and hours fall alike in every whole-hour zone.
 */
export function periodStart(time: number, unit: TimeUnit): number {
  const offset = BASE_OFFSET_MINUTES * 60_000;
  const width = UNIT_MS[unit];
  return Math.floor((time + offset) / width) * width - offset;
}

/** How a period row's time reads: the minute, the hour or the day (UTC+8). */
export const PERIOD_FORMATS: Record<TimeUnit, string> = { minute: 'YYYY-MM-DD HH:mm', hour: 'YYYY-MM-DD HH:00', day: 'YYYY-MM-DD' };

/**
 * One row per period of `unit` (dimensionType "unit"), newest first, placed at the period's start: in each row the
 * last reading of every signal that read within it (its quality included), nothing carried from an earlier period.
 * A series the server answered in min/max buckets has no last reading: its cell is the lowest and highest value of
 * the buckets starting in the period, shown as a range.
 */
export function periodTableRows(answer: HistoryAnswer, unit: TimeUnit): HistoryTableRow[] {
  const byPeriod = new Map<number, Record<string, HistoryCell>>();
  const latest = new Map<string, number>();
  const cellsAt = (period: number) => rowCells(byPeriod, period);
  const lower = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
  const higher = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));
  for (const series of answer.series) {
    const key = String(series.signalId);
    const points = series.points;
    if (series.bucketMs) {
      for (const [low, high] of buckets(points)) {
        const cells = cellsAt(periodStart(low[0], unit));
        const had = cells[key];
        cells[key] =
          had?.kind === 'bucket'
            ? { kind: 'bucket', min: lower(had.min, low[1]), max: higher(had.max, high[1]) }
            : { kind: 'bucket', min: low[1], max: high[1] };
      }
    } else {
      for (const [time, value, good] of points) {
        const period = periodStart(time, unit);
        const seen = `${key}@${period}`;
        const before = latest.get(seen);
        // The later reading wins (a repeated instant: the later point, as in the rows per instant).
        if (before !== undefined && before > time) continue;
        latest.set(seen, time);
        cellsAt(period)[key] = { kind: 'raw', value, good };
      }
    }
  }
  return [...byPeriod.entries()].sort((a, b) => b[0] - a[0]).map(([time, cells]) => ({ time, cells }));
}

/** The rows the settings ask for: per reading instant, or per period of timeUnit. */
export function tableRowsOf(answer: HistoryAnswer, settings: Pick<TableSettings, 'dimensionType' | 'timeUnit'>): HistoryTableRow[] {
  return settings.dimensionType === 'unit' ? periodTableRows(answer, settings.timeUnit) : historyTableRows(answer);
}

/** A cell's text: the number with the signal's decimals (the unit is in the heading), a bucket as "min – max". */
export function historyCellText(cell: HistoryCell | undefined, signal: Pick<RuntimeSignal, 'decimals' | 'dataType'>): string {
  if (!cell) return '';
  if (cell.kind === 'raw') return formatNumber(cell.value, signal);
  if (cell.min === null && cell.max === null) return NO_VALUE;
  return `${formatNumber(cell.min, signal)} – ${formatNumber(cell.max, signal)}`;
}

/** A column heading: the signal's name and its unit in brackets when it has one. */
export function headingOf(name: string, unit: string): string {
  const u = unit.trim();
  return u ? `${name} (${u})` : name;
}

/** The rows a page shows: page `page` (from 1) of `size` rows; the whole list when not paged. */
export function pageOf<T>(rows: readonly T[], page: number, size: number): readonly T[] {
  const start = (Math.max(1, page) - 1) * size;
  return rows.slice(start, start + size);
}

/** The last page that has rows (1 for none): a page beyond it, after the rows shrank, shows that one instead. */
export function lastPage(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** The value that triggered an alarm as the equipment's alarm screen shows it: at most six decimals, '—' for none. */
export function alarmValueText(value: number | null): string {
  return value === null || !Number.isFinite(value) ? NO_VALUE : String(Number(value.toFixed(6)));
}
