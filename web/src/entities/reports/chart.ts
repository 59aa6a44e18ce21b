/**
 * The chart of one report column, built as plain data so its rules are tested without a canvas: a category per
 * period (named as the table names it), bars for an amount of the period (a counter's increase, a sum, a count,
 * running hours), a line for a level (an average, an extreme, a reading). A period without a value is a gap, not 0.
 */
import { CHART_COLOURS, type ChartOption } from '@/lib/chartTheme';
import { formatBaseTime } from '@/lib/chinaTime';
import type { ReportRow } from '@/generated/answers';
import { cellNumber, columnTitle, columnUnit, formatCell, periodText, type ReportLabels, type ShownColumn } from './format';
import { chartKind } from './statistics';
import type { ViewKind } from './view';

/** A period's short name on the axis: its hour (a day), its day (a month), its shift, or its start (a range). */
export function axisText(row: Pick<ReportRow, 'start' | 'shift'>, kind: ViewKind): string {
  switch (kind) {
    case 'day':
      return formatBaseTime(row.start, 'HH:mm');
    case 'month':
      return formatBaseTime(row.start, 'MM-DD');
    case 'shift':
      return row.shift ?? formatBaseTime(row.start, 'HH:mm');
    case 'range':
      return formatBaseTime(row.start, 'MM-DD HH:mm');
  }
}

export function reportChartOption(
  rows: readonly ReportRow[],
  column: ShownColumn,
  index: number,
  kind: ViewKind,
  labels: ReportLabels,
): ChartOption {
  const type = chartKind(column.statistic);
  const colour = CHART_COLOURS[index % CHART_COLOURS.length];
  return {
    animation: false,
    grid: { left: 56, right: 24, top: 40, bottom: 64, containLabel: true },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value: unknown) => (typeof value === 'number' ? formatCell(value, column) : formatCell(null, column)),
    },
    xAxis: {
      type: 'category',
      data: rows.map((row) => periodText(row, kind, labels)),
      // The axis names a period by its start (a shift by its name); the tooltip shows the whole period.
      axisLabel: { hideOverlap: true, formatter: (_: string, i: number) => (rows[i] ? axisText(rows[i], kind) : '') },
      axisTick: { alignWithLabel: true },
    },
    yAxis: { type: 'value', name: columnUnit(column, labels), scale: type === 'line' },
    dataZoom: rows.length > 48 ? [{ type: 'inside' }, { type: 'slider', height: 20, bottom: 8 }] : [],
    series: [
      {
        name: columnTitle(column, labels),
        type,
        data: rows.map((row) => cellNumber(row.values[index] ?? null, column)),
        color: colour,
        connectNulls: false,
        showSymbol: rows.length <= 48,
        barMaxWidth: 32,
      },
    ],
  };
}
