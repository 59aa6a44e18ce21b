import { describe, expect, it } from 'vitest';
import { INSPECTION_STEPS, isComplete, judge, rangeText, repairDescription, resultKey, timeOfMinute } from './rules';

const pressure = { name: 'Pressure', kind: 'number' as const, minValue: 2, maxValue: 4.5, unit: 'bar' };

describe('inspection rules', () => {
  it('judges a result as the server does', () => {
    expect(judge({ kind: 'check', minValue: null, maxValue: null }, 'abnormal')).toBe(true);
    expect(judge({ kind: 'check', minValue: null, maxValue: null }, 'normal')).toBe(false);
    expect(judge({ kind: 'check', minValue: null, maxValue: null }, '')).toBeNull();
    expect(judge(pressure, '4.5')).toBe(false);
    expect(judge(pressure, '5.2')).toBe(true);
    expect(judge(pressure, '1.9')).toBe(true);
    expect(judge(pressure, 'high')).toBeNull();
    expect(judge({ kind: 'text', minValue: null, maxValue: null }, 'anything')).toBe(false);
  });

  it('needs every check and number item of every equipment, not text', () => {
    const items = [{ id: 1, kind: 'check' as const }, { id: 2, kind: 'text' as const }];
    const values: Record<string, string> = { [resultKey(7, 1)]: 'normal' };
    expect(isComplete([7], items, (e, i) => values[resultKey(e, i)] ?? '')).toBe(true);
    expect(isComplete([7, 8], items, (e, i) => values[resultKey(e, i)] ?? '')).toBe(false);
  });

  it('describes the abnormal result for the repair order', () => {
    expect(rangeText(pressure)).toBe('2–4.5 bar');
    expect(rangeText({ minValue: 2, maxValue: null, unit: '' })).toBe('≥ 2');
    expect(repairDescription(pressure, '5.2', ' Gauge high ', 'Abnormal', 'XJ202503140001')).toBe(
      'XJ202503140001 Pressure: 5.2 bar (2–4.5 bar) — Gauge high',
    );
    expect(repairDescription({ ...pressure, name: 'Seal', kind: 'check' }, 'abnormal', '', '异常', 'XJ1')).toBe('XJ1 Seal: 异常');
  });

  it('reads the step table the server exports', () => {
    expect(INSPECTION_STEPS.map((s) => s.action)).toEqual(['save', 'submit', 'abort', 'abort']);
    expect(timeOfMinute(7 * 60 + 5)).toBe('07:05');
  });
});
