import { describe, expect, it } from 'vitest';
import { bucketsOf, chartLines, historyRows, linePoints, linesOf, mvarLine, pointCount } from './historySeries';
import type { HistoryAnswer, HistorySeries } from '@/generated/answers';

function series(patch: Partial<HistorySeries>): HistorySeries {
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
  it('draws raw rows as one line of [time, value], a missing value as a gap', () => {
    const lines = linesOf(series({}));
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({ key: '1', signalId: 1, signalTitle: 'Inlet pressure', unit: 'bar', decimals: 2, kind: 'raw' });
    expect(linePoints(line!)).toEqual([
      [1000, 1.5],
      [2000, 1.6],
      [3000, null],
    ]);
  });

  it('hands ECharts one flat typed array per line: time, value, time, value, …; a gap is NaN', () => {
    const [line] = linesOf(series({}));
    expect(line?.data).toBeInstanceOf(Float64Array);
    expect([...line!.data]).toEqual([1000, 1.5, 2000, 1.6, 3000, NaN]);
  });

  it('draws buckets as a max and a min line at the bucket middles, keeping the spike', () => {
    const [max, min] = linesOf(bucketed);
    expect(max?.kind).toBe('max');
    expect(max?.key).toBe('2:max');
    expect(linePoints(max!)).toEqual([
      [500, 9],
      [1500, 99],
    ]);
    expect(min?.kind).toBe('min');
    expect(min?.key).toBe('2:min');
    expect(linePoints(min!)).toEqual([
      [500, 1],
      [1500, 2],
    ]);
  });

  it('drops a trailing unpaired bucket point from the lines too, and keeps a bucket without a value as a gap', () => {
    const [max, min] = linesOf({ ...bucketed, points: [[0, null, false], [500, null, false], ...bucketed.points.slice(2), [2000, 5, true]] });
    expect(linePoints(max!)).toEqual([
      [500, null],
      [1500, 99],
    ]);
    expect(linePoints(min!)).toEqual([
      [500, null],
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

  it('merges many series newest first, ties in signal order, rows of one time in answer order', () => {
    const a = series({ signalId: 1, points: [[1000, 1, true], [2000, 2, true], [2000, 3, true], [4000, 4, true]] });
    const b = series({ signalId: 2, points: [[2000, 20, true], [3000, 30, true]] });
    const c = series({ signalId: 3, points: [] });
    const rows = historyRows({ startTime: 0, endTime: 5000, series: [a, b, c] });
    expect(rows.map((r) => [r.time, r.signalId, r.kind === 'raw' ? r.value : null])).toEqual([
      [4000, 1, 4],
      [3000, 2, 30],
      [2000, 1, 2],
      [2000, 1, 3],
      [2000, 2, 20],
      [1000, 1, 1],
    ]);
  });

  it('orders a series the server did not answer in time order', () => {
    const rows = historyRows({ startTime: 0, endTime: 5000, series: [series({ points: [[3000, 3, true], [1000, 1, true], [2000, 2, true]] })] });
    expect(rows.map((r) => r.time)).toEqual([3000, 2000, 1000]);
  });
});

describe("a project's variables", () => {
  const total = { mvarId: 3, name: 'Total', unit: 'm³/h', decimals: 1, statistic: 'avg' as const, stepMs: 60_000, points: [[0, 15], [60_000, null], [120_000, 16.5]] as Array<[number, number | null]> };

  it('become a line per period after the signals, gaps kept, and count among the points', () => {
    const answer: HistoryAnswer = { startTime: 0, endTime: 180_000, series: [series({})], mvarSeries: [total] };
    const lines = chartLines(answer);
    expect(lines.map((l) => l.key)).toEqual(['1', 'mvar:3']);
    expect(lines[1]).toMatchObject({ kind: 'period', mvarId: 3, signalId: 0, signalTitle: 'Total', stepMs: 60_000 });
    // The last value held to its period's end.
    expect(linePoints(mvarLine(total))).toEqual([[0, 15], [60_000, null], [120_000, 16.5], [180_000, 16.5]]);
    expect(linePoints(mvarLine({ ...total, points: [] }))).toEqual([]);
    expect(pointCount(answer)).toBe(6);
    // The table and the export stay the signals' readings.
    expect(historyRows(answer).every((row) => row.signalId === 1)).toBe(true);
  });
});
