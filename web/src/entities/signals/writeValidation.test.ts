import { describe, expect, it } from 'vitest';
import { checkWrite } from './writeValidation';
import writeCases from './writeCases.json';

const setpoint = { writable: true, dataType: 'uint16', min: 0, max: 2900 };
const bit = { writable: true, dataType: 'bool', min: null, max: null };
const open = { writable: true, dataType: 'float32', min: null, max: null };

describe('write values (spec section 5)', () => {
  it('refuses any write to a read-only variable, whatever the value', () => {
    expect(checkWrite({ ...setpoint, writable: false }, '10')).toEqual({ ok: false, problem: { kind: 'readOnly' } });
    expect(checkWrite({ ...setpoint, writable: false }, '')).toEqual({ ok: false, problem: { kind: 'readOnly' } });
  });
  it('refuses an empty value', () => {
    expect(checkWrite(setpoint, '')).toEqual({ ok: false, problem: { kind: 'required' } });
    expect(checkWrite(setpoint, '   ')).toEqual({ ok: false, problem: { kind: 'required' } });
  });
  it.each(['abc', '1,5', '12a', '--1', '1.2.3', '0x10', 'Infinity', 'NaN', '.', '1e999'])('refuses %s as not a number', (input) => {
    expect(checkWrite(open, input)).toEqual({ ok: false, problem: { kind: 'notNumber' } });
  });
  it.each([
    ['1500', 1500],
    [' 1500 ', 1500],
    ['0', 0],
    ['2900', 2900],
    ['+12', 12],
    ['1e3', 1000],
    ['.5', 0.5],
    ['12.', 12],
  ])('accepts %s as %d', (input, value) => {
    expect(checkWrite(setpoint, input)).toEqual({ ok: true, value });
  });
  it('keeps the value within min and max, both inclusive', () => {
    expect(checkWrite(setpoint, '-1')).toEqual({ ok: false, problem: { kind: 'belowMin', min: 0 } });
    expect(checkWrite(setpoint, '2900.01')).toEqual({ ok: false, problem: { kind: 'aboveMax', max: 2900 } });
    expect(checkWrite({ ...setpoint, min: null }, '-5')).toEqual({ ok: true, value: -5 });
    expect(checkWrite({ ...setpoint, max: null }, '99999')).toEqual({ ok: true, value: 99999 });
  });
  it('takes only 0 or 1 for a bit signal', () => {
    expect(checkWrite(bit, '1')).toEqual({ ok: true, value: 1 });
    expect(checkWrite(bit, '0')).toEqual({ ok: true, value: 0 });
    expect(checkWrite(bit, '2')).toEqual({ ok: false, problem: { kind: 'notBit' } });
    expect(checkWrite(bit, '0.5')).toEqual({ ok: false, problem: { kind: 'notBit' } });
    expect(checkWrite(bit, 'on')).toEqual({ ok: false, problem: { kind: 'notNumber' } });
  });
  it('accepts negative numbers where the range allows', () => {
    expect(checkWrite(open, '-12.5')).toEqual({ ok: true, value: -12.5 });
  });
});

/**
 * The write rule's cases shared with the server and the gateway agent (writeCases.json, held to the protocol's
 * `write_refusal` by a Rust test that reads it at web/src/entities/signals/): the form refuses what they
 * refuse, for the same reason. The console is told a signal is writable only when its area is (`writableArea`); the
 * form's finer kinds (not a bit, below the minimum, above the maximum) are the protocol's `outOfRange`.
 */
describe('the write rule shared with the server and the agent', () => {
  const refusalOf = (check: ReturnType<typeof checkWrite>): string | null => {
    if (check.ok) return null;
    return check.problem.kind === 'readOnly' ? 'readOnly' : 'outOfRange';
  };
  it.each(writeCases.cases.map((c) => [JSON.stringify(c.signal), c.value, c] as const))('%s ← %d', (_, value, c) => {
    const signal = { ...c.signal, writable: c.signal.writable && c.writableArea };
    expect(refusalOf(checkWrite(signal, String(value)))).toBe(c.refusal);
  });
});
