/**
 * ECharts options for the history chart and the real-time curve, built as plain data so the rules are tested
 * without a canvas. Settings chosen for 200,000 points (spec section 5: the history shows the latest 200,000
 * points): no animation, no symbols, the points as typed arrays ECharts reads in one loop, and per-line
 * down-sampling to the pixels available: LTTB for raw rows (keeps the shape), 'max' for bucket maxima and 'min'
 * for bucket minima, so sampling never shaves a spike off the band.
 */
import { formatBaseTime } from '@/lib/chinaTime';
import { formatNumber } from '@/entities/signals/format';
import type { ChartLine } from './historySeries';
import { CHART_COLOURS, type ChartOption } from '@/lib/chartTheme';

export interface LineLabels {
  /** Suffix for a bucket maxima line, e.g. "(max)". */
  max: string;
  min: string;
  /** Suffix for a variable's line by its period, e.g. "(per minute)". */
  perMinute?: string;
  perHour?: string;
}

/** The legend name of a line. */
export function lineName(line: Pick<ChartLine, 'signalTitle' | 'unit' | 'kind' | 'stepMs'>, labels: LineLabels): string {
  const unit = line.unit?.trim() ? ` (${line.unit.trim()})` : '';
  if (line.kind === 'raw') return `${line.signalTitle}${unit}`;
  if (line.kind === 'period') {
    const per = line.stepMs === 60_000 ? labels.perMinute : labels.perHour;
    return per ? `${line.signalTitle}${unit} ${per}` : `${line.signalTitle}${unit}`;
  }
  return `${line.signalTitle}${unit} ${line.kind === 'max' ? labels.max : labels.min}`;
}

/** A tooltip formatter showing values with the signal's decimals (ECharts would show every float digit); a gap is "—". */
export function valueFormatter(decimals: number, dataType = 'float64') {
  return (value: unknown) => (typeof value === 'number' && !Number.isNaN(value) ? formatNumber(value, { decimals, dataType }) : '—');
}

const SAMPLING: Record<ChartLine['kind'], 'lttb' | 'max' | 'min'> = { raw: 'lttb', max: 'max', min: 'min', period: 'lttb' };

/** Width given to each extra value axis on the right. */
export const AXIS_OFFSET = 64;

/**
 * One value axis per unit, so a pressure in bar and a speed in rpm are both readable: the first unit on the left,
 * the second on the right, further ones stacked to the right of that. Signals without a unit share one axis.
 */
export function unitAxes(units: readonly string[]): { yAxis: ChartOption[]; axisOf: Map<string, number>; gridRight: number } {
  const axisOf = new Map<string, number>();
  for (const unit of units) if (!axisOf.has(unit.trim())) axisOf.set(unit.trim(), axisOf.size);
  if (axisOf.size === 0) axisOf.set('', 0);
  const yAxis = [...axisOf.keys()].map((unit, i) => ({
    type: 'value',
    scale: true,
    name: unit,
    position: i === 0 ? 'left' : 'right',
    offset: i <= 1 ? 0 : (i - 1) * AXIS_OFFSET,
    alignTicks: i > 0,
    splitLine: { show: i === 0 },
    axisLine: { show: i > 0 },
  }));
  return { yAxis, axisOf, gridRight: 24 + Math.max(0, axisOf.size - 2) * AXIS_OFFSET };
}

function baseOption(): ChartOption {
  return {
    animation: false,
    grid: { left: 56, right: 24, top: 48, bottom: 72, containLabel: true },
    legend: { type: 'scroll', top: 8 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'line', label: { formatter: (p: { value: number }) => formatBaseTime(p.value) } },
    },
    xAxis: {
      type: 'time',
      axisLabel: { formatter: (value: number) => formatBaseTime(value, 'MM-DD\nHH:mm:ss'), hideOverlap: true },
    },
  };
}

/** What shares a colour: a signal's lines (min and max of a bucketed one), or one variable's. */
const colourKey = (line: ChartLine) => (line.mvarId !== undefined ? `m${line.mvarId}` : `s${line.signalId}`);

/**
 * The history chart: one colour per signal (min and max of a bucketed signal share it) and per variable (its value
 * held over each period, a step line), dataZoom in and below.
 */
export function historyChartOption(lines: ChartLine[], labels: LineLabels): ChartOption {
  const colourOf = new Map<string, string>();
  for (const line of lines) {
    if (!colourOf.has(colourKey(line))) colourOf.set(colourKey(line), CHART_COLOURS[colourOf.size % CHART_COLOURS.length]!);
  }
  const axes = unitAxes(lines.map((l) => l.unit ?? ''));
  return {
    ...baseOption(),
    grid: { left: 56, right: axes.gridRight, top: 48, bottom: 72, containLabel: true },
    yAxis: axes.yAxis,
    dataZoom: [
      { type: 'inside', filterMode: 'none', throttle: 50 },
      { type: 'slider', filterMode: 'none', height: 24, bottom: 16, throttle: 50 },
    ],
    series: lines.map((line) => ({
      id: line.key,
      name: lineName(line, labels),
      type: 'line',
      // Flat [time, value, time, value, …]: ECharts needs the dimensions named for a typed array.
      data: line.data,
      dimensions: ['time', 'value'],
      encode: { x: 'time', y: 'value', tooltip: 'value' },
      yAxisIndex: axes.axisOf.get((line.unit ?? '').trim()) ?? 0,
      color: colourOf.get(colourKey(line)),
      // Each value held from its period's start until the next period's: the step comes at the end of a segment.
      ...(line.kind === 'period' ? { step: 'end' } : {}),
      showSymbol: false,
      symbol: 'none',
      sampling: SAMPLING[line.kind],
      lineStyle: { width: line.kind === 'raw' || line.kind === 'period' ? 1.5 : 1, type: line.kind === 'min' ? 'dashed' : 'solid' },
      emphasis: { disabled: true },
      connectNulls: false,
      tooltip: { valueFormatter: valueFormatter(line.decimals) },
    })),
  };
}

export interface RollingLine {
  signalId: number;
  name: string;
  unit: string;
  decimals: number;
  dataType: string;
  points: Array<[number, number | null]>;
}

/** The real-time curve: the chosen signals over the last `windowMs` before `now` (the axis moves with time). */
export function rollingChartOption(lines: RollingLine[], now: number, windowMs: number): ChartOption {
  const axes = unitAxes(lines.map((l) => l.unit ?? ''));
  return {
    ...baseOption(),
    grid: { left: 56, right: axes.gridRight, top: 48, bottom: 24, containLabel: true },
    yAxis: axes.yAxis,
    xAxis: {
      type: 'time',
      min: now - windowMs,
      max: now,
      axisLabel: { formatter: (value: number) => formatBaseTime(value, 'HH:mm:ss'), hideOverlap: true },
    },
    series: lines.map((line, i) => ({
      id: String(line.signalId),
      name: line.name,
      type: 'line',
      data: line.points,
      yAxisIndex: axes.axisOf.get((line.unit ?? '').trim()) ?? 0,
      color: CHART_COLOURS[i % CHART_COLOURS.length],
      showSymbol: false,
      sampling: 'lttb',
      lineStyle: { width: 1.5 },
      emphasis: { disabled: true },
      tooltip: { valueFormatter: valueFormatter(line.decimals, line.dataType) },
    })),
  };
}
