import { describe, expect, it } from 'vitest';
import { dayOf, daysLeft, expiryState } from './expiry';

/** Noon in China on a day (04:00 UTC). */
const chinaNoon = (date: string) => Date.parse(`${date}T04:00:00Z`);

describe('expiry dates', () => {
  it('reads real days only', () => {
    expect(dayOf('2026-01-01')).toBe(20_454);
    expect(dayOf('2026-02-29')).toBeNull();
    expect(dayOf('2026-1-1')).toBeNull();
    expect(dayOf('')).toBeNull();
  });

  it('counts days in China time, whatever the browser zone', () => {
    expect(daysLeft('2026-12-03', chinaNoon('2026-11-26'))).toBe(7);
    // 16:30 UTC on the 2nd is already the 3rd in China.
    expect(daysLeft('2026-12-03', Date.parse('2026-12-02T16:30:00Z'))).toBe(0);
    expect(daysLeft(null, 0)).toBeNull();
  });

  it('tells far, soon, today and expired apart', () => {
    const now = chinaNoon('2026-11-26');
    expect(expiryState('2027-01-01', now)).toEqual({ kind: 'far', days: 36 });
    expect(expiryState('2026-12-26', now)).toEqual({ kind: 'soon', days: 30 });
    expect(expiryState('2026-11-26', now)).toEqual({ kind: 'today' });
    expect(expiryState('2026-11-20', now)).toEqual({ kind: 'expired', days: 6 });
    expect(expiryState(null, now)).toEqual({ kind: 'none' });
  });
});
