/**
 * The history table's and the alarm table's own settings (spec section 3, "History and alarm tables"), read as the
 * viewer reads them (runtime/tables.ts `tableSettingsOf`, widgets/tables.tsx) and written under the spec's names in
 * `data`: the history table's signals (`signalArray`, the first 10: the history call's limit, so the panel offers no
 * more), the minutes back from now (`timeRange`, 720, at most the server's 30 days), the seconds between two
 * queries (`rollTime`, 30, at least 5: a quicker roll only loads the server) and the pager (`page`, on by default:
 * 10 rows a page; off, the newest rows that fit the box), the time-range picker (`filterTime`, off) and the export
 * button (`exportExcel`, off) of the live table, and, for the history table only, its rows (`dimensionType`: "time",
 * one per reading instant, or "unit", one per `timeUnit` minute, hour or day). The limits and choices are the
 * viewer's own constants, so the panel cannot offer a value the viewer would read differently.
 */
import type { Widget } from '@/runtime/document';
import {
  DEFAULT_ROLL_TIME,
  DEFAULT_TABLE_TIME_RANGE,
  MAX_HISTORY_SIGNALS,
  MAX_ROLL_TIME,
  MAX_TABLE_TIME_RANGE,
  MIN_ROLL_TIME,
  DEFAULT_DIMENSION_TYPE,
  DEFAULT_TIME_UNIT,
  DIMENSION_TYPES,
  TIME_UNITS,
  tableSettingsOf,
} from '@/runtime/tables';
import { chartBindings, cleanBindings } from './charts';
import { data, dataExtra, num } from './helpers';
import type { FieldDef } from './types';

const settings = (w: Widget) => tableSettingsOf(w.data);

/** `value` within `min` and `max`; `fallback` when it is not a number. */
const within = (value: unknown, fallback: number, min: number, max: number) => Math.min(max, Math.max(min, num(value, fallback)));

export const TABLE_FIELDS: readonly FieldDef[] = [
  {
    id: 'historySignals',
    type: { kind: 'signals', max: MAX_HISTORY_SIGNALS },
    // The signals the viewer queries: the chart list as the viewer reads it, its first 10.
    get: (w) => chartBindings(w).slice(0, MAX_HISTORY_SIGNALS),
    set: (w, v) => data(w, { signalArray: cleanBindings(v).slice(0, MAX_HISTORY_SIGNALS) }),
  },
  {
    id: 'tableTimeRange',
    type: { kind: 'number', min: 1, max: MAX_TABLE_TIME_RANGE, step: 60 },
    get: (w) => settings(w).timeRange,
    set: (w, v) => dataExtra(w, { timeRange: within(v, DEFAULT_TABLE_TIME_RANGE, 1, MAX_TABLE_TIME_RANGE) }),
  },
  {
    id: 'rollTime',
    type: { kind: 'number', min: MIN_ROLL_TIME, max: MAX_ROLL_TIME, step: 5 },
    get: (w) => settings(w).rollTime,
    set: (w, v) => dataExtra(w, { rollTime: within(v, DEFAULT_ROLL_TIME, MIN_ROLL_TIME, MAX_ROLL_TIME) }),
  },
  {
    id: 'tablePaged',
    type: { kind: 'switch' },
    get: (w) => settings(w).paged,
    set: (w, v) => dataExtra(w, { page: v === true }),
  },
  {
    id: 'tableFilterTime',
    type: { kind: 'switch' },
    get: (w) => settings(w).filterTime,
    set: (w, v) => dataExtra(w, { filterTime: v === true }),
  },
  {
    id: 'tableExportExcel',
    type: { kind: 'switch' },
    get: (w) => settings(w).exportExcel,
    set: (w, v) => dataExtra(w, { exportExcel: v === true }),
  },
  {
    id: 'dimensionType',
    type: { kind: 'choice', options: DIMENSION_TYPES },
    get: (w) => settings(w).dimensionType,
    set: (w, v) => dataExtra(w, { dimensionType: (DIMENSION_TYPES as readonly unknown[]).includes(v) ? v : DEFAULT_DIMENSION_TYPE }),
  },
  {
    id: 'timeUnit',
    type: { kind: 'choice', options: TIME_UNITS },
    get: (w) => settings(w).timeUnit,
    set: (w, v) => dataExtra(w, { timeUnit: (TIME_UNITS as readonly unknown[]).includes(v) ? v : DEFAULT_TIME_UNIT }),
    // The period matters only when the rows are per period.
    shown: (w) => settings(w).dimensionType === 'unit',
  },
];
