/**
 * From the history answer to what the chart, the table and the export show.
 *
 * The server sends a signal's rows as they are when they fit its share of the 200,000-point budget; otherwise it
 * cuts the range into buckets of `bucketMs` and sends, per bucket, the lowest value at the bucket's start and the
 * highest at its middle (api/monitor.rs `history`). Drawn as one line, that zig-zags; so a bucketed signal becomes
 * two lines, the bucket minima and the bucket maxima, both at the bucket's middle: together they draw the band the
 * values moved in, and a one-sample spike stays visible at any zoom.
 */
import type { HistoryAnswer, HistorySeriesAnswer } from './types';

/** A chart line: [time, value] pairs in time order. */
export type LinePoint = [number, number | null];

export interface ChartLine {
  /** Stable key: `<signalId>` for raw rows, `<signalId>:min` / `<signalId>:max` for bucket bounds. */
  key: string;
  signalId: number;
  signalTitle: string;
  unit: string;
  decimals: number;
  kind: 'raw' | 'min' | 'max';
  points: LinePoint[];
}

/** The pairs of a bucketed series as [bucket start, low, high]. A trailing unpaired point is dropped. */
export function bucketsOf(series: HistorySeriesAnswer): Array<[number, number | null, number | null]> {
  const out: Array<[number, number | null, number | null]> = [];
  for (let i = 0; i + 1 < series.points.length; i += 2) {
    const low = series.points[i]!;
    const high = series.points[i + 1]!;
    out.push([low[0], low[1], high[1]]);
  }
  return out;
}

/** The lines to draw for one signal: one for raw rows, min and max for buckets. */
export function linesOf(series: HistorySeriesAnswer): ChartLine[] {
  const base = {
    signalId: series.signalId,
    signalTitle: series.signalTitle,
    unit: series.unit,
    decimals: series.decimals,
  };
  if (!series.bucketMs) {
    return [{ ...base, key: String(series.signalId), kind: 'raw', points: series.points.map(([t, v]) => [t, v]) }];
  }
  const half = Math.floor(series.bucketMs / 2);
  const buckets = bucketsOf(series);
  return [
    { ...base, key: `${series.signalId}:max`, kind: 'max', points: buckets.map(([t, , hi]) => [t + half, hi]) },
    { ...base, key: `${series.signalId}:min`, kind: 'min', points: buckets.map(([t, lo]) => [t + half, lo]) },
  ];
}

export function chartLines(answer: HistoryAnswer): ChartLine[] {
  return answer.series.flatMap(linesOf);
}

/** Points answered over all series (what the chart has to draw). */
export function pointCount(answer: HistoryAnswer): number {
  return answer.series.reduce((sum, s) => sum + s.points.length, 0);
}

/** A table row: a raw reading (value and quality) or a bucket (min and max over `bucketMs` from `time`). */
export type HistoryRow =
  | { key: string; time: number; signalId: number; signalTitle: string; unit: string; decimals: number; kind: 'raw'; value: number | null; good: boolean }
  | { key: string; time: number; signalId: number; signalTitle: string; unit: string; decimals: number; kind: 'bucket'; min: number | null; max: number | null; bucketMs: number };

/**
 * Every series' rows in one list, newest first (ties: in the order the signals were chosen), as the table and
 * the export show them.
 */
export function historyRows(answer: HistoryAnswer): HistoryRow[] {
  const rows: HistoryRow[] = [];
  answer.series.forEach((s, order) => {
    const base = { signalId: s.signalId, signalTitle: s.signalTitle, unit: s.unit, decimals: s.decimals };
    if (s.bucketMs) {
      const bucketMs = s.bucketMs;
      bucketsOf(s).forEach(([t, lo, hi], i) =>
        rows.push({ ...base, key: `${order}:${i}`, time: t, kind: 'bucket', min: lo, max: hi, bucketMs }),
      );
    } else {
      s.points.forEach(([t, v, good], i) => rows.push({ ...base, key: `${order}:${i}`, time: t, kind: 'raw', value: v, good }));
    }
  });
  const order = new Map(answer.series.map((s, i) => [s.signalId, i]));
  rows.sort((a, b) => b.time - a.time || (order.get(a.signalId) ?? 0) - (order.get(b.signalId) ?? 0));
  return rows;
}
