import { describe, expect, it } from 'vitest';
import { chinaDay, chinaMidnight, checkRange, defaultView, viewParams, viewSpanText, viewStamp } from './view';
import { PAGE_SIZE_MAX, readAllPages, tableParams, type TableRequest } from './table';
import type { ReportData } from '@/generated/answers';

/** 2026-11-29 01:30 in China (UTC+8), the evening before in UTC. */
const NOW = Date.UTC(2026, 10, 28, 17, 30, 0);
const MIDNIGHT = Date.UTC(2026, 10, 28, 16, 0, 0);

describe('views', () => {
  it('reads days and months in China time, whatever the UTC date', () => {
    expect(chinaDay(NOW)).toBe('2026-11-29');
    expect(chinaMidnight(NOW)).toBe(MIDNIGHT);
    expect(chinaMidnight(MIDNIGHT)).toBe(MIDNIGHT);
  });

  it('opens a day and its shifts on yesterday, a month on this month, a range on yesterday', () => {
    expect(defaultView('day', NOW)).toEqual({ kind: 'day', date: '2026-11-28' });
    expect(defaultView('shift', NOW)).toEqual({ kind: 'shift', date: '2026-11-28' });
    expect(defaultView('month', NOW)).toEqual({ kind: 'month', month: '2026-11' });
    expect(defaultView('range', NOW)).toEqual({ kind: 'range', start: MIDNIGHT - 86_400_000, end: MIDNIGHT });
    // The first of a month: the day view still opens on yesterday, in the month before.
    expect(defaultView('day', Date.UTC(2026, 10, 30, 17, 0, 0))).toEqual({ kind: 'day', date: '2026-11-30' });
    expect(defaultView('month', Date.UTC(2026, 10, 30, 17, 0, 0))).toEqual({ kind: 'month', month: '2026-12' });
  });

  it('asks the server for the view it shows', () => {
    expect(viewParams({ kind: 'day', date: '2026-11-28' })).toEqual({ view: 'day', date: '2026-11-28' });
    expect(viewParams({ kind: 'shift', date: '2026-11-28' })).toEqual({ view: 'shift', date: '2026-11-28' });
    expect(viewParams({ kind: 'month', month: '2026-11' })).toEqual({ view: 'month', month: '2026-11' });
    expect(viewParams({ kind: 'range', start: 1, end: 2 })).toEqual({ view: 'range', startTime: 1, endTime: 2 });
    expect(tableParams({ reportId: 4, view: { kind: 'day', date: '2026-11-28' }, page: 3, pageSize: 50 })).toEqual({
      reportId: 4,
      view: 'day',
      date: '2026-11-28',
    });
    expect(tableParams({ reportId: 4, view: { kind: 'range', start: 1, end: 2 }, page: 3, pageSize: 50 })).toEqual({
      reportId: 4,
      view: 'range',
      startTime: 1,
      endTime: 2,
      page: 3,
      pageSize: 50,
    });
  });

  it('refuses a range as the server would', () => {
    expect(checkRange(null, 5)).toEqual({ kind: 'required' });
    expect(checkRange(5, 5)).toEqual({ kind: 'endBeforeStart' });
    expect(checkRange(0, 30 * 86_400_000)).toBeNull();
    expect(checkRange(0, 30 * 86_400_000 + 1)).toEqual({ kind: 'tooLong', maxDays: 30 });
  });

  it('says the span and stamps a file name with it', () => {
    const range = { kind: 'range', start: MIDNIGHT - 86_400_000, end: MIDNIGHT } as const;
    expect(viewSpanText(range)).toBe('2026-11-28 00:00 – 2026-11-29 00:00');
    expect(viewStamp(range)).toBe('20261128-0000_20261129-0000');
    expect(viewStamp({ kind: 'month', month: '2026-11' })).toBe('2026-11');
  });
});

describe('reading every page of a range', () => {
  const answer = (page: number, rows: number, total: number): ReportData => ({
    report: { id: 4, equipmentId: 1, name: 'R', periodMs: 60_000, columns: [], gmtCreate: 0 },
    cols: [],
    rows: Array.from({ length: rows }, (_, i) => ({ start: page * 1000 + i, end: page * 1000 + i + 1, running: false, values: [] })),
    total,
  });
  const request = { reportId: 4, view: { kind: 'range', start: 0, end: 1 } } as const;

  it('asks page after page of the largest size, handing each on as it comes', async () => {
    const asked: TableRequest[] = [];
    const seen: Array<[number, number]> = [];
    await readAllPages(
      request,
      (rows, _data, progress) => {
        expect(rows.length).toBeGreaterThan(0);
        seen.push([progress.read, progress.total]);
      },
      undefined,
      async (r) => {
        asked.push(r);
        return answer(r.page ?? 1, r.page === 3 ? 50 : PAGE_SIZE_MAX, 250);
      },
    );
    expect(asked.map((r) => [r.page, r.pageSize])).toEqual([
      [1, 100],
      [2, 100],
      [3, 100],
    ]);
    expect(seen).toEqual([
      [100, 250],
      [200, 250],
      [250, 250],
    ]);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    let calls = 0;
    const reading = readAllPages(
      request,
      () => controller.abort(),
      controller.signal,
      async (r) => {
        calls++;
        return answer(r.page ?? 1, PAGE_SIZE_MAX, 1000);
      },
    );
    await expect(reading).rejects.toThrow();
    expect(calls).toBe(1);
  });
});
