/**
 * The XY curve (ComplexXyline) as plain ECharts option data, tested without a canvas: one signal against another,
 * drawn from the (x, y) pairs the page received since it was opened, like the rolling curves (no server call, no
 * made-up history; a caption says so).
 *
 * Reading of the spec (section 3, "XY curve has modeX, modeY and two-entry signal arrays"): the curve's
 * `data.signalArray` holds two entries, X first, then Y (binding repair keeps both places, a cleared one stays
 * as an unbound entry); `modeX` / `modeY` are the two axes' modes, like the other charts' `mode`: `adapt` (the
 * default) follows the data; any other value fixes the axis, the Y axis to `minVal` / `maxVal` when both are
 * given, the X axis (the spec names no bounds for it) to start at 0. `timeRange` (minutes, default 60) is how long
 * a pair stays drawn.
 *
 * A pair is made whenever either signal has a new reading, from both signals' latest readings; without a good
 * reading of both there is no pair (never a 0 in place of a missing value).
 */
import { CHART_COLOURS, type ChartOption } from '@/lib/chartTheme';
import { formatSignalValue } from '@/entities/signals/format';
import { DEFAULT_TIME_RANGE, numberOf, type ChartSignal } from './chartOptions';
import { boundSignalId, type WidgetData } from './document';
import type { RuntimeSignal, RuntimeValue } from './types';
import { finiteOf } from './documentValues';

export interface XyPoint {
  /** The pair's time: the later of the two readings' times. */
  t: number;
  x: number;
  y: number;
}

export interface XySettings {
  /** Minutes a pair stays drawn. */
  timeRange: number;
  adaptX: boolean;
  adaptY: boolean;
  /** The Y axis' fixed bounds (modeY not adapt, both given, min below max). */
  minY: number | undefined;
  maxY: number | undefined;
}

/** At most this many pairs, whatever the window. */
export const MAX_XY_POINTS = 2000;

/** A mode adapts unless the document names another one. */
function adapts(mode: unknown): boolean {
  return mode === undefined || mode === null || mode === '' || mode === 'adapt';
}

export function xySettingsOf(data: WidgetData): XySettings {
  const { extra } = data;
  const timeRange = finiteOf(extra.timeRange);
  const adaptY = adapts(extra.modeY);
  let minY = adaptY ? undefined : finiteOf(extra.minVal);
  let maxY = adaptY ? undefined : finiteOf(extra.maxVal);
  if (minY === undefined || maxY === undefined || minY >= maxY) minY = maxY = undefined;
  return {
    timeRange: timeRange !== undefined && timeRange > 0 ? timeRange : DEFAULT_TIME_RANGE,
    adaptX: adapts(extra.modeX),
    adaptY,
    minY,
    maxY,
  };
}

export interface XySignals {
  x: ChartSignal;
  y: ChartSignal;
}

const PLAIN = { decimals: 6, dataType: 'float64', unit: '' } as const;

/**
 * The X and Y signals: the first two entries of `signalArray`, both signal bindings that name a signal; null when
 * either is missing or unbound (the widget then says it needs both).
 */
export function xySignalsOf(data: WidgetData, signals: ReadonlyMap<number, RuntimeSignal>): XySignals | null {
  const [xBinding, yBinding] = data.signalArray ?? [];
  if (!xBinding || !yBinding) return null;
  const ids = [boundSignalId(xBinding), boundSignalId(yBinding)];
  if (ids[0] === null || ids[1] === null) return null;
  const [x, y] = [xBinding, yBinding].map((binding, i) => {
    const id = ids[i] as number;
    const signal = signals.get(id);
    return { key: String(id), name: signal?.title || binding.title || `#${id}`, signal: signal ?? PLAIN };
  }) as [ChartSignal, ChartSignal];
  return { x, y };
}

/** The pair the two latest readings make; undefined unless both are good numbers with a time. */
export function xyPointOf(x: RuntimeValue | undefined, y: RuntimeValue | undefined): XyPoint | undefined {
  const xv = numberOf(x);
  const yv = numberOf(y);
  if (xv === null || yv === null || !x || !y) return undefined;
  const t = Math.max(x.time, y.time);
  if (!Number.isFinite(t) || t <= 0) return undefined;
  return { t, x: xv, y: yv };
}

/**
 * The pairs with `point` added: a later pair is appended, a pair of the same time replaces the last one (the
 * second of two readings at one instant completes it), an older one is ignored; then pairs older than `windowMs`
 * before the newest are dropped and at most `cap` kept. The same array when nothing changes.
 */
export function appendXyPoint(points: readonly XyPoint[], point: XyPoint | undefined, windowMs: number, cap = MAX_XY_POINTS): readonly XyPoint[] {
  if (!point) return points;
  const last = points[points.length - 1];
  if (last && point.t < last.t) return points;
  if (last && point.t === last.t && point.x === last.x && point.y === last.y) return points;
  const kept = last && point.t === last.t ? points.slice(0, -1) : points;
  const from = point.t - windowMs;
  let start = 0;
  while (start < kept.length && kept[start]!.t < from) start++;
  const next = [...kept.slice(start), point];
  return next.length > cap ? next.slice(next.length - cap) : next;
}

/** Text safe to put into ECharts' HTML tooltip (signal names come from the catalogue, typed by people). */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function axisName(s: ChartSignal): string {
  const unit = s.signal.unit.trim();
  return unit ? `${s.name} (${unit})` : s.name;
}

/**
 * The curve: the pairs in the order they came, joined (the path the two values took), the newest pair marked;
 * each axis named after its signal and unit.
 */
export function xyChartOption(pair: XySignals, points: readonly XyPoint[], settings: XySettings): ChartOption {
  const last = points[points.length - 1];
  const tooltip = (p: { value: [number, number] }) =>
    `${escapeHtml(pair.x.name)}: ${escapeHtml(formatSignalValue(p.value[0], pair.x.signal))}<br/>` +
    `${escapeHtml(pair.y.name)}: ${escapeHtml(formatSignalValue(p.value[1], pair.y.signal))}`;
  const axis = (s: ChartSignal, adapt: boolean, gap: number) => ({
    type: 'value',
    name: axisName(s),
    nameLocation: 'middle',
    nameGap: gap,
    nameTextStyle: { fontSize: 10 },
    scale: adapt,
    axisLabel: { fontSize: 10, hideOverlap: true },
  });
  return {
    animation: false,
    color: [CHART_COLOURS[0], CHART_COLOURS[3]],
    grid: { left: 36, right: 16, top: 12, bottom: 30, containLabel: true },
    tooltip: { trigger: 'item', formatter: tooltip },
    xAxis: axis(pair.x, settings.adaptX, 22),
    yAxis: { ...axis(pair.y, settings.adaptY, 40), min: settings.minY, max: settings.maxY },
    series: [
      {
        type: 'line',
        name: 'trace',
        showSymbol: true,
        symbolSize: 3,
        lineStyle: { width: 1 },
        data: points.map((p) => [p.x, p.y]),
      },
      {
        type: 'line',
        name: 'latest',
        showSymbol: true,
        symbolSize: 9,
        data: last ? [[last.x, last.y]] : [],
      },
    ],
  };
}
