/**
 * Track playback's model (docs/track.md): the answer of `track/query` and the clock that plays it. Pure, so the
 * page and the tests share it.
 *
 * Playing does not run in real time (a day's track would take a day): at 1× the whole track plays in
 * {@link PLAY_SECONDS} seconds whatever its length, 2×, 4× and 8× in a half, a quarter and an eighth of that.
 * The cursor is a time; the position at a time between two points is interpolated along their segment, so the
 * marker glides instead of jumping from point to point.
 *
 * The answer (`TrackAnswer`, its points `TrackPoint`s: ms since the epoch, latitude, longitude) is the generated
 * type.
 */
import type { TrackPoint } from '@/generated/answers';

export const SPEEDS = [1, 2, 4, 8] as const;
export type Speed = (typeof SPEEDS)[number];

/** How long the whole track takes at 1×. */
export const PLAY_SECONDS = 60;

/** The default range: the last `hours` hours up to `now`. */
export function recentRange(now: number, hours = 24): [number, number] {
  return [now - hours * 3_600_000, now];
}

/** The first and last time of the path, or null for an empty one. */
export function span(points: readonly TrackPoint[]): { start: number; end: number } | null {
  if (points.length === 0) return null;
  return { start: points[0]!.t, end: points[points.length - 1]!.t };
}

/** The cursor `elapsedMs` of wall-clock time later at `speed`, stopped at the track's end. */
export function advance(cursor: number, elapsedMs: number, speed: Speed, points: readonly TrackPoint[]): number {
  const s = span(points);
  if (!s) return cursor;
  const length = s.end - s.start;
  const step = (length * elapsedMs * speed) / (PLAY_SECONDS * 1000);
  return Math.min(s.end, Math.max(s.start, cursor + step));
}

/** Whether the cursor is at (or past) the end, so Play starts again from the beginning. */
export function atEnd(cursor: number, points: readonly TrackPoint[]): boolean {
  const s = span(points);
  return s !== null && cursor >= s.end;
}

/** The index of the last point at or before `t` (0 before the first point). */
export function indexAt(points: readonly TrackPoint[], t: number): number {
  let lo = 0;
  let hi = points.length - 1;
  if (hi < 0) return 0;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (points[mid]!.t <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The position at time `t`: interpolated between the points around it, the ends held outside the path. */
export function positionAt(points: readonly TrackPoint[], t: number): TrackPoint | null {
  if (points.length === 0) return null;
  const i = indexAt(points, t);
  const a = points[i]!;
  const b = points[i + 1];
  if (t <= a.t || !b) return { ...a };
  const f = (t - a.t) / (b.t - a.t);
  return { t, lat: a.lat + (b.lat - a.lat) * f, lng: a.lng + (b.lng - a.lng) * f };
}

/** Latitude or longitude as shown: six decimals (about 0.1 m). */
export function formatDegrees(value: number): string {
  return value.toFixed(6);
}
