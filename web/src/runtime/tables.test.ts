import { describe, expect, it } from 'vitest';
import type { HistoryAnswer, HistorySeriesAnswer } from '@/lib/equipmentRecords/types';
import { parsePageDocument, type WidgetData } from './document';
import { alarmTableQuery, historyTableQuery } from './tableQueries';
import {
  alarmValueText,
  headingOf,
  historyCellText,
  historyTableRows,
  lastPage,
  pageOf,
  tableSettingsOf,
  tableWindow,
} from './tables';
import { TEST_NOW, testSignals } from './testDocument';

function dataOf(data: Record<string, unknown>): WidgetData {
  const [widget] = parsePageDocument({ widgets: [{ id: 't', widgetType: 'ComplexHistory', data }] }).widgets;
  if (!widget) throw new Error('no widget');
  return widget.data;
}

function series(signalId: number, points: HistorySeriesAnswer['points'], bucketMs: number | null = null): HistorySeriesAnswer {
  return { signalId, signalTitle: `#${signalId}`, equipId: 7, equipTitle: 'Pump', unit: '', decimals: 1, rows: points.length, bucketMs, points };
}

const answer = (...list: HistorySeriesAnswer[]): HistoryAnswer => ({ startTime: 0, endTime: TEST_NOW, series: list });

describe('table settings', () => {
  it('takes the spec defaults: 720 minutes, a roll of 30 seconds, paged', () => {
    expect(tableSettingsOf(dataOf({}))).toEqual({ timeRange: 720, rollTime: 30, paged: true });
  });

  it('reads timeRange, rollTime and page, numbers also as text', () => {
    expect(tableSettingsOf(dataOf({ timeRange: '90', rollTime: 10, page: false }))).toEqual({ timeRange: 90, rollTime: 10, paged: false });
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

describe('table queries', () => {
  const settings = { timeRange: 60, rollTime: 15, paged: true };

  it('keys the history per widget and what it asks, repeats every rollTime seconds, and never while the page is hidden', () => {
    const options = historyTableQuery('h1', [2, 1], settings);
    expect(options.queryKey).toEqual(['monitor', 'history', { widget: 'h1', signalIds: [2, 1], timeRange: 60 }]);
    expect(historyTableQuery('h2', [2, 1], settings).queryKey).not.toEqual(options.queryKey);
    expect(options.refetchInterval).toBe(15_000);
    expect(options.refetchIntervalInBackground).toBe(false);
  });

  it("keys the alarms per widget and page under the equipment's alarm key, which a confirmation refreshes", () => {
    const options = alarmTableQuery(7, 'a1', 2, settings, true);
    expect(options.queryKey.slice(0, 3)).toEqual(['monitor', 'alarms', 7]);
    expect(options.queryKey).toContain('a1');
    expect(options.queryKey).toContainEqual({ page: 2, timeRange: 60 });
    expect(options.refetchInterval).toBe(15_000);
    expect(options.refetchIntervalInBackground).toBe(false);
    expect(alarmTableQuery(7, 'a1', 1, settings, false).enabled).toBe(false);
  });
});
