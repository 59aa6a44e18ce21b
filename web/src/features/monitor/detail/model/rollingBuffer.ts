/**
 * The real-time curve's memory: per signal, the values seen in the last `windowMs`, at most `maxPoints` each, so
 * a screen left open for a shift holds a bounded amount whatever the reporting rate. Values arrive from the live
 * session as snapshots (latest value per signal); one whose time is not newer than the signal's last point is a
 * repeat and is not added again.
 */

export type RollingPoint = [number, number | null];

/** Defaults: windows up to 30 minutes; 200 ms reporting for 30 minutes is 9,000 points, so 10,000 bounds it. */
export const ROLLING_MAX_WINDOW_MS = 30 * 60_000;
export const ROLLING_MAX_POINTS = 10_000;

export class RollingBuffer {
  private readonly series = new Map<string, RollingPoint[]>();
  private latest = -Infinity;

  constructor(
    readonly windowMs: number = ROLLING_MAX_WINDOW_MS,
    readonly maxPoints: number = ROLLING_MAX_POINTS,
  ) {}

  /** Adds a value; returns true when it was new. */
  push(signalId: string, time: number, value: number | null): boolean {
    if (!Number.isFinite(time)) return false;
    let points = this.series.get(signalId);
    if (!points) {
      points = [];
      this.series.set(signalId, points);
    }
    const last = points[points.length - 1];
    if (last && time <= last[0]) return false;
    points.push([time, value]);
    if (time > this.latest) this.latest = time;
    this.trim(points);
    return true;
  }

  /** Adds every entry of a values snapshot (signal id → {time, value}); returns how many were new. */
  pushAll(values: Record<string, { time: number; value: number | null } | undefined>): number {
    let added = 0;
    for (const [id, v] of Object.entries(values)) if (v && this.push(id, v.time, v.value)) added++;
    return added;
  }

  private trim(points: RollingPoint[]): void {
    const cutoff = this.latest - this.windowMs;
    let drop = 0;
    while (drop < points.length && points[drop]![0] < cutoff) drop++;
    if (points.length - drop > this.maxPoints) drop = points.length - this.maxPoints;
    if (drop > 0) points.splice(0, drop);
  }

  /**
   * The points of `signalId` within `windowMs` (at most the buffer's window) before `now`; a copy. Older points
   * of signals that stopped reporting are dropped here too, so memory stays bounded for every signal.
   */
  points(signalId: string, now: number, windowMs: number = this.windowMs): RollingPoint[] {
    const points = this.series.get(signalId);
    if (!points) return [];
    const keepFrom = now - this.windowMs;
    let drop = 0;
    while (drop < points.length && points[drop]![0] < keepFrom) drop++;
    if (drop > 0) points.splice(0, drop);
    const from = now - Math.min(windowMs, this.windowMs);
    return points.filter(([t]) => t >= from);
  }

  /** Points held over all signals (for the memory bound's test and a status line). */
  size(): number {
    let n = 0;
    for (const points of this.series.values()) n += points.length;
    return n;
  }

  clear(): void {
    this.series.clear();
    this.latest = -Infinity;
  }
}
