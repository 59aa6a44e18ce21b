import { describe, expect, it } from 'vitest';
import { formatTimer, formatValue } from './format';
import { reading } from './testDocument';

const bar = { decimals: 2, unit: 'bar', dataType: 'float32' };

describe('format', () => {
  it('shows the value with the signal decimals and unit', () => {
    expect(formatValue(reading(3.456), bar)).toBe('3.46 bar');
    expect(formatValue(reading(12), { decimals: 0, unit: '', dataType: 'int16' })).toBe('12');
    expect(formatValue(reading(12), { decimals: 1, unit: '  ', dataType: 'float32' })).toBe('12.0');
  });

  it('shows "—" without a value or a signal', () => {
    expect(formatValue(undefined, bar)).toBe('—');
    expect(formatValue(reading(null), bar)).toBe('—');
    expect(formatValue(reading(Number.NaN), bar)).toBe('—');
    expect(formatValue(reading(1), undefined)).toBe('—');
  });

  it('shows a bit as 0 or 1', () => {
    expect(formatValue(reading(1), { decimals: 2, unit: '', dataType: 'bool' })).toBe('1');
  });

  it('shows times in UTC+8 whatever the browser zone, in the timer format', () => {
    const ms = Date.UTC(2026, 10, 23, 16, 5, 9); // 2026-11-24 00:05:09 in UTC+8
    expect(formatTimer(ms)).toBe('2026-11-24 00:05:09');
    expect(formatTimer(ms, 'HH:mm')).toBe('00:05');
    expect(formatTimer(ms, 'YYYY/MM/DD')).toBe('2026/11/24');
    expect(formatTimer(null)).toBe('—');
  });
});
