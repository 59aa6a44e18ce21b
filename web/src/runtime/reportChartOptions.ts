/**
 * What a page chart bound to a report or a custom report draws (runtime/reportCharts.ts), as plain ECharts option
 * data, tested without a canvas: the report's answer (its columns as they are now, a row per period) narrowed to the
 * columns the chart names, then
 *
 * - a line, area or bar chart (ComplexLine, ComplexArea, ComplexBar): the periods along the axis (today's hours, this
 *   month's days, today's shifts), one series per column; a period without a value is a gap (ECharts' '-'), never 0;
 *   the period still running is marked: its line segment dashed and its point hollow, its bar lighter;
 * - a pie, ring or rose (ComplexPie, ComplexRing, ComplexRose): one slice per column, the value of the period
 *   running now, or when none is the latest period over.
 */
import type { ReportRow, Statistic } from '@/generated/answers';
import { axisText } from '@/entities/reports/chart';
import { cellNumber, formatCell, periodText, rowState, type ReportLabels } from '@/entities/reports/format';
import type { ViewKind } from '@/entities/reports/view';
import { CHART_COLOURS, type ChartOption } from '@/lib/chartTheme';
import { sharesOf, valueAxis, type ChartSettings } from './chartOptions';
import { NO_VALUE } from './format';

/** One column of the answer as a chart draws it: its title and its values per row, rounded to its digits. */
export interface ReportSeries {
  name: string;
  values: Array<number | null>;
  /** The value as the report's table writes it ("—" for none). */
  text(value: number | null): string;
}

/** An answer's column as the rules read it (an equipment report's and a custom report's alike). */
export interface AnswerColumn {
  title: string;
  unit: string;
  decimals: number;
  statistic: Statistic;
}

/**
 * The series of the chart's columns (`refs`, in the chart's order) found among the answer's `cols`; `missing` counts
 * the chart's columns the answer does not hold (removed from the definition, or a signal deleted since).
 */
export function pickSeries<C extends AnswerColumn, R>(
  cols: readonly C[],
  rows: readonly ReportRow[],
  refs: readonly R[],
  same: (ref: R, col: C) => boolean,
  title: (col: C) => string,
): { series: ReportSeries[]; missing: number } {
  const series: ReportSeries[] = [];
  let missing = 0;
  for (const ref of refs) {
    const index = cols.findIndex((col) => same(ref, col));
    const col = cols[index];
    if (!col) {
      missing++;
      continue;
    }
    series.push({
      name: title(col),
      values: rows.map((row) => cellNumber(row.values[index] ?? null, col)),
      text: (value) => formatCell(value, col),
    });
  }
  return { series, missing };
}

/** The row of the period running at `now`; -1 when none is (a past day or month). */
export function runningIndex(rows: readonly Pick<ReportRow, 'start' | 'running'>[], now: number): number {
  return rows.findIndex((row) => rowState(row, now) === 'running');
}

/** The period a pie shows: the one running now, else the latest one over; -1 when the view has none. */
export function shownPeriod(rows: readonly Pick<ReportRow, 'start' | 'running'>[], now: number): number {
  const running = runningIndex(rows, now);
  if (running >= 0) return running;
  for (let i = rows.length - 1; i >= 0; i--) if (rowState(rows[i]!, now) === 'done') return i;
  return -1;
}

/** Text safe to put into ECharts' HTML tooltip (titles come from the catalogue, typed by people). */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface ReportChartLabels extends Pick<ReportLabels, 'nextDay'> {
  /** Said of the period still running ("running"). */
  running: string;
}

const colourOf = (i: number) => CHART_COLOURS[i % CHART_COLOURS.length]!;
const item = (value: number | null | undefined): number | '-' => (value === null || value === undefined ? '-' : value);

/**
 * The periods chart: line (ComplexLine), area (ComplexArea) or bars (ComplexBar), one series per column. The
 * running period (at `now`) is drawn apart: a dashed segment from the period before to a hollow point, or a
 * lighter bar; the tooltip names each period in full and says which one is running.
 */
export function reportPeriodsOption(
  kind: 'line' | 'area' | 'bar',
  rows: readonly ReportRow[],
  series: readonly ReportSeries[],
  view: ViewKind,
  now: number,
  settings: ChartSettings,
  labels: ReportChartLabels,
): ChartOption {
  const running = runningIndex(rows, now);
  const tooltip = (params: unknown) => {
    const first = Array.isArray(params) ? (params[0] as { dataIndex?: number } | undefined) : (params as { dataIndex?: number });
    const index = first?.dataIndex ?? -1;
    const row = rows[index];
    if (!row) return '';
    const head = `${escapeHtml(periodText(row, view, labels))}${index === running ? ` (${escapeHtml(labels.running)})` : ''}`;
    return [head, ...series.map((s) => `${escapeHtml(s.name)}: ${escapeHtml(s.text(s.values[index] ?? null))}`)].join('<br/>');
  };
  const many = rows.length > 48;
  const drawn: ChartOption[] = [];
  series.forEach((s, i) => {
    const color = colourOf(i);
    if (kind === 'bar') {
      drawn.push({
        type: 'bar',
        name: s.name,
        color,
        barMaxWidth: settings.barWidth,
        data: s.values.map((v, r) => (r === running ? { value: item(v), itemStyle: { opacity: 0.45 } } : item(v))),
      });
      return;
    }
    const area = kind === 'area' ? { areaStyle: { opacity: 0.25 } } : {};
    drawn.push({
      type: 'line',
      name: s.name,
      color,
      connectNulls: false,
      showSymbol: !many,
      symbolSize: 4,
      ...area,
      data: s.values.map((v, r) => (r === running ? '-' : item(v))),
    });
    if (running >= 0) {
      // The running period: a dashed segment from the period before (when it has a value) to a hollow point.
      drawn.push({
        type: 'line',
        name: s.name,
        color,
        connectNulls: false,
        showSymbol: true,
        symbol: 'emptyCircle',
        symbolSize: 6,
        lineStyle: { type: 'dashed' },
        ...(kind === 'area' ? { areaStyle: { opacity: 0.1 } } : {}),
        data: s.values.map((v, r) => (r === running || r === running - 1 ? item(v) : '-')),
      });
    }
  });
  return {
    animation: false,
    grid: { left: 8, right: 16, top: series.length > 1 ? 28 : 12, bottom: 8, containLabel: true },
    legend: { show: series.length > 1, type: 'scroll', top: 0, textStyle: { fontSize: 10 }, data: series.map((s) => s.name) },
    tooltip: { trigger: 'axis', formatter: tooltip },
    xAxis: {
      type: 'category',
      boundaryGap: kind === 'bar',
      data: rows.map((row) => axisText(row, view)),
      axisLabel: { fontSize: 10, hideOverlap: true },
    },
    yAxis: valueAxis(settings),
    series: drawn,
  };
}

/**
 * The pie, ring or rose: a slice per column of the period at `index` (runtime: {@link shownPeriod}); a column
 * without a value there has no slice ('-'), never a zero one. Labels as the live pies': the value, or with
 * `valueType` percent its share of the whole.
 */
export function reportSlicesOption(
  kind: 'pie' | 'ring' | 'rose',
  series: readonly ReportSeries[],
  index: number,
  settings: ChartSettings,
): ChartOption {
  const values = series.map((s) => (index >= 0 ? (s.values[index] ?? null) : null));
  const texts = series.map((s, i) => s.text(values[i] ?? null));
  const shares = sharesOf(values);
  const percent = settings.valueType === 'percent';
  const label = (p: { dataIndex: number; name: string }) => `${p.name}: ${texts[p.dataIndex] ?? NO_VALUE}`;
  const shareLabel = (p: { dataIndex: number; name: string }) => `${p.name}: ${shares[p.dataIndex] ?? NO_VALUE}`;
  const bothLabel = (p: { dataIndex: number; name: string }) =>
    shares[p.dataIndex] === NO_VALUE ? label(p) : `${label(p)} (${shares[p.dataIndex]})`;
  const radius = kind === 'ring' ? ['40%', '65%'] : kind === 'rose' ? ['15%', '65%'] : '65%';
  return {
    animation: false,
    color: [...CHART_COLOURS],
    legend: { type: 'scroll', bottom: 0, textStyle: { fontSize: 10 } },
    tooltip: { trigger: 'item', formatter: percent ? bothLabel : label },
    series: [
      {
        type: 'pie',
        radius,
        center: ['50%', '45%'],
        ...(kind === 'rose' ? { roseType: 'radius' } : {}),
        label: { fontSize: 10, formatter: percent ? shareLabel : label },
        data: series.map((s, i) => ({ name: s.name, value: item(values[i]) })),
      },
    ],
  };
}
