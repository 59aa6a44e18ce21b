import { describe, expect, it } from 'vitest';
import type { HistoryAnswer, HistorySeries } from '@/generated/answers';
import { parsePageDocument, type WidgetData } from './document';
import { consoleRecordCalls } from './recordCalls';
import { alarmTableQuery, historyTableQuery } from './tableQueries';
import {
  alarmValueText,
  headingOf,
  historyCellText,
  historyTableRows,
  lastPage,
  pageOf,
  periodStart,
  periodTableRows,
  pickedRange,
  queryWindow,
  tableRowsOf,
  tableSettingsOf,
  tableWindow,
  type HistoryTableRow,
} from './tables';
import { alarmExportRows, historyExportRows, tableFileName } from './tableExport';
import type { AlarmRecord } from '@/generated/answers';
import { TEST_NOW, testSignals } from './testDocument';

function dataOf(data: Record<string, unknown>): WidgetData {
  const [widget] = parsePageDocument({ widgets: [{ id: 't', widgetType: 'ComplexHistory', data }] }).widgets;
  if (!widget) throw new Error('no widget');
  return widget.data;
}

function series(signalId: number, points: HistorySeries['points'], bucketMs: number | null = null): HistorySeries {
  return { signalId, signalTitle: `#${signalId}`, equipId: 7, equipTitle: 'Pump', unit: '', decimals: 1, rows: points.length, bucketMs, points };
}

const answer = (...list: HistorySeries[]): HistoryAnswer => ({ startTime: 0, endTime: TEST_NOW, series: list });

describe('table settings', () => {
  it('takes the spec defaults: 720 minutes, a roll of 30 seconds, paged', () => {
    expect(tableSettingsOf(dataOf({}))).toEqual({
      timeRange: 720,
      rollTime: 30,
      paged: true,
      filterTime: false,
      exportExcel: false,
      dimensionType: 'time',
      timeUnit: 'hour',
    });
  });

  it('reads timeRange, rollTime and page, numbers also as text', () => {
    expect(tableSettingsOf(dataOf({ timeRange: '90', rollTime: 10, page: false }))).toMatchObject({ timeRange: 90, rollTime: 10, paged: false });
    expect(tableSettingsOf(dataOf({ page: 'false' })).paged).toBe(false);
    expect(tableSettingsOf(dataOf({ page: 0 })).paged).toBe(false);
    expect(tableSettingsOf(dataOf({ page: true })).paged).toBe(true);
    expect(tableSettingsOf(dataOf({ page: 1 })).paged).toBe(true);
  });

  it('keeps nonsense out: no range, a roll faster than 5 s or slower than a day, more than the 30 days the server answers', () => {
    expect(tableSettingsOf(dataOf({ timeRange: 0, rollTime: -1 }))).toMatchObject({ timeRange: 720, rollTime: 30 });
    expect(tableSettingsOf(dataOf({ timeRange: 'soon', rollTime: 'x' }))).toMatchObject({ timeRange: 720, rollTime: 30 });
    expect(tableSettingsOf(dataOf({ rollTime: 1 })).rollTime).toBe(5);
    // Past 2^31 ms a browser timer fires at once, again and again.
    expect(tableSettingsOf(dataOf({ rollTime: 3e6 })).rollTime).toBe(86_400);
    expect(tableSettingsOf(dataOf({ timeRange: 100_000 })).timeRange).toBe(43_200);
  });

  it('reads filterTime and exportExcel as switches that are off unless set', () => {
    expect(tableSettingsOf(dataOf({ filterTime: true, exportExcel: true }))).toMatchObject({ filterTime: true, exportExcel: true });
    expect(tableSettingsOf(dataOf({ filterTime: 'true', exportExcel: 1 }))).toMatchObject({ filterTime: true, exportExcel: true });
    expect(tableSettingsOf(dataOf({ filterTime: false, exportExcel: 'yes' }))).toMatchObject({ filterTime: false, exportExcel: false });
    expect(tableSettingsOf(dataOf({ filterTime: null, exportExcel: 0 }))).toMatchObject({ filterTime: false, exportExcel: false });
  });

  it('reads dimensionType and timeUnit, an unknown choice as the default', () => {
    expect(tableSettingsOf(dataOf({ dimensionType: 'unit', timeUnit: 'day' }))).toMatchObject({ dimensionType: 'unit', timeUnit: 'day' });
    expect(tableSettingsOf(dataOf({ dimensionType: 'unit', timeUnit: 'minute' })).timeUnit).toBe('minute');
    expect(tableSettingsOf(dataOf({ dimensionType: 'Unit', timeUnit: 'week' }))).toMatchObject({ dimensionType: 'time', timeUnit: 'hour' });
    expect(tableSettingsOf(dataOf({ dimensionType: 1, timeUnit: ['hour'] }))).toMatchObject({ dimensionType: 'time', timeUnit: 'hour' });
  });

  it('takes a picked range in place of the rolling window, within 30 days and not past now', () => {
    const hour = 3_600_000;
    expect(queryWindow(TEST_NOW, { timeRange: 60 }, null)).toEqual({ startTime: TEST_NOW - hour, endTime: TEST_NOW });
    expect(queryWindow(TEST_NOW, { timeRange: 60 }, { startTime: 1, endTime: 2 })).toEqual({ startTime: 1, endTime: 2 });
    expect(pickedRange(TEST_NOW - 5 * hour, TEST_NOW - hour, TEST_NOW)).toEqual({ startTime: TEST_NOW - 5 * hour, endTime: TEST_NOW - hour });
    expect(pickedRange(TEST_NOW - hour, TEST_NOW + hour, TEST_NOW)).toEqual({ startTime: TEST_NOW - hour, endTime: TEST_NOW });
    expect(pickedRange(TEST_NOW, TEST_NOW - hour, TEST_NOW)).toBeNull();
    expect(pickedRange(TEST_NOW - 30 * 24 * hour, TEST_NOW, TEST_NOW)).not.toBeNull();
    expect(pickedRange(TEST_NOW - 30 * 24 * hour - 1, TEST_NOW, TEST_NOW)).toBeNull();
    expect(pickedRange(Number.NaN, TEST_NOW, TEST_NOW)).toBeNull();
  });

  it('asks for the last timeRange minutes up to now', () => {
    expect(tableWindow(TEST_NOW, { timeRange: 720 })).toEqual({ startTime: TEST_NOW - 720 * 60_000, endTime: TEST_NOW });
  });
});

describe('history rows', () => {
  it('makes one row per instant, newest first, with a cell per signal that read then', () => {
    const rows = historyTableRows(
      answer(
        series(2, [
          [1000, 3.4, true],
          [2000, 3.45, false],
          [3000, 3.5, true],
        ]),
        series(1, [
          [1000, 60, true],
          [3000, null, false],
          [4000, 61, true],
        ]),
      ),
    );
    expect(rows).toEqual([
      { time: 4000, cells: { '1': { kind: 'raw', value: 61, good: true } } },
      { time: 3000, cells: { '2': { kind: 'raw', value: 3.5, good: true }, '1': { kind: 'raw', value: null, good: false } } },
      { time: 2000, cells: { '2': { kind: 'raw', value: 3.45, good: false } } },
      { time: 1000, cells: { '2': { kind: 'raw', value: 3.4, good: true }, '1': { kind: 'raw', value: 60, good: true } } },
    ]);
  });

  it('places a bucketed series at each bucket start as its lowest and highest value', () => {
    const rows = historyTableRows(
      answer(
        series(
          6,
          [
            [0, 40, true],
            [500, 45, true],
            [1000, 41, true],
            [1500, 47, true],
            [2000, 40, true], // an unpaired trailing point is no bucket
          ],
          1000,
        ),
      ),
    );
    expect(rows).toEqual([
      { time: 1000, cells: { '6': { kind: 'bucket', min: 41, max: 47 } } },
      { time: 0, cells: { '6': { kind: 'bucket', min: 40, max: 45 } } },
    ]);
  });

  it('answers no rows for no points, and keeps the later of two points at one instant', () => {
    expect(historyTableRows(answer(series(1, [])))).toEqual([]);
    expect(historyTableRows(answer(series(1, [[5, 1, true], [5, 2, true]])))).toEqual([{ time: 5, cells: { '1': { kind: 'raw', value: 2, good: true } } }]);
  });

  it("writes cells with the signal's decimals, the unit in the heading; nothing where the signal read nothing", () => {
    const level = testSignals.get(1)!;
    expect(historyCellText({ kind: 'raw', value: 62.48, good: true }, level)).toBe('62.5');
    expect(historyCellText({ kind: 'raw', value: null, good: false }, level)).toBe('—');
    expect(historyCellText({ kind: 'bucket', min: 20, max: 95.04 }, level)).toBe('20.0 – 95.0');
    expect(historyCellText({ kind: 'bucket', min: null, max: null }, level)).toBe('—');
    expect(historyCellText(undefined, level)).toBe('');
    expect(historyCellText({ kind: 'raw', value: 1, good: true }, testSignals.get(3)!)).toBe('1');
    expect(headingOf('Tank level', '%')).toBe('Tank level (%)');
    expect(headingOf('Pump start', ' ')).toBe('Pump start');
  });
});

describe('paging and alarm values', () => {
  it('cuts pages of rows, and knows the last page', () => {
    const rows = Array.from({ length: 23 }, (_, i) => i);
    expect(pageOf(rows, 1, 10)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageOf(rows, 3, 10)).toEqual([20, 21, 22]);
    expect(pageOf(rows, 0, 10)).toEqual(pageOf(rows, 1, 10));
    expect(lastPage(23, 10)).toBe(3);
    expect(lastPage(0, 10)).toBe(1);
  });

  it('writes the triggering value as the alarm screen does', () => {
    expect(alarmValueText(90.5)).toBe('90.5');
    expect(alarmValueText(1 / 3)).toBe('0.333333');
    expect(alarmValueText(null)).toBe('—');
  });
});

describe('rows per period (dimensionType "unit")', () => {
  const hour = 3_600_000;
  // 2026-11-23 10:00 UTC+8.
  const ten = Date.UTC(2026, 10, 23, 2);

  it('starts periods on the console clock (UTC+8): minutes, hours, and days from midnight UTC+8', () => {
    expect(periodStart(ten + 59 * 60_000 + 30_000, 'minute')).toBe(ten + 59 * 60_000);
    expect(periodStart(ten + 59 * 60_000, 'hour')).toBe(ten);
    // 10:00 UTC+8 is in the day that began at 00:00 UTC+8 (16:00 UTC the day before).
    expect(periodStart(ten, 'day')).toBe(Date.UTC(2026, 10, 22, 16));
    expect(periodStart(Date.UTC(2026, 10, 22, 16) - 1, 'day')).toBe(Date.UTC(2026, 10, 21, 16));
  });

  it('makes one row per hour, newest first, each cell the last reading of its signal in that hour', () => {
    const rows = periodTableRows(
      answer(
        series(1, [
          [ten + 5 * 60_000, 1, true],
          [ten + 50 * 60_000, 2, false],
          [ten + hour + 60_000, 3, true],
        ]),
        series(2, [
          [ten + 40 * 60_000, 20, true],
          [ten + 10 * 60_000, 10, true],
        ]),
      ),
      'hour',
    );
    expect(rows).toEqual([
      { time: ten + hour, cells: { '1': { kind: 'raw', value: 3, good: true } } },
      { time: ten, cells: { '1': { kind: 'raw', value: 2, good: false }, '2': { kind: 'raw', value: 20, good: true } } },
    ]);
  });

  it('gives a thinned series the range of its buckets in the period, and leaves out periods nobody read in', () => {
    const rows = periodTableRows(
      answer(
        series(
          3,
          [
            [ten, 4, true],
            [ten, 9, true],
            [ten + 30 * 60_000, 1, true],
            [ten + 30 * 60_000, 5, true],
            [ten + 3 * hour, null, true],
            [ten + 3 * hour, null, true],
          ],
          60_000,
        ),
      ),
      'hour',
    );
    expect(rows.map((r) => r.time)).toEqual([ten + 3 * hour, ten]);
    expect(rows[1]?.cells['3']).toEqual({ kind: 'bucket', min: 1, max: 9 });
    expect(rows[0]?.cells['3']).toEqual({ kind: 'bucket', min: null, max: null });
  });

  it('are what the settings ask for: rows per instant by default', () => {
    const a = answer(series(1, [[ten, 1, true], [ten + 1000, 2, true]]));
    expect(tableRowsOf(a, { dimensionType: 'time', timeUnit: 'hour' })).toHaveLength(2);
    expect(tableRowsOf(a, { dimensionType: 'unit', timeUnit: 'hour' })).toEqual([{ time: ten, cells: { '1': { kind: 'raw', value: 2, good: true } } }]);
    expect(tableRowsOf(a, { dimensionType: 'unit', timeUnit: 'day' })).toHaveLength(1);
  });
});

describe('table export', () => {
  const ten = Date.UTC(2026, 10, 23, 2);
  const columns = [
    { key: '1', heading: 'Outlet pressure (bar)', decimals: 2 },
    { key: '2', heading: 'Flow', decimals: 0 },
  ];

  it('writes the headings and every row as the table shows them, numbers rounded but numbers', () => {
    const rows: HistoryTableRow[] = [
      { time: ten + 1000, cells: { '1': { kind: 'raw', value: 3.456, good: true } as const } },
      { time: ten, cells: { '1': { kind: 'raw', value: null, good: false } as const, '2': { kind: 'bucket', min: 1.4, max: 8.6 } as const } },
    ];
    expect(historyExportRows(rows, columns, 'Time', { dimensionType: 'time', timeUnit: 'hour' })).toEqual([
      ['Time', 'Outlet pressure (bar)', 'Flow'],
      ['2026-11-23 10:00:01', 3.46, null],
      ['2026-11-23 10:00:00', null, '1 – 9'],
    ]);
    expect(historyExportRows(rows.slice(1, 2), columns, '时间', { dimensionType: 'unit', timeUnit: 'hour' })[1]?.[0]).toBe('2026-11-23 10:00');
    expect(historyExportRows(rows.slice(1, 2), columns, '时间', { dimensionType: 'unit', timeUnit: 'day' })[1]?.[0]).toBe('2026-11-23');
  });

  it('writes alarm records in the spec columns, with the texts it is given', () => {
    const record = { id: 1, equipId: 7, equipTitle: 'Pump', signalId: 1, signalTitle: 'Level', ruleId: 1, type: 'signal', level: 2, gmtTrigger: ten, gmtRelease: null, value: 90.5, msg: 'High', confirmed: false, confirmUser: null, gmtConfirm: null } as unknown as AlarmRecord;
    const sheet = alarmExportRows([record, { ...record, id: 2, gmtRelease: ten + 60_000, confirmed: true, confirmUser: 'op', msg: '' }], {
      headings: ['Equipment', 'Type', 'Triggered', 'Released', 'Value', 'Message', 'Operation'],
      type: (r) => `Signal · ${r.signalTitle}`,
      active: 'Active',
      confirmedBy: (user) => `${user} confirmed`,
      unconfirmed: 'Unconfirmed',
    });
    expect(sheet).toEqual([
      ['Equipment', 'Type', 'Triggered', 'Released', 'Value', 'Message', 'Operation'],
      ['Pump', 'Signal · Level', '2026-11-23 10:00:00', 'Active', 90.5, 'High', 'Unconfirmed'],
      ['Pump', 'Signal · Level', '2026-11-23 10:00:00', '2026-11-23 10:01:00', 90.5, null, 'op confirmed'],
    ]);
  });

  it('names the file after the widget, else the equipment, and the range', () => {
    expect(tableFileName(['', ' 1# Pump '], 'history', ten, ten + 3_600_000)).toBe('1#_Pump_20261123-100000_20261123-110000.xlsx');
    expect(tableFileName(['Line A/B', 'Pump'], 'history', ten, ten)).toBe('Line_A_B_20261123-100000_20261123-100000.xlsx');
    expect(tableFileName(['', ''], '报警记录', ten, ten)).toBe('报警记录_20261123-100000_20261123-100000.xlsx');
  });
});

describe('table queries', () => {
  const settings = { timeRange: 60, rollTime: 15, paged: true, filterTime: false, exportExcel: false, dimensionType: 'time', timeUnit: 'hour' } as const;

  it('keys the history per widget and what it asks, repeats every rollTime seconds, and never while the page is hidden', () => {
    const options = historyTableQuery('h1', [2, 1], settings);
    expect(options.queryKey).toEqual(['monitor', 'history', { widget: 'h1', signalIds: [2, 1], timeRange: 60, fixed: null, scope: 'console' }]);
    expect(historyTableQuery('h2', [2, 1], settings).queryKey).not.toEqual(options.queryKey);
    // Another source's calls (the share view's) fill their own entries.
    const shared = { ...consoleRecordCalls, scope: 'share:7' };
    expect(historyTableQuery('h1', [2, 1], settings, Date.now, null, shared).queryKey).not.toEqual(options.queryKey);
    expect(options.refetchInterval).toBe(15_000);
    expect(options.refetchIntervalInBackground).toBe(false);
  });

  it("keys the alarms per widget and page under the equipment's alarm key, which a confirmation refreshes", () => {
    const options = alarmTableQuery([7], 'a1', 2, settings, true);
    expect(options.queryKey.slice(0, 3)).toEqual(['monitor', 'alarms', 7]);
    // A project page's table: under the alarm lists' key too, which a confirmation anywhere refreshes.
    expect(alarmTableQuery([7, 8], 'a1', 2, settings, true).queryKey.slice(0, 4)).toEqual(['monitor', 'alarms', 'of', '7,8']);
    expect(options.queryKey).toContain('a1');
    expect(options.queryKey).toContainEqual({ page: 2, timeRange: 60, fixed: null, scope: 'console' });
    expect(options.refetchInterval).toBe(15_000);
    expect(options.refetchIntervalInBackground).toBe(false);
    expect(alarmTableQuery([7], 'a1', 1, settings, false).enabled).toBe(false);
  });

  it('keys a picked range apart and does not repeat it: a fixed range does not change', () => {
    const fixed = { startTime: 1000, endTime: 2000 };
    const history = historyTableQuery('h1', [2], settings, () => 0, fixed);
    expect(history.queryKey).toEqual(['monitor', 'history', { widget: 'h1', signalIds: [2], timeRange: 60, fixed, scope: 'console' }]);
    expect(history.refetchInterval).toBe(false);
    const alarms = alarmTableQuery([7], 'a1', 1, settings, true, () => 0, fixed);
    expect(alarms.queryKey).toContainEqual({ page: 1, timeRange: 60, fixed, scope: 'console' });
    expect(alarms.refetchInterval).toBe(false);
  });
});
