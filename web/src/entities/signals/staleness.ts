/**
 * When a shown value is too old to trust. The gateway reports every signal every `interval` ms while a monitor
 * window is open, and every `sampleInterval` ms otherwise (crates/gateway/src/report.rs), so a value whose time
 * is more than three such periods behind the clock has missed at least two reports: the same "three sample
 * periods" rule the server's no-data alarm uses (docs/architecture.md, Alarms). Until the gateway's periods are
 * known, {@link FALLBACK_PERIOD_MS} stands in.
 */

/** Missed periods after which a value is shown as stale. */
export const STALE_PERIODS = 3;
/** The period assumed while the gateway's is unknown (no gateway answer yet): the spec's 60 s poll. */
export const FALLBACK_PERIOD_MS = 60_000;

export interface ReportingPeriods {
  /** ms between reports while monitored. */
  interval?: number | null;
  /** ms between history samples otherwise. */
  sampleInterval?: number | null;
}

const positive = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;

/** How old (ms) a value may be before it counts as stale, given whether monitoring is on. */
export function staleAfterMs(gateway: ReportingPeriods | null | undefined, monitoring: boolean): number {
  const period = monitoring ? gateway?.interval : gateway?.sampleInterval;
  if (positive(period)) return STALE_PERIODS * period;
  // Not monitored and no sample period known: the slower of what is known and the fallback.
  const other = positive(gateway?.interval) ? gateway.interval : 0;
  return STALE_PERIODS * Math.max(other, FALLBACK_PERIOD_MS);
}

/** True when the value at `time` is older than `thresholdMs` at `now`. A time in the future is not stale. */
export function isStale(time: number | null | undefined, now: number, thresholdMs: number): boolean {
  if (time === null || time === undefined || !Number.isFinite(time)) return true;
  return now - time > thresholdMs;
}
