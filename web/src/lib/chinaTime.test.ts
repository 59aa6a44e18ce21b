import { describe, expect, it } from 'vitest';
import { baseParts, epochFromBaseParts, formatBaseTime, fromPickerDate, toPickerDate } from './chinaTime';

// 2026-11-23 03:04:05 UTC is 11:04:05 in UTC+8.
const T = Date.UTC(2026, 10, 23, 3, 4, 5);

describe('times are shown in the base timezone UTC+8 (spec section 9)', () => {
  it('formats epoch ms as UTC+8 wall-clock time, whatever the browser zone', () => {
    expect(formatBaseTime(T)).toBe('2026-11-23 11:04:05');
    expect(formatBaseTime(T, 'HH:mm:ss')).toBe('11:04:05');
    expect(formatBaseTime(T, 'MM-DD HH:mm')).toBe('11-23 11:04');
    expect(formatBaseTime(T, 'YYYYMMDD-HHmmss')).toBe('20261123-110405');
  });

  it('crosses the date line at 16:00 UTC', () => {
    expect(formatBaseTime(Date.UTC(2026, 11, 31, 16, 0, 0))).toBe('2027-01-01 00:00:00');
    expect(formatBaseTime(Date.UTC(2026, 11, 31, 15, 59, 59))).toBe('2026-12-31 23:59:59');
  });

  it("shows '—' for a missing or unreadable time", () => {
    expect(formatBaseTime(null)).toBe('—');
    expect(formatBaseTime(undefined)).toBe('—');
    expect(formatBaseTime(Number.NaN)).toBe('—');
  });

  it('reads UTC+8 wall-clock parts back to the same instant', () => {
    expect(baseParts(T)).toEqual({ year: 2026, month: 11, day: 23, hour: 11, minute: 4, second: 5 });
    expect(epochFromBaseParts(baseParts(T))).toBe(T);
  });

  it('round-trips through a picker date that shows the UTC+8 wall clock in the local zone', () => {
    const picked = toPickerDate(T);
    expect([picked.getHours(), picked.getMinutes(), picked.getSeconds()]).toEqual([11, 4, 5]);
    expect(fromPickerDate(picked)).toBe(T);
    expect(fromPickerDate(new Date(2026, 0, 1, 8, 0, 0))).toBe(Date.UTC(2026, 0, 1, 0, 0, 0));
  });
});
