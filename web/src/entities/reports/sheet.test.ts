import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import type { ReportColumn, ReportRow, Statistic } from '@/generated/answers';
import { reportChartOption, axisText } from './chart';
import { readSheet } from 'read-excel-file/universal';
import { memorySink } from '@/lib/xlsx/sink';
import { unzip } from '@/test/unzip';
import { ReportSheet, reportFileName, sheetHead, sheetRows, type SheetLabels } from './sheet';

const t = i18n.getFixedT('en');
const LABELS: SheetLabels = {
  statistic: (s: Statistic) => t(`reports.statistic.${s}`),
  hours: t('reports.unit.hours'),
  nextDay: (time) => t('reports.nextDay', { time }),
  equipment: 'Equipment',
  view: 'View',
  span: 'Period',
  exported: 'Exported',
  period: 'Period',
  status: 'Status',
  running: 'running',
  future: 'not begun',
};

const DAY = Date.UTC(2026, 10, 27, 16, 0, 0);
const HOUR = 3_600_000;
const COLUMNS: ReportColumn[] = [
  { signalId: 7, signalTitle: 'Energy total', unit: 'kWh', decimals: 0, statistic: 'difference' },
  { signalId: 3, signalTitle: 'Flow', unit: 'm³/h', decimals: 1, statistic: 'avg' },
  { signalId: 10, signalTitle: 'Pump running', unit: '', decimals: 0, statistic: 'onHours' },
];
const ROWS: ReportRow[] = [
  { start: DAY, end: DAY + HOUR, running: false, values: [25.4, 191.26, 0.6] },
  { start: DAY + HOUR, end: DAY + 2 * HOUR, running: true, values: [3, null, 0.125] },
  { start: DAY + 2 * HOUR, end: DAY + 3 * HOUR, running: true, values: [null, null, null] },
];
const HEADING = { reportName: 'Daily energy', equipName: '1# Pump station', viewName: 'Daily', span: '2026-11-28', exportedAt: DAY + 90 * 60_000 };

describe('the report as a sheet', () => {
  it('opens with what the report is, then the columns titled as on the screen', () => {
    const { rows, titleRow } = sheetHead(HEADING, COLUMNS, LABELS);
    expect(rows).toEqual([
      ['Daily energy'],
      ['Equipment', '1# Pump station'],
      ['View', 'Daily'],
      ['Period', '2026-11-28'],
      ['Exported', '2026-11-28 01:30:00'],
      [null],
      ['Period', 'Energy total · Difference (kWh)', 'Flow · Average (m³/h)', 'Pump running · Running hours (h)', 'Status'],
    ]);
    expect(titleRow).toBe(6);
  });

  it('keeps values numbers rounded to the column digits, an empty period empty, and marks a running period', () => {
    expect(sheetRows(ROWS, COLUMNS, 'day', LABELS, DAY + HOUR + 1)).toEqual([
      ['00:00–01:00', 25, 191.3, 0.6, null],
      ['01:00–02:00', 3, null, 0.13, 'running'],
      ['02:00–03:00', null, null, null, 'not begun'],
    ]);
  });

  it('is written page by page: the heading (name and titles bold), then each page\'s rows as they come', async () => {
    let saved: Blob | null = null;
    const sink = memorySink((blob) => (saved = blob));
    const sheet = await ReportSheet.open(sink, HEADING, COLUMNS, 'day', LABELS);
    await sheet.add(ROWS.slice(0, 1), DAY);
    await sheet.add(ROWS.slice(1), DAY);
    expect(sheet.rowCount).toBe(7 + 3);
    expect(saved).toBeNull();
    await sheet.finish();
    const bytes = new Uint8Array(await saved!.arrayBuffer());
    const rows = await readSheet(bytes.slice().buffer);
    expect(rows).toHaveLength(10);
    expect(rows[0]).toEqual(['Daily energy', null, null, null, null]);
    expect(rows[6]).toEqual(['Period', 'Energy total · Difference (kWh)', 'Flow · Average (m³/h)', 'Pump running · Running hours (h)', 'Status']);
    expect(rows.slice(7)).toEqual([
      ['00:00–01:00', 25, 191.3, 0.6, null],
      ['01:00–02:00', 3, null, 0.13, 'not begun'],
      ['02:00–03:00', null, null, null, 'not begun'],
    ]);
    const xml = unzip(bytes).get('xl/worksheets/sheet1.xml')!.text;
    expect(xml).toContain('<c r="A1" s="1" t="inlineStr">');
    expect(xml).toContain('<c r="A7" s="1" t="inlineStr">');
    expect(xml).not.toContain('<c r="A2" s="1"');
    expect(xml).toContain('<col min="1" max="1" width="26" customWidth="1"/><col min="2" max="2" width="18" customWidth="1"/>');
  });

  it('dropped when aborted: nothing is saved', async () => {
    let saved: Blob | null = null;
    const sheet = await ReportSheet.open(memorySink((blob) => (saved = blob)), HEADING, COLUMNS, 'day', LABELS);
    await sheet.add(ROWS, DAY);
    await sheet.abort();
    await expect(sheet.finish()).rejects.toThrow();
    expect(saved).toBeNull();
  });

  it('names the file by report, equipment and span', () => {
    expect(reportFileName('Daily energy', '1# Pump station', '2026-11-28')).toBe('Daily_energy_1#_Pump_station_2026-11-28.xlsx');
    expect(reportFileName('日报/能耗', '', '2026-11')).toBe('日报_能耗_2026-11.xlsx');
  });
});

describe('the chart of a column', () => {
  it('draws a counter as bars with gaps for empty periods', () => {
    const option = reportChartOption(ROWS, COLUMNS[0]!, 0, 'day', LABELS) as {
      series: Array<{ type: string; data: Array<number | null>; name: string }>;
      xAxis: { data: string[] };
      yAxis: { name: string };
    };
    expect(option.series[0]?.type).toBe('bar');
    expect(option.series[0]?.data).toEqual([25, 3, null]);
    expect(option.series[0]?.name).toBe('Energy total · Difference (kWh)');
    expect(option.xAxis.data).toEqual(['00:00–01:00', '01:00–02:00', '02:00–03:00']);
    expect(option.yAxis.name).toBe('kWh');
  });

  it('draws an average as a line, running hours as bars', () => {
    const line = reportChartOption(ROWS, COLUMNS[1]!, 1, 'day', LABELS) as { series: Array<{ type: string; data: unknown[] }> };
    expect(line.series[0]?.type).toBe('line');
    expect(line.series[0]?.data).toEqual([191.3, null, null]);
    const hours = reportChartOption(ROWS, COLUMNS[2]!, 2, 'day', LABELS) as { series: Array<{ type: string }>; yAxis: { name: string } };
    expect(hours.series[0]?.type).toBe('bar');
    expect(hours.yAxis.name).toBe('h');
  });

  it('names a period on the axis by its start, a shift by its name', () => {
    expect(axisText({ start: DAY + 8 * HOUR }, 'day')).toBe('08:00');
    expect(axisText({ start: DAY }, 'month')).toBe('11-28');
    expect(axisText({ start: DAY, shift: 'Night' }, 'shift')).toBe('Night');
    expect(axisText({ start: DAY + 90 * 60_000 }, 'range')).toBe('11-28 01:30');
  });
});
