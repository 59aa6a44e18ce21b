import { describe, expect, it } from 'vitest';
import { formatBaseTime } from '@/lib/chinaTime';
import { formatValue, nameProblem, refusedField } from './model';

describe('scene and project rules', () => {
  it('checks names as the server does: trimmed, counted in characters, no control characters', () => {
    expect(nameProblem('   ', 30)).toBe('required');
    expect(nameProblem('场'.repeat(30), 30)).toBeNull();
    expect(nameProblem('场'.repeat(31), 30)).toBe('tooLong');
    expect(nameProblem(` ${'a'.repeat(30)} `, 30)).toBeNull();
    expect(nameProblem('a\u0007b', 30)).toBe('control');
  });

  it('puts refusals on the field they concern', () => {
    expect(refusedField({ code: '1250', data: null })).toBe('name');
    expect(refusedField({ code: '1252', data: null })).toBe('name');
    expect(refusedField({ code: '1214', data: null })).toBe('equipmentIds');
    expect(refusedField({ code: '1100', data: { field: 'equipmentIds', reason: { kind: 'tooMany' } } })).toBe('equipmentIds');
    expect(refusedField({ code: '1100', data: { field: 'remark', reason: { kind: 'tooLong' } } })).toBe('remark');
    expect(refusedField({ code: '1100', data: { field: 'other', reason: { kind: 'tooLong' } } })).toBeNull();
    expect(refusedField({ code: '1011', data: null })).toBeNull();
  });

  it('formats values and times', () => {
    expect(formatValue(12.34567)).toBe('12.346');
    expect(formatValue(-0.0001)).toBe('0');
    expect(formatValue(null)).toBe('—');
    expect(formatBaseTime(Date.UTC(2026, 0, 2, 16, 0, 0))).toBe('2026-01-03 00:00:00');
    expect(formatBaseTime(null)).toBe('—');
  });
});
