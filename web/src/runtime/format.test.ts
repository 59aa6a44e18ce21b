import { describe, expect, it } from 'vitest';
import { formatBaseTime, formatNumber, formatValue } from './format';
import { reading } from './testDocument';

const bar = { decimals: 2, unit: 'bar' };

describe('format', () => {
  it('shows the value with the signal decimals and unit', () => {
    expect(formatValue(reading(3.456), bar)).toBe('3.46 bar');
    expect(formatValue(reading(12), { decimals: 0, unit: '' })).toBe('12');
    expect(formatValue(reading(12), { decimals: 1, unit: '  ' })).toBe('12.0');
  });

  it('shows "—" without a value or a signal', () => {
    expect(formatValue(undefined, bar)).toBe('—');
    expect(formatValue(reading(null), bar)).toBe('—');
    expect(formatValue(reading(Number.NaN), bar)).toBe('—');
    expect(formatValue(reading(1), undefined)).toBe('—');
  });

  it('keeps decimals within 0 to 6 and never shows -0', () => {
    expect(formatNumber(1.23456789, 12)).toBe('1.234568');
    expect(formatNumber(1.5, -3)).toBe('2');
    expect(formatNumber(-0.001, 2)).toBe('0.00');
    expect(formatNumber(-0.4, 0)).toBe('0');
  });

  it('shows times in UTC+8 whatever the browser zone, in the timer format', () => {
    const ms = Date.UTC(2026, 10, 23, 16, 5, 9); // 2026-11-24 00:05:09 in UTC+8
    expect(formatBaseTime(ms)).toBe('2026-11-24 00:05:09');
    expect(formatBaseTime(ms, 'HH:mm')).toBe('00:05');
    expect(formatBaseTime(ms, 'YYYY/MM/DD')).toBe('2026/11/24');
    expect(formatBaseTime(null)).toBe('—');
  });
});
