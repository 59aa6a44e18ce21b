import { describe, expect, it } from 'vitest';
import type { ReportColumn, ReportRow } from '@/generated/answers';
import { parsePageDocument } from './document';
import { chartSettingsOf } from './chartOptions';
import { chartSourceOf, chartView, customColumnsOf, reportChartOf, reportColumnsOf, sameReportColumn, type ReportColumnRef } from './reportCharts';
import { pickSeries, reportPeriodsOption, reportSlicesOption, runningIndex, shownPeriod } from './reportChartOptions';

const HOUR = 3_600_000;
// 2026-11-28 00:00 China time.
const DAY = Date.UTC(2026, 10, 27, 16);
const NOW = DAY + 2 * HOUR + 20 * 60_000; // 02:20

const row = (h: number, values: Array<number | null>, running = false): ReportRow => ({
  start: DAY + h * HOUR,
  end: DAY + (h + 1) * HOUR,
  running,
  values,
});
// Today at 02:20: two hours over, the third running, the fourth not begun.
const ROWS: ReportRow[] = [row(0, [10, 1.234]), row(1, [null, 2.5]), row(2, [4, 3], true), row(3, [null, null], true)];
const COLS: ReportColumn[] = [
  { signalId: 7, signalTitle: 'Energy', unit: 'kWh', decimals: 1, statistic: 'difference' },
  { signalId: 8, signalTitle: 'Flow', unit: 'm³/h', decimals: 2, statistic: 'avg' },
];
const LABELS = { nextDay: (t: string) => `${t} next day`, running: 'running' };
const settings = chartSettingsOf(parsePageDocument({ widgets: [{ id: 'c', widgetType: 'ComplexLine', data: {} }] }).widgets[0]!.data);
const title = (c: ReportColumn) => c.signalTitle;
const series = (refs: ReportColumnRef[] = [{ equipId: 3, signalId: 8, statistic: 'avg' }, { equipId: 3, signalId: 7, statistic: 'difference' }]) =>
  pickSeries(COLS.map((c) => ({ ...c, title: c.signalTitle })), ROWS, refs, sameReportColumn, title);

type Drawn = { name: string; data: unknown[]; lineStyle?: { type: string }; symbol?: string };

describe('report chart settings', () => {
  const dataOf = (data: Record<string, unknown>) => parsePageDocument({ widgets: [{ id: 'c', widgetType: 'ComplexBar', data }] }).widgets[0]!.data;

  it('tells the source by its fields: a custom report, a report, else the live values', () => {
    expect(chartSourceOf(dataOf({ signalArray: [] }))).toBe('live');
    expect(chartSourceOf(dataOf({ type: 'report', equipId: 3 }))).toBe('report');
    expect(chartSourceOf(dataOf({ reportId: 5 }))).toBe('report');
    expect(chartSourceOf(dataOf({ reportSignalArray: [] }))).toBe('report');
    expect(chartSourceOf(dataOf({ customReportId: 2 }))).toBe('customReport');
    expect(chartSourceOf(dataOf({ customArray: [] }))).toBe('customReport');
  });

  it('reads the columns by what they name, each once, and drops what names nothing', () => {
    expect(
      reportColumnsOf([
        { equipId: 3, signalId: 7, statistic: 'avg' },
        { equipId: 3, signalId: 7, statistic: 'avg' },
        { signalId: 7, statistic: 'max' },
        { signalId: 'x', statistic: 'avg' },
        { signalId: 9, statistic: 'median' },
      ]),
    ).toEqual([
      { equipId: 3, signalId: 7, statistic: 'avg' },
      { equipId: null, signalId: 7, statistic: 'max' },
    ]);
    expect(customColumnsOf([{ equipmentId: 3, signalId: 7, statistic: 'sum' }, { mvarId: 2, statistic: 'avg' }, { signalId: 7, statistic: 'sum' }])).toEqual([
      { equipmentId: 3, signalId: 7, statistic: 'sum' },
      { mvarId: 2, statistic: 'avg' },
    ]);
    expect(reportChartOf(dataOf({ type: 'report', equipId: 3, reportId: 5, reportView: 'shift', reportSignalArray: [{ equipId: 3, signalId: 7, statistic: 'avg' }] }))).toEqual({
      source: 'report',
      reportId: 5,
      equipId: 3,
      view: 'shift',
      columns: [{ equipId: 3, signalId: 7, statistic: 'avg' }],
    });
    expect(reportChartOf(dataOf({ customReportId: 4, reportView: 'year' }))).toMatchObject({ source: 'customReport', customReportId: 4, view: 'auto', columns: [] });
  });

  it('views today by the hour for a report shorter than a day, this month otherwise, unless one is chosen', () => {
    expect(chartView('auto', 15 * 60_000, NOW)).toEqual({ kind: 'day', date: '2026-11-28' });
    expect(chartView('auto', 86_400_000, NOW)).toEqual({ kind: 'month', month: '2026-11' });
    expect(chartView('shift', 86_400_000, NOW)).toEqual({ kind: 'shift', date: '2026-11-28' });
    expect(chartView('month', 60_000, NOW)).toEqual({ kind: 'month', month: '2026-11' });
  });
});

describe('report chart options', () => {
  it('picks the chart’s columns in its order, rounded as the table, and counts those the answer lacks', () => {
    const { series: picked, missing } = series([
      { equipId: 3, signalId: 8, statistic: 'avg' },
      { equipId: 3, signalId: 9, statistic: 'avg' },
      { equipId: 3, signalId: 7, statistic: 'max' },
      { equipId: 3, signalId: 7, statistic: 'difference' },
    ]);
    expect(picked.map((s) => s.name)).toEqual(['Flow', 'Energy']);
    expect(picked[0]!.values).toEqual([1.23, 2.5, 3, null]);
    expect(picked[1]!.text(null)).toBe('—');
    expect(missing).toBe(2);
  });

  it('finds the running period, and for a pie the running one or else the latest over', () => {
    expect(runningIndex(ROWS, NOW)).toBe(2);
    expect(shownPeriod(ROWS, NOW)).toBe(2);
    const past = ROWS.map((r) => ({ ...r, running: false }));
    expect(runningIndex(past, NOW)).toBe(-1);
    expect(shownPeriod(past, NOW)).toBe(3);
    expect(shownPeriod([], NOW)).toBe(-1);
  });

  it('draws a line per column over the periods: empty periods are gaps, the running one a dashed segment', () => {
    const option = reportPeriodsOption('line', ROWS, series().series, 'day', NOW, settings, LABELS);
    expect((option.xAxis as { data: string[] }).data).toEqual(['00:00', '01:00', '02:00', '03:00']);
    const drawn = option.series as Drawn[];
    expect(drawn.map((s) => s.name)).toEqual(['Flow', 'Flow', 'Energy', 'Energy']);
    // Solid: the periods over; the running and the future ones are left to the dashed series or empty.
    expect(drawn[2]!.data).toEqual([10, '-', '-', '-']);
    expect(drawn[3]!.lineStyle).toEqual({ type: 'dashed' });
    expect(drawn[3]!.symbol).toBe('emptyCircle');
    expect(drawn[3]!.data).toEqual(['-', '-', 4, '-']);
    expect(drawn[1]!.data).toEqual(['-', 2.5, 3, '-']);
    expect((option.legend as { data: string[] }).data).toEqual(['Flow', 'Energy']);
  });

  it('has no dashed series when no period is running (a past day)', () => {
    const past = ROWS.map((r) => ({ ...r, running: false }));
    const { series: s } = pickSeries(COLS.map((c) => ({ ...c, title: c.signalTitle })), past, [{ equipId: 3, signalId: 7, statistic: 'difference' as const }], sameReportColumn, title);
    const drawn = reportPeriodsOption('area', past, s, 'day', NOW, settings, LABELS).series as Array<Drawn & { areaStyle?: unknown }>;
    expect(drawn).toHaveLength(1);
    expect(drawn[0]!.data).toEqual([10, '-', 4, '-']);
    expect(drawn[0]!.areaStyle).toBeDefined();
  });

  it('draws bars with the running period lighter, and names the running period in the tooltip', () => {
    const option = reportPeriodsOption('bar', ROWS, series().series, 'day', NOW, settings, LABELS);
    const drawn = option.series as Drawn[];
    expect(drawn).toHaveLength(2);
    expect(drawn[1]!.data).toEqual([10, '-', { value: 4, itemStyle: { opacity: 0.45 } }, '-']);
    const tooltip = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
    expect(tooltip([{ dataIndex: 2 }])).toBe('02:00–03:00 (running)<br/>Flow: 3.00<br/>Energy: 4.0');
    expect(tooltip([{ dataIndex: 1 }])).toBe('01:00–02:00<br/>Flow: 2.50<br/>Energy: —');
  });

  it('escapes titles in the tooltip', () => {
    const s = [{ name: '<b>x</b>', values: [1, null, null, null], text: (v: number | null) => String(v) }];
    const tooltip = (reportPeriodsOption('line', ROWS, s, 'day', NOW, settings, LABELS).tooltip as { formatter: (p: unknown) => string }).formatter;
    expect(tooltip([{ dataIndex: 0 }])).toContain('&#60;b&#62;x&#60;/b&#62;: 1');
  });

  it('draws a slice per column of the shown period; no value is no slice, never 0', () => {
    const option = reportSlicesOption('ring', series().series, 1, settings);
    const pie = (option.series as Array<{ radius: unknown; data: Array<{ name: string; value: unknown }> }>)[0]!;
    expect(pie.radius).toEqual(['40%', '65%']);
    expect(pie.data).toEqual([
      { name: 'Flow', value: 2.5 },
      { name: 'Energy', value: '-' },
    ]);
    const none = reportSlicesOption('pie', series().series, -1, settings);
    expect((none.series as Array<{ data: Array<{ value: unknown }> }>)[0]!.data.map((d) => d.value)).toEqual(['-', '-']);
  });
});
