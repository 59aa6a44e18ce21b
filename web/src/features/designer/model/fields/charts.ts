/**
 * The live charts' own settings (spec section 3, "Charts"), read as the viewer reads them
 * (runtime/chartOptions.ts `chartSettingsOf`, `chartSignalsOf`): the signals the chart draws (`signalArray`, in
 * order), the value axis (mode `adapt`, the default, follows the data; `custom` is fixed to minVal and maxVal),
 * the curves' time range (minutes, 60) and time format (HH:mm), the pie, ring and rose labels' value type
 * (value, or percent of the whole), and the bar width (40). A chart may draw a report or a custom report instead
 * of live values (./reportSource.ts): the list and the curves' window then do not apply and are not shown.
 */
import { boundSignalId, type Binding, type Widget } from '@/runtime/document';
import {
  CHART_MODES,
  CHART_VALUE_TYPES,
  DEFAULT_BAR_WIDTH,
  DEFAULT_TIME_FORMAT,
  DEFAULT_TIME_RANGE,
  chartSettingsOf,
} from '@/runtime/chartOptions';
import { isSystemKey } from '@/runtime/systemKeys';
import { bound, dataExtra, data, finiteOf, isRecord, num, text } from './helpers';
import { liveSourced } from './reportSource';
import type { FieldDef } from './types';

/** Formats offered for a curve's time axis, the spec's default first (any dayjs format may be typed). */
export const CHART_TIME_FORMATS = [DEFAULT_TIME_FORMAT, 'HH:mm:ss', 'MM-DD HH:mm'] as const;
/** The longest time range offered, in minutes (a day; the viewer keeps at most 2,000 points a curve). */
export const MAX_TIME_RANGE = 1440;

const settings = (w: Widget) => chartSettingsOf(w.data);
const custom = (w: Widget) => settings(w).min !== undefined || settings(w).max !== undefined;

/** The signals a chart draws, as the viewer lists them: signal bindings that name a signal, each once. */
export function chartBindings(w: Widget): Binding[] {
  const seen = new Set<number>();
  return (w.data.signalArray ?? []).filter((b) => {
    const id = boundSignalId(b);
    if (id === null || seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** Signal bindings as given: each names a signal, once; anything else is left out. */
export function cleanBindings(value: unknown): Binding[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<number>();
  return value.filter(isRecord).flatMap((b) => {
    const signalId = b.signalId;
    if (typeof signalId !== 'number' || !Number.isInteger(signalId) || signalId < 0 || seen.has(signalId)) return [];
    seen.add(signalId);
    const equipId = typeof b.equipId === 'number' ? b.equipId : null;
    return [{ type: 'signal', equipId, signalId, title: text(b.title), subTitle: text(b.subTitle) }];
  });
}

/** A project page's statistics a chart draws (`systemArray`), each once. */
export function statisticBindings(w: Widget): Binding[] {
  return cleanStatistics(w.data.systemArray ?? []);
}

/** System bindings as given: each names a known statistic, once, with its title; anything else is left out. */
export function cleanStatistics(value: unknown): Binding[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  return value.filter(isRecord).flatMap((b) => {
    const key = b.systemKey;
    if (b.type !== 'system' || !isSystemKey(key) || seen.has(key)) return [];
    seen.add(key);
    return [{ type: 'system', equipId: null, signalId: null, title: text(b.title), subTitle: '', systemKey: key }];
  });
}

/** Mvar bindings as given: each names an intermediate variable, once, with its title; anything else is left out. */
export function cleanMvars(value: unknown): Binding[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<number>();
  return value.filter(isRecord).flatMap((b) => {
    const id = b.mvarId;
    if (b.type !== 'mvar' || typeof id !== 'number' || !Number.isInteger(id) || id <= 0 || seen.has(id)) return [];
    seen.add(id);
    return [{ type: 'mvar', equipId: null, signalId: null, title: text(b.title), subTitle: '', mvarId: id }];
  });
}

export const CHART_FIELDS: readonly FieldDef[] = [
  {
    // One list in the panel: the signals (`signalArray`), then on a project page its statistics (`systemArray`)
    // and its intermediate variables (`mvarArray`).
    id: 'signalArray',
    type: { kind: 'signals', statistics: true },
    get: (w) => [...chartBindings(w), ...statisticBindings(w), ...cleanMvars(w.data.mvarArray ?? [])],
    set: (w, v) => {
      const statistics = cleanStatistics(v);
      const mvars = cleanMvars(v);
      return data(w, {
        signalArray: cleanBindings(v),
        systemArray: statistics.length > 0 || w.data.systemArray ? statistics : undefined,
        mvarArray: mvars.length > 0 || w.data.mvarArray ? mvars : undefined,
      });
    },
    // A chart of a report draws the report's columns (./reportSource.ts), not the list.
    shown: liveSourced,
  },
  {
    id: 'mode',
    type: { kind: 'choice', options: CHART_MODES },
    // What the viewer does: the axis is fixed only when the chart is not `adapt` and has a range.
    get: (w) => (custom(w) ? 'custom' : 'adapt'),
    set: (w, v) => {
      if (v !== 'custom') return dataExtra(w, { mode: 'adapt' });
      const min = finiteOf(w.data.extra.minVal);
      const max = finiteOf(w.data.extra.maxVal);
      const range = min !== undefined && max !== undefined && min < max ? { minVal: min, maxVal: max } : { minVal: 0, maxVal: 100 };
      return dataExtra(w, { mode: 'custom', ...range });
    },
  },
  {
    id: 'chartMinVal',
    type: { kind: 'number', min: -1e12, max: 1e12, step: 1 },
    get: (w) => settings(w).min,
    set: (w, v) => dataExtra(w, { minVal: bound(v, 0, finiteOf(w.data.extra.maxVal), 'min') }),
    shown: custom,
  },
  {
    id: 'chartMaxVal',
    type: { kind: 'number', min: -1e12, max: 1e12, step: 1 },
    get: (w) => settings(w).max,
    set: (w, v) => dataExtra(w, { maxVal: bound(v, 100, finiteOf(w.data.extra.minVal), 'max') }),
    shown: custom,
  },
  {
    id: 'timeRange',
    type: { kind: 'number', min: 1, max: MAX_TIME_RANGE, step: 1 },
    get: (w) => settings(w).timeRange,
    set: (w, v) => dataExtra(w, { timeRange: Math.min(MAX_TIME_RANGE, Math.max(1, num(v, DEFAULT_TIME_RANGE))) }),
    // A report's periods are its view's, not a window back from now.
    shown: liveSourced,
  },
  {
    id: 'timeFormat',
    type: { kind: 'text', max: 64, suggestions: CHART_TIME_FORMATS },
    get: (w) => settings(w).timeFormat,
    set: (w, v) => dataExtra(w, { timeFormat: text(v).trim() || DEFAULT_TIME_FORMAT }),
    shown: liveSourced,
  },
  {
    id: 'valueType',
    type: { kind: 'choice', options: CHART_VALUE_TYPES },
    get: (w) => settings(w).valueType,
    set: (w, v) => dataExtra(w, { valueType: v === 'percent' ? 'percent' : 'value' }),
  },
  {
    id: 'barWidth',
    type: { kind: 'number', min: 1, max: 500, step: 1 },
    get: (w) => settings(w).barWidth,
    set: (w, v) => {
      const bar = isRecord(w.data.extra.bar) ? w.data.extra.bar : {};
      return dataExtra(w, { bar: { ...bar, width: Math.max(1, num(v, DEFAULT_BAR_WIDTH)) } });
    },
  },
];
