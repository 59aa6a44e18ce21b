import { describe, expect, it } from 'vitest';
import { formatBaseTime, formatValue, nameProblem, refusedField } from './model';

describe('scene and project rules', () => {
  it('checks names as the server does: trimmed, counted in characters, no control characters', () => {
    expect(nameProblem('   ', 30)).toBe('required');
    expect(nameProblem('场'.repeat(30), 30)).toBeNull();
    expect(nameProblem('场'.repeat(31), 30)).toBe('tooLong');
    expect(nameProblem(` ${'a'.repeat(30)} `, 30)).toBeNull();
    expect(nameProblem('a\u0007b', 30)).toBe('control');
  });

  it('puts refusals on the field they concern', () => {
    expect(refusedField({ code: '1250', message: '' })).toBe('name');
    expect(refusedField({ code: '1252', message: '' })).toBe('name');
    expect(refusedField({ code: '1214', message: '' })).toBe('equipmentIds');
    expect(refusedField({ code: '1100', message: 'Invalid parameter equipmentIds: may have at most 50 items' })).toBe('equipmentIds');
    expect(refusedField({ code: '1100', message: '参数 remark 无效：最多 500 个字符' })).toBe('remark');
    expect(refusedField({ code: '1011', message: 'No permission' })).toBeNull();
  });

  it('formats values and times', () => {
    expect(formatValue(12.34567)).toBe('12.346');
    expect(formatValue(-0.0001)).toBe('0');
    expect(formatValue(null)).toBe('—');
    expect(formatBaseTime(Date.UTC(2026, 0, 2, 16, 0, 0))).toBe('2026-01-03 00:00:00');
    expect(formatBaseTime(null)).toBe('—');
  });
});
