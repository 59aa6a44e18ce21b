/**
 * From the history answer to what the chart, the table and the export show.
 *
 * The server sends a signal's rows as they are when they fit its share of the 200,000-point budget; otherwise it
 * cuts the range into buckets of `bucketMs` and sends, per bucket, the lowest value at the bucket's start and the
 * highest at its middle (api/monitor.rs `history`). Drawn as one line, that zig-zags; so a bucketed signal becomes
 * two lines, the bucket minima and the bucket maxima, both at the bucket's middle: together they draw the band the
 * values moved in, and a one-sample spike stays visible at any zoom.
 *
 * Sized for 200,000 points (issue 4: query plus first render under 1.5 s): a line's points are one typed array,
 * which ECharts copies into its store in one loop, instead of 200,000 small arrays for the garbage collector; the
 * table's rows (one object per point) are built only when the table or the export asks for them.
 */
import type { HistoryAnswer, HistorySeries, MvarSeries } from '@/generated/answers';

/** A chart line's point: [time, value]; a gap (no value) is null. */
export type LinePoint = [number, number | null];

export interface ChartLine {
  /** Stable key: `<signalId>` for raw rows, `<signalId>:min` / `<signalId>:max` for bucket bounds, `mvar:<id>` for
   * a project's variable. */
  key: string;
  /** The signal drawn; 0 for a variable (its {@link ChartLine.mvarId}). */
  signalId: number;
  /** The intermediate variable drawn (a project's history). */
  mvarId?: number;
  signalTitle: string;
  unit: string;
  decimals: number;
  /** Raw rows, bucket bounds, or a variable's value per period (`stepMs`, each value held over its period). */
  kind: 'raw' | 'min' | 'max' | 'period';
  stepMs?: number;
  /** The points in time order, flat: time, value, time, value, …; a gap is NaN (ECharts breaks the line there). */
  data: Float64Array;
}

/** A line's points as [time, value] pairs, gaps as null (for tests and for reading; the chart takes `data`). */
export function linePoints(line: Pick<ChartLine, 'data'>): LinePoint[] {
  const out: LinePoint[] = [];
  for (let i = 0; i + 1 < line.data.length; i += 2) {
    const value = line.data[i + 1]!;
    out.push([line.data[i]!, Number.isNaN(value) ? null : value]);
  }
  return out;
}

/** The pairs of a bucketed series as [bucket start, low, high]. A trailing unpaired point is dropped. */
export function bucketsOf(series: HistorySeries): Array<[number, number | null, number | null]> {
  const out: Array<[number, number | null, number | null]> = [];
  for (let i = 0; i + 1 < series.points.length; i += 2) {
    const low = series.points[i]!;
    const high = series.points[i + 1]!;
    out.push([low[0], low[1], high[1]]);
  }
  return out;
}

/** The lines to draw for one signal: one for raw rows, min and max for buckets. One pass over the points. */
export function linesOf(series: HistorySeries): ChartLine[] {
  const base = {
    signalId: series.signalId,
    signalTitle: series.signalTitle,
    unit: series.unit,
    decimals: series.decimals,
  };
  const points = series.points;
  if (!series.bucketMs) {
    const data = new Float64Array(points.length * 2);
    for (let i = 0; i < points.length; i++) {
      const point = points[i]!;
      data[2 * i] = point[0];
      data[2 * i + 1] = point[1] ?? NaN;
    }
    return [{ ...base, key: String(series.signalId), kind: 'raw', data }];
  }
  const half = Math.floor(series.bucketMs / 2);
  const buckets = Math.floor(points.length / 2);
  const max = new Float64Array(buckets * 2);
  const min = new Float64Array(buckets * 2);
  for (let b = 0; b < buckets; b++) {
    const low = points[2 * b]!;
    const high = points[2 * b + 1]!;
    const middle = low[0] + half;
    max[2 * b] = middle;
    max[2 * b + 1] = high[1] ?? NaN;
    min[2 * b] = middle;
    min[2 * b + 1] = low[1] ?? NaN;
  }
  return [
    { ...base, key: `${series.signalId}:max`, kind: 'max', data: max },
    { ...base, key: `${series.signalId}:min`, kind: 'min', data: min },
  ];
}

/**
 * A variable's line: its value per period, at each period's start, and the last one again at its period's end, so
 * that every value (drawn as a step) spans its whole period.
 */
export function mvarLine(series: MvarSeries): ChartLine {
  const points = series.points;
  const last = points[points.length - 1];
  const data = new Float64Array((points.length + (last ? 1 : 0)) * 2);
  points.forEach(([t, v], i) => {
    data[2 * i] = t;
    data[2 * i + 1] = v ?? NaN;
  });
  if (last) {
    data[2 * points.length] = last[0] + series.stepMs;
    data[2 * points.length + 1] = last[1] ?? NaN;
  }
  const { mvarId, name, unit, decimals, stepMs } = series;
  return { key: `mvar:${mvarId}`, signalId: 0, mvarId, signalTitle: name, unit, decimals, kind: 'period', stepMs, data };
}

export function chartLines(answer: HistoryAnswer): ChartLine[] {
  return [...answer.series.flatMap(linesOf), ...(answer.mvarSeries ?? []).map(mvarLine)];
}

/** Points answered over all series (what the chart has to draw). */
export function pointCount(answer: HistoryAnswer): number {
  const variables = (answer.mvarSeries ?? []).reduce((sum, s) => sum + s.points.length, 0);
  return answer.series.reduce((sum, s) => sum + s.points.length, variables);
}

/** A table row: a raw reading (value and quality) or a bucket (min and max over `bucketMs` from `time`). */
export type HistoryRow =
  | { key: string; time: number; signalId: number; signalTitle: string; unit: string; decimals: number; kind: 'raw'; value: number | null; good: boolean }
  | { key: string; time: number; signalId: number; signalTitle: string; unit: string; decimals: number; kind: 'bucket'; min: number | null; max: number | null; bucketMs: number };

/**
 * Every series' rows in one list, newest first (ties: in the order the signals were chosen), as the table and
 * the export show them.
 *
 * The server answers each series in time order, so the series are merged rather than all rows sorted (a series
 * that is not in time order is sorted first). Called only when the table or the export needs the rows.
 */
export function historyRows(answer: HistoryAnswer): HistoryRow[] {
  const lists = answer.series.map((s, order) => newestFirst(seriesRows(s, order)));
  const total = lists.reduce((sum, list) => sum + list.length, 0);
  const next = lists.map(() => 0);
  const rows = new Array<HistoryRow>(total);
  for (let out = 0; out < total; out++) {
    // The newest remaining row; on a tie the earlier series (strict >), as the signals were chosen.
    let pick = -1;
    let newest = -Infinity;
    for (let l = 0; l < lists.length; l++) {
      const row = lists[l]![next[l]!];
      if (row !== undefined && (pick === -1 || row.time > newest)) {
        pick = l;
        newest = row.time;
      }
    }
    rows[out] = lists[pick]![next[pick]!]!;
    next[pick] = next[pick]! + 1;
  }
  return rows;
}

/** Rows in time order turned newest first; rows of the same time keep their order. */
function newestFirst(rows: HistoryRow[]): HistoryRow[] {
  const out: HistoryRow[] = [];
  let end = rows.length;
  while (end > 0) {
    let start = end - 1;
    while (start > 0 && rows[start - 1]!.time === rows[end - 1]!.time) start--;
    for (let i = start; i < end; i++) out.push(rows[i]!);
    end = start;
  }
  return out;
}

/** One series' rows, oldest first. */
function seriesRows(s: HistorySeries, order: number): HistoryRow[] {
  const base = { signalId: s.signalId, signalTitle: s.signalTitle, unit: s.unit, decimals: s.decimals };
  const rows: HistoryRow[] = [];
  if (s.bucketMs) {
    const bucketMs = s.bucketMs;
    for (let i = 0; 2 * i + 1 < s.points.length; i++) {
      const low = s.points[2 * i]!;
      const high = s.points[2 * i + 1]!;
      rows.push({ ...base, key: `${order}:${i}`, time: low[0], kind: 'bucket', min: low[1], max: high[1], bucketMs });
    }
  } else {
    s.points.forEach(([t, v, good], i) => rows.push({ ...base, key: `${order}:${i}`, time: t, kind: 'raw', value: v, good }));
  }
  for (let i = 1; i < rows.length; i++) {
    if (rows[i]!.time < rows[i - 1]!.time) return rows.sort((a, b) => a.time - b.time); // stable: keeps answer order on ties
  }
  return rows;
}
