import { describe, expect, it } from 'vitest';
import { appendPoint, appendPoints, MAX_POINTS, type ChartPoint } from './chartBuffer';

const MIN = 60_000;
const times = (points: readonly ChartPoint[]) => points.map((p) => p.t);

describe('chart buffer: one series', () => {
  it('appends a point with a later time and keeps the order', () => {
    let points: readonly ChartPoint[] = [];
    points = appendPoint(points, { t: 1000, v: 1 }, 60 * MIN);
    points = appendPoint(points, { t: 2000, v: 2 }, 60 * MIN);
    expect(points).toEqual([
      { t: 1000, v: 1 },
      { t: 2000, v: 2 },
    ]);
  });

  it('appends only changes: a repeat or an older time answers the same array', () => {
    const points = appendPoint([], { t: 5000, v: 1 }, 60 * MIN);
    expect(appendPoint(points, { t: 5000, v: 1 }, 60 * MIN)).toBe(points);
    expect(appendPoint(points, { t: 4000, v: 3 }, 60 * MIN)).toBe(points);
    expect(appendPoint(points, { t: Number.NaN, v: 3 }, 60 * MIN)).toBe(points);
  });

  it('keeps a bad value as a gap (null), not as 0', () => {
    const points = appendPoint([{ t: 1000, v: 1 }], { t: 2000, v: null }, 60 * MIN);
    expect(points[1]).toEqual({ t: 2000, v: null });
  });

  it('drops the points older than the window, counted back from the newest', () => {
    let points: readonly ChartPoint[] = [];
    for (let minute = 0; minute <= 12; minute++) points = appendPoint(points, { t: minute * MIN, v: minute }, 10 * MIN);
    // Newest at 12 min: the window starts at 2 min (a point exactly at its start stays).
    expect(times(points)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => m * MIN));
    // A point long after the others leaves only itself.
    expect(appendPoint(points, { t: 100 * MIN, v: 1 }, 10 * MIN)).toEqual([{ t: 100 * MIN, v: 1 }]);
  });

  it(`keeps at most ${MAX_POINTS} points per series, the newest`, () => {
    let points: readonly ChartPoint[] = [];
    for (let i = 0; i < MAX_POINTS + 50; i++) points = appendPoint(points, { t: i * 1000, v: i }, 24 * 60 * MIN);
    expect(points).toHaveLength(MAX_POINTS);
    expect(points[0]).toEqual({ t: 50_000, v: 50 });
    expect(points[MAX_POINTS - 1]?.v).toBe(MAX_POINTS + 49);
    expect(appendPoint([{ t: 1, v: 1 }, { t: 2, v: 2 }], { t: 3, v: 3 }, MIN, 2)).toEqual([{ t: 2, v: 2 }, { t: 3, v: 3 }]);
  });
});

describe('chart buffer: a chart of several series', () => {
  it('starts a series with its first point and leaves series without a new point alone', () => {
    const start = appendPoints({}, { '1': { t: 1000, v: 1 }, '2': undefined }, 60 * MIN);
    expect(start).toEqual({ '1': [{ t: 1000, v: 1 }] });
    const next = appendPoints(start, { '1': { t: 1000, v: 1 }, '2': { t: 2000, v: 7 } }, 60 * MIN);
    expect(next['1']).toBe(start['1']);
    expect(next['2']).toEqual([{ t: 2000, v: 7 }]);
  });

  it('answers the same buffer when no series changed', () => {
    const buffer = appendPoints({}, { '1': { t: 1000, v: 1 }, '2': { t: 1000, v: 2 } }, 60 * MIN);
    expect(appendPoints(buffer, { '1': { t: 1000, v: 1 }, '2': { t: 1000, v: 2 } }, 60 * MIN)).toBe(buffer);
    expect(appendPoints(buffer, {}, 60 * MIN)).toBe(buffer);
  });
});
