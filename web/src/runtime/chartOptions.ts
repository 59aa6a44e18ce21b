/**
 * What a chart widget draws, as plain ECharts option data (tested without a canvas; this module does not load
 * ECharts): its settings read from the document (spec section 3, "Charts": mode adapt, minVal, maxVal, timeRange
 * 60, timeFormat HH:mm, pie, ring and rose valueType value, bar { width 40 }), its signals (`data.signalArray`), and the options of the rolling curve
 * (ComplexLine, ComplexArea) and of the current-value charts (ComplexBar, ComplexPie, ComplexRing, ComplexRose).
 *
 * Only values the page has are drawn: a missing or bad value is "no value" ('-', ECharts' empty value; a gap in a
 * curve), never 0.
 */
import { formatSignalValue } from '@/entities/signals/format';
import type { ChartBuffer, ChartPoint } from './chartBuffer';
import { boundSignalId, type WidgetData } from './document';
import { mvarIdOf, mvarValueKey } from './mvars';
import { statisticValueKey, systemKeyOf } from './systemKeys';
import { formatTimer, NO_VALUE } from './format';
import type { RuntimeSignal, RuntimeValue } from './types';
import { CHART_COLOURS, type ChartOption } from '@/lib/chartTheme';
import { finiteOf } from './documentValues';

export interface ChartSettings {
  /** Minutes of the rolling curve. */
  timeRange: number;
  /** dayjs format of the time axis (UTC+8). */
  timeFormat: string;
  /** Fixed value axis bounds; undefined lets the axis adapt to the data. */
  min: number | undefined;
  max: number | undefined;
  /** Bar width in px. */
  barWidth: number;
  /** What a pie, ring or rose slice's label shows: its value, or its share of the whole. */
  valueType: ChartValueType;
}

export const CHART_VALUE_TYPES = ['value', 'percent'] as const;
export type ChartValueType = (typeof CHART_VALUE_TYPES)[number];
/** The value axis' modes: `adapt` follows the data; `custom` (any other) is fixed to minVal and maxVal. */
export const CHART_MODES = ['adapt', 'custom'] as const;

export const DEFAULT_TIME_RANGE = 60;
export const DEFAULT_TIME_FORMAT = 'HH:mm';
export const DEFAULT_BAR_WIDTH = 40;

/**
 * The chart settings of `data` (kept in `data.extra` by the parser). The value axis uses minVal and maxVal when
 * the document gives them, unless its mode says `adapt` (the designer's default: the axis follows the data).
 */
export function chartSettingsOf(data: WidgetData): ChartSettings {
  const extra = data.extra;
  const timeRange = finiteOf(extra.timeRange);
  const timeFormat = typeof extra.timeFormat === 'string' && extra.timeFormat.trim() ? extra.timeFormat : DEFAULT_TIME_FORMAT;
  const adapt = extra.mode === 'adapt';
  const bar = typeof extra.bar === 'object' && extra.bar !== null ? (extra.bar as Record<string, unknown>) : {};
  const barWidth = finiteOf(bar.width);
  let min = adapt ? undefined : finiteOf(extra.minVal);
  let max = adapt ? undefined : finiteOf(extra.maxVal);
  if (min !== undefined && max !== undefined && min >= max) min = max = undefined;
  return {
    timeRange: timeRange !== undefined && timeRange > 0 ? timeRange : DEFAULT_TIME_RANGE,
    timeFormat,
    min,
    max,
    barWidth: barWidth !== undefined && barWidth > 0 ? barWidth : DEFAULT_BAR_WIDTH,
    valueType: extra.valueType === 'percent' ? 'percent' : 'value',
  };
}

/** A signal a chart draws. */
export interface ChartSignal {
  /** The signal id as text: the key of live values and of the buffer. */
  key: string;
  name: string;
  signal: Pick<RuntimeSignal, 'decimals' | 'dataType' | 'unit'>;
}

const PLAIN = { decimals: 6, dataType: 'float64', unit: '' } as const;

/** How a chart writes a project's statistic: a whole number. */
const COUNT = { decimals: 0, dataType: 'uint32', unit: '' } as const;

/**
 * The signals of `data.signalArray` in their order: signal bindings only (a binding cleared by binding repair is
 * skipped), each once, named by the catalogue's title (the binding's title, then the id, when it is missing); then
 * a project page's statistics of `data.systemArray` (runtime/systemKeys.ts), each once, named by their binding;
 * then its intermediate variables of `data.mvarArray` (runtime/mvars.ts) that `mvars` describes, each once.
 */
export function chartSignalsOf(
  data: WidgetData,
  signals: ReadonlyMap<number, RuntimeSignal>,
  mvars: ReadonlyMap<number, RuntimeSignal> = new Map(),
): ChartSignal[] {
  const out: ChartSignal[] = [];
  const seen = new Set<number>();
  for (const binding of data.signalArray ?? []) {
    const id = boundSignalId(binding);
    if (id === null || seen.has(id)) continue;
    seen.add(id);
    const signal = signals.get(id);
    out.push({ key: String(id), name: signal?.title || binding.title || `#${id}`, signal: signal ?? PLAIN });
  }
  const counted = new Set<string>();
  for (const binding of data.systemArray ?? []) {
    const key = systemKeyOf(binding);
    if (key === null || counted.has(key)) continue;
    counted.add(key);
    out.push({ key: statisticValueKey(key), name: binding.title || key, signal: COUNT });
  }
  const variables = new Set<number>();
  for (const binding of data.mvarArray ?? []) {
    const id = mvarIdOf(binding);
    const mvar = id === null ? undefined : mvars.get(id);
    if (id === null || !mvar || variables.has(id)) continue;
    variables.add(id);
    out.push({ key: mvarValueKey(id), name: binding.title || mvar.title, signal: mvar });
  }
  return out;
}

/** The number a live value shows; null for no value or bad quality. */
export function numberOf(value: RuntimeValue | undefined): number | null {
  if (!value || !value.good || value.value === null || !Number.isFinite(value.value)) return null;
  return value.value;
}

/** The curve point a live value makes (a gap for a bad one); undefined when there is no value at all. */
export function pointOf(value: RuntimeValue | undefined): ChartPoint | undefined {
  if (!value || !Number.isFinite(value.time) || value.time <= 0) return undefined;
  return { t: value.time, v: numberOf(value) };
}

function valueText(signal: ChartSignal['signal']) {
  return (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? formatSignalValue(value, signal) : NO_VALUE);
}

/** The value axis: fixed to the settings' bounds, else following the data (report charts use it too). */
export function valueAxis(settings: ChartSettings): ChartOption {
  return {
    type: 'value',
    scale: settings.min === undefined && settings.max === undefined,
    min: settings.min,
    max: settings.max,
    axisLabel: { fontSize: 10 },
  };
}

/** The newest point time of the buffer; undefined when it is empty. */
export function newestTime(buffer: ChartBuffer): number | undefined {
  let newest: number | undefined;
  for (const points of Object.values(buffer)) {
    const last = points[points.length - 1];
    if (last && (newest === undefined || last.t > newest)) newest = last.t;
  }
  return newest;
}

/**
 * The rolling curve (ComplexLine; ComplexArea with `area`): one line per signal of the points the page received,
 * the time axis covering the last `timeRange` minutes up to `end` (the newest point) in UTC+8 `timeFormat`.
 */
export function rollingChartOption(
  chartSignals: readonly ChartSignal[],
  buffer: ChartBuffer,
  settings: ChartSettings,
  area: boolean,
  end: number | undefined = newestTime(buffer),
): ChartOption {
  const windowMs = settings.timeRange * 60_000;
  return {
    animation: false,
    color: [...CHART_COLOURS],
    grid: { left: 8, right: 16, top: chartSignals.length > 1 ? 28 : 12, bottom: 8, containLabel: true },
    legend: { show: chartSignals.length > 1, type: 'scroll', top: 0, textStyle: { fontSize: 10 } },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'line', label: { formatter: (p: { value: number }) => formatTimer(p.value, settings.timeFormat) } },
    },
    xAxis: {
      type: 'time',
      min: end === undefined ? undefined : end - windowMs,
      max: end,
      axisLabel: { formatter: (value: number) => formatTimer(value, settings.timeFormat), hideOverlap: true, fontSize: 10 },
    },
    yAxis: valueAxis(settings),
    series: chartSignals.map((s) => ({
      type: 'line',
      name: s.name,
      // A lone first point (just after the page opened, or after a gap) is invisible as a line: dots until the
      // curve has points enough to be seen as one.
      showSymbol: (buffer[s.key]?.length ?? 0) < SYMBOLS_BELOW_POINTS,
      symbolSize: 4,
      connectNulls: false,
      ...(area ? { areaStyle: { opacity: 0.25 } } : {}),
      tooltip: { valueFormatter: valueText(s.signal) },
      data: (buffer[s.key] ?? []).map((p) => [p.t, p.v ?? '-']),
    })),
  };
}

/** Below this many points a curve also shows its points as dots. */
export const SYMBOLS_BELOW_POINTS = 60;

export type CategoryKind = 'bar' | 'pie' | 'ring' | 'rose';

/**
 * Each value's share of the values' sum as text ('62.5%', one decimal at most); '—' for no value, and for every
 * value when the sum is not above 0 (no share can be told).
 */
export function sharesOf(numbers: ReadonlyArray<number | null>): string[] {
  const total = numbers.reduce<number>((sum, n) => sum + (n ?? 0), 0);
  return numbers.map((n) => (n === null || !(total > 0) ? NO_VALUE : `${Math.round((n / total) * 1000) / 10}%`));
}

/** The value a bar or slice shows: the number, or '-' (ECharts' empty value) for no value. */
function itemValue(value: RuntimeValue | undefined): number | '-' {
  return numberOf(value) ?? '-';
}

/**
 * The current-value charts: one bar (ComplexBar, `barWidth`) or slice (ComplexPie; ComplexRing with a hole;
 * ComplexRose by radius) per signal, named by its title; a missing or bad value is '-' (no bar, no slice), not 0.
 * A slice's label shows its value, or with `valueType` percent its share of the whole (the tooltip then both).
 */
export function currentChartOption(
  kind: CategoryKind,
  chartSignals: readonly ChartSignal[],
  values: Readonly<Record<string, RuntimeValue>>,
  settings: ChartSettings,
): ChartOption {
  const texts = chartSignals.map((s) => valueText(s.signal)(numberOf(values[s.key])));
  const label = (p: { dataIndex: number; name: string }) => `${p.name}: ${texts[p.dataIndex] ?? NO_VALUE}`;
  const shares = sharesOf(chartSignals.map((s) => numberOf(values[s.key])));
  const shareLabel = (p: { dataIndex: number; name: string }) => `${p.name}: ${shares[p.dataIndex] ?? NO_VALUE}`;
  const bothLabel = (p: { dataIndex: number; name: string }) =>
    shares[p.dataIndex] === NO_VALUE ? label(p) : `${label(p)} (${shares[p.dataIndex]})`;
  const base = { animation: false, color: [...CHART_COLOURS] };
  if (kind === 'bar') {
    return {
      ...base,
      grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
      tooltip: { trigger: 'item', formatter: label },
      xAxis: { type: 'category', data: chartSignals.map((s) => s.name), axisLabel: { fontSize: 10, hideOverlap: true } },
      yAxis: valueAxis(settings),
      series: [
        {
          type: 'bar',
          barWidth: settings.barWidth,
          colorBy: 'data',
          label: { show: true, position: 'top', fontSize: 10, formatter: (p: { dataIndex: number }) => texts[p.dataIndex] ?? NO_VALUE },
          data: chartSignals.map((s) => ({ name: s.name, value: itemValue(values[s.key]) })),
        },
      ],
    };
  }
  const radius = kind === 'ring' ? ['40%', '65%'] : kind === 'rose' ? ['15%', '65%'] : '65%';
  const percent = settings.valueType === 'percent';
  return {
    ...base,
    legend: { type: 'scroll', bottom: 0, textStyle: { fontSize: 10 } },
    tooltip: { trigger: 'item', formatter: percent ? bothLabel : label },
    series: [
      {
        type: 'pie',
        radius,
        center: ['50%', '45%'],
        ...(kind === 'rose' ? { roseType: 'radius' } : {}),
        label: { fontSize: 10, formatter: percent ? shareLabel : label },
        data: chartSignals.map((s) => ({ name: s.name, value: itemValue(values[s.key]) })),
      },
    ],
  };
}
