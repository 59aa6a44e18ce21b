import { describe, expect, it } from 'vitest';
import { bucketsOf, chartLines, historyRows, linesOf, pointCount } from './historySeries';
import type { HistoryAnswer, HistorySeriesAnswer } from './types';

function series(patch: Partial<HistorySeriesAnswer>): HistorySeriesAnswer {
  return {
    signalId: 1,
    signalTitle: 'Inlet pressure',
    equipId: 9,
    equipTitle: '1# Pump station',
    unit: 'bar',
    decimals: 2,
    rows: 3,
    bucketMs: null,
    points: [
      [1000, 1.5, true],
      [2000, 1.6, false],
      [3000, null, false],
    ],
    ...patch,
  };
}

// Two buckets of 1000 ms: low at the start, high at the middle (as the server sends them).
const bucketed = series({
  signalId: 2,
  signalTitle: 'Flow',
  unit: 'm³/h',
  rows: 500_000,
  bucketMs: 1000,
  points: [
    [0, 1, true],
    [500, 9, true],
    [1000, 2, true],
    [1500, 99, true],
  ],
});

describe('history series to chart lines', () => {
  it('draws raw rows as one line of [time, value]', () => {
    expect(linesOf(series({}))).toEqual([
      {
        key: '1',
        signalId: 1,
        signalTitle: 'Inlet pressure',
        unit: 'bar',
        decimals: 2,
        kind: 'raw',
        points: [
          [1000, 1.5],
          [2000, 1.6],
          [3000, null],
        ],
      },
    ]);
  });

  it('draws buckets as a max and a min line at the bucket middles, keeping the spike', () => {
    const [max, min] = linesOf(bucketed);
    expect(max?.kind).toBe('max');
    expect(max?.key).toBe('2:max');
    expect(max?.points).toEqual([
      [500, 9],
      [1500, 99],
    ]);
    expect(min?.kind).toBe('min');
    expect(min?.points).toEqual([
      [500, 1],
      [1500, 2],
    ]);
  });

  it('pairs bucket points and drops a trailing unpaired one', () => {
    expect(bucketsOf({ ...bucketed, points: [...bucketed.points, [2000, 5, true]] })).toEqual([
      [0, 1, 9],
      [1000, 2, 99],
    ]);
    expect(bucketsOf({ ...bucketed, points: [] })).toEqual([]);
  });

  it('flattens every signal and counts the points', () => {
    const answer: HistoryAnswer = { startTime: 0, endTime: 4000, series: [series({}), bucketed] };
    expect(chartLines(answer).map((l) => l.key)).toEqual(['1', '2:max', '2:min']);
    expect(pointCount(answer)).toBe(7);
  });
});

describe('history rows for the table and the export', () => {
  it('lists raw readings and buckets together, newest first, ties in signal order', () => {
    const answer: HistoryAnswer = { startTime: 0, endTime: 4000, series: [series({}), bucketed] };
    const rows = historyRows(answer);
    expect(rows.map((r) => [r.time, r.signalId, r.kind])).toEqual([
      [3000, 1, 'raw'],
      [2000, 1, 'raw'],
      [1000, 1, 'raw'],
      [1000, 2, 'bucket'],
      [0, 2, 'bucket'],
    ]);
    expect(rows[1]).toMatchObject({ kind: 'raw', value: 1.6, good: false });
    expect(rows[3]).toMatchObject({ kind: 'bucket', min: 2, max: 99, bucketMs: 1000 });
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
  });

  it('is empty without series', () => {
    expect(historyRows({ startTime: 0, endTime: 1, series: [] })).toEqual([]);
  });
});
