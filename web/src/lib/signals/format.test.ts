import { describe, expect, it } from 'vitest';
import {
  baseParts,
  clampDecimals,
  epochFromBaseParts,
  formatBaseTime,
  formatNumber,
  formatSignalValue,
  fromPickerDate,
  toPickerDate,
} from './format';

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

describe('values are shown with their decimals and unit', () => {
  const float = { decimals: 2, dataType: 'float32', unit: 'bar' };
  it('rounds to the signal decimals and adds the unit', () => {
    expect(formatSignalValue(1.23456, float)).toBe('1.23 bar');
    expect(formatSignalValue(2, float)).toBe('2.00 bar');
    expect(formatSignalValue(1500, { decimals: 0, dataType: 'uint16', unit: 'rpm' })).toBe('1500 rpm');
    expect(formatSignalValue(1499.6, { decimals: 0, dataType: 'uint16', unit: 'rpm' })).toBe('1500 rpm');
  });
  it('leaves the unit out when there is none, and shows — without a value', () => {
    expect(formatSignalValue(3.5, { decimals: 1, dataType: 'float32', unit: '' })).toBe('3.5');
    expect(formatSignalValue(3.5, { decimals: 1, dataType: 'float32', unit: '  ' })).toBe('3.5');
    expect(formatSignalValue(null, float)).toBe('—');
    expect(formatSignalValue(undefined, float)).toBe('—');
    expect(formatSignalValue(Number.POSITIVE_INFINITY, float)).toBe('—');
  });
  it('shows bits as 0 or 1', () => {
    expect(formatNumber(1, { decimals: 0, dataType: 'bool' })).toBe('1');
    expect(formatNumber(0, { decimals: 3, dataType: 'bool' })).toBe('0');
  });
  it('does not show a negative zero', () => {
    expect(formatNumber(-0.001, { decimals: 2, dataType: 'float32' })).toBe('0.00');
    expect(formatNumber(-0.4, { decimals: 0, dataType: 'int16' })).toBe('0');
    expect(formatNumber(-1.5, { decimals: 1, dataType: 'int16' })).toBe('-1.5');
  });
  it('keeps decimals between 0 and 6', () => {
    expect(clampDecimals(-1)).toBe(0);
    expect(clampDecimals(12)).toBe(6);
    expect(clampDecimals(2.7)).toBe(2);
    expect(clampDecimals(null)).toBe(0);
    expect(clampDecimals(Number.NaN)).toBe(0);
  });
});
