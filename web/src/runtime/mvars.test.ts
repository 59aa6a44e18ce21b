import { describe, expect, it } from 'vitest';
import type { Mvar } from '@/generated/answers';
import { mvarValue, mvarValueKey, mvarValues } from './mvars';
import type { RuntimeValue } from './types';

const mvar = (over: Partial<Mvar>): Mvar => ({
  id: 1, projectId: 4, name: 'v', calc: 'sum', formula: '', signalIds: [1, 2], unit: '', decimals: 2, updated: 1, ...over,
});
const good = (value: number, time = 1000, stale = false): RuntimeValue => ({ value, time, good: true, stale });
const bad: RuntimeValue = { value: 5, time: 900, good: false, stale: false };

describe('intermediate variable values (spec section 5: no input or not finite reads 0)', () => {
  it('computes an aggregate over the good readings, as recent and as stale as they are', () => {
    expect(mvarValue(mvar({ calc: 'sum' }), { '1': good(2, 1000), '2': good(3, 2000, true) })).toEqual({ value: 5, time: 2000, good: true, stale: true });
    expect(mvarValue(mvar({ calc: 'avg' }), { '1': good(2), '2': bad })).toEqual({ value: 2, time: 1000, good: true, stale: false });
  });

  it('reads 0 without input: an aggregate with no good reading, a formula missing one it names', () => {
    expect(mvarValue(mvar({ calc: 'max' }), { '2': bad })).toEqual({ value: 0, time: 0, good: true, stale: false, zero: 'noInput' });
    const formula = mvar({ calc: 'custom', formula: '${7.1} + ${7.2}' });
    expect(mvarValue(formula, { '1': good(2) })).toEqual({ value: 0, time: 0, good: true, stale: false, zero: 'noInput' });
    expect(mvarValue(formula, { '1': good(2), '2': bad })).toMatchObject({ value: 0, zero: 'noInput' });
  });

  it('reads 0 for a result that is not finite, at the time of the readings it used', () => {
    const divided = mvar({ calc: 'custom', formula: '${7.1} / (${7.2} - 1)' });
    expect(mvarValue(divided, { '1': good(3, 1000), '2': good(1, 1500) })).toEqual({ value: 0, time: 1500, good: true, stale: false, zero: 'notFinite' });
    expect(mvarValue(divided, { '1': good(3), '2': good(2) })).toEqual({ value: 3, time: 1000, good: true, stale: false });
  });

  it('gives every variable a value under its key', () => {
    const values = mvarValues([mvar({ id: 3 }), mvar({ id: 4, signalIds: [9] })], { '1': good(1), '2': good(1) });
    expect(values[mvarValueKey(3)]).toMatchObject({ value: 2 });
    expect(values[mvarValueKey(4)]).toMatchObject({ value: 0, zero: 'noInput' });
  });
});
