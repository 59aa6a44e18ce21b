/**
 * The write rules of spec section 5, checked in the browser before anything is sent, in the order an operator
 * can act on them: a read-only variable cannot be written at all; then the value must not be empty, must be a
 * number, a bit signal takes only 0 or 1, and the value must lie within the signal's min/max. The server checks
 * the same again (2004 read-only, 2003 over the limit, a field error for a non-number; api/monitor.rs `write`),
 * so these only save the operator a round trip and say precisely what is wrong.
 *
 * The write permission is not a value rule: the screen checks it first ({@link WRITE_PERMISSION_CODE}).
 */
import type { MonitorSignal } from './types';

/** Server code for "You do not have write permission" (catalogue); the screen shows its catalogue text. */
export const WRITE_PERMISSION_CODE = '1208';
/** Server code for "variable is read-only". */
export const READ_ONLY_CODE = '2004';

export type WriteProblem =
  | { kind: 'readOnly' }
  | { kind: 'required' }
  | { kind: 'notNumber' }
  | { kind: 'notBit' }
  | { kind: 'belowMin'; min: number }
  | { kind: 'aboveMax'; max: number };

export type WriteCheck = { ok: true; value: number } | { ok: false; problem: WriteProblem };

/** A decimal number as an operator types it: optional sign, digits with an optional fraction, optional exponent. */
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Parses `input` for `signal` and applies the rules above; the number to send when everything holds. */
export function checkWrite(
  signal: Pick<MonitorSignal, 'writable' | 'dataType' | 'min' | 'max'>,
  input: string,
): WriteCheck {
  if (!signal.writable) return { ok: false, problem: { kind: 'readOnly' } };
  const text = input.trim();
  if (text === '') return { ok: false, problem: { kind: 'required' } };
  if (!NUMBER.test(text)) return { ok: false, problem: { kind: 'notNumber' } };
  const value = Number(text);
  if (!Number.isFinite(value)) return { ok: false, problem: { kind: 'notNumber' } };
  if (signal.dataType === 'bool' && value !== 0 && value !== 1) return { ok: false, problem: { kind: 'notBit' } };
  if (signal.min !== null && signal.min !== undefined && value < signal.min) {
    return { ok: false, problem: { kind: 'belowMin', min: signal.min } };
  }
  if (signal.max !== null && signal.max !== undefined && value > signal.max) {
    return { ok: false, problem: { kind: 'aboveMax', max: signal.max } };
  }
  return { ok: true, value };
}
