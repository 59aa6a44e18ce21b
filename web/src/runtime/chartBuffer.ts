/**
 * The rolling buffer of a live chart widget (ComplexLine, ComplexArea): the points each of its signals has had
 * since the page was opened. The viewer has no history (no server call); a curve is only what the page received.
 *
 * Pure: every function returns a new buffer, or the same object when nothing changes (so a chart whose signals did
 * not move is not redrawn). A series keeps points of the last `windowMs` (counted back from its newest point) and
 * at most `cap` of them.
 */

/** One point: the value's time (ms) and the value; null is a gap (no value, bad quality). */
export interface ChartPoint {
  t: number;
  v: number | null;
}

/** Points per series key (the signal id as text), oldest first. */
export type ChartBuffer = Readonly<Record<string, readonly ChartPoint[]>>;

/** At most this many points per series, whatever the window. */
export const MAX_POINTS = 2000;

/**
 * The series with `point` appended when it is new (a time later than the series' last point), then cut to the
 * window and the cap. A repeat (same or older time) answers the same array.
 */
export function appendPoint(
  points: readonly ChartPoint[],
  point: ChartPoint,
  windowMs: number,
  cap: number = MAX_POINTS,
): readonly ChartPoint[] {
  if (!Number.isFinite(point.t)) return points;
  const last = points[points.length - 1];
  if (last && point.t <= last.t) return points;
  const from = point.t - windowMs;
  let start = 0;
  while (start < points.length && points[start].t < from) start++;
  const next = [...points.slice(start), point];
  return next.length > cap ? next.slice(next.length - cap) : next;
}

/**
 * The buffer with each series' new point appended (see appendPoint); a series missing from the buffer starts
 * with its point, a key without a point is left as it is. The same object when no series changed.
 */
export function appendPoints(
  buffer: ChartBuffer,
  points: Readonly<Record<string, ChartPoint | undefined>>,
  windowMs: number,
  cap: number = MAX_POINTS,
): ChartBuffer {
  let next: Record<string, readonly ChartPoint[]> | undefined;
  for (const [key, point] of Object.entries(points)) {
    if (!point) continue;
    const before = buffer[key] ?? [];
    const after = appendPoint(before, point, windowMs, cap);
    if (after !== before) {
      next ??= { ...buffer };
      next[key] = after;
    }
  }
  return next ?? buffer;
}
