import { describe, expect, it } from 'vitest';
import { clampDecimals, formatNumber, formatSignalValue } from './format';

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
