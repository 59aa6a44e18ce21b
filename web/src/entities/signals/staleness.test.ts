import { describe, expect, it } from 'vitest';
import { FALLBACK_PERIOD_MS, isStale, staleAfterMs } from './staleness';

describe('a value is stale after three missed reporting periods', () => {
  const gateway = { interval: 1000, sampleInterval: 60_000 };
  it('uses the monitor interval while monitoring, the sample period otherwise', () => {
    expect(staleAfterMs(gateway, true)).toBe(3000);
    expect(staleAfterMs(gateway, false)).toBe(180_000);
  });
  it('falls back to 60 s periods when the gateway is unknown', () => {
    expect(staleAfterMs(null, true)).toBe(3 * FALLBACK_PERIOD_MS);
    expect(staleAfterMs(undefined, false)).toBe(3 * FALLBACK_PERIOD_MS);
    expect(staleAfterMs({ interval: 0, sampleInterval: null }, true)).toBe(3 * FALLBACK_PERIOD_MS);
  });
  it('without a sample period, takes the slower of the interval and the fallback', () => {
    expect(staleAfterMs({ interval: 120_000 }, false)).toBe(360_000);
    expect(staleAfterMs({ interval: 1000 }, false)).toBe(180_000);
  });
  it('compares the value time with the clock', () => {
    expect(isStale(10_000, 13_000, 3000)).toBe(false);
    expect(isStale(10_000, 13_001, 3000)).toBe(true);
    expect(isStale(20_000, 13_000, 3000)).toBe(false);
    expect(isStale(null, 13_000, 3000)).toBe(true);
    expect(isStale(Number.NaN, 13_000, 3000)).toBe(true);
  });
});
