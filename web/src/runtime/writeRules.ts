/**
 * The write rules of spec section 5 for a click-event write, checked before anything is sent: the user must hold
 * the write permission, the signal must be writable, and the value must not be empty, must be a number and must
 * lie within the signal's min/max (both inclusive). The server checks the same again; these only save the
 * operator a round trip and say precisely what is wrong. (The monitor screen has its own copy of the value rules
 * in features/monitor; the viewer may not import a feature.)
 */
import type { RuntimeSignal } from './types';

/** Server code for "You do not have write permission"; its catalogue text is what the operator reads. */
export const WRITE_PERMISSION_CODE = '1208';
/** Server code for "variable is read-only". */
export const READ_ONLY_CODE = '2004';

export type WriteProblem =
  | { kind: 'unbound' }
  | { kind: 'noPermission' }
  | { kind: 'readOnly' }
  | { kind: 'required' }
  | { kind: 'notNumber' }
  | { kind: 'belowMin'; min: number }
  | { kind: 'aboveMax'; max: number };

export type WriteCheck = { ok: true; value: number } | { ok: false; problem: WriteProblem };

/** A decimal number as an operator types it: optional sign, digits with an optional fraction, optional exponent. */
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Whether a write to `signal` may be attempted at all (before any value is asked for). */
export function checkWriteAccess(signal: RuntimeSignal | undefined, canWrite: boolean): WriteProblem | null {
  if (!signal) return { kind: 'unbound' };
  if (!canWrite) return { kind: 'noPermission' };
  if (!signal.writable) return { kind: 'readOnly' };
  return null;
}

/** Checks a value (typed text or the page's fixed number) against the signal's range. */
export function checkWriteValue(signal: Pick<RuntimeSignal, 'min' | 'max'>, input: string | number | null): WriteCheck {
  let value: number;
  if (typeof input === 'number') {
    value = input;
  } else {
    const text = (input ?? '').trim();
    if (text === '') return { ok: false, problem: { kind: 'required' } };
    if (!NUMBER.test(text)) return { ok: false, problem: { kind: 'notNumber' } };
    value = Number(text);
  }
  if (!Number.isFinite(value)) return { ok: false, problem: { kind: 'notNumber' } };
  if (signal.min !== null && value < signal.min) return { ok: false, problem: { kind: 'belowMin', min: signal.min } };
  if (signal.max !== null && value > signal.max) return { ok: false, problem: { kind: 'aboveMax', max: signal.max } };
  return { ok: true, value };
}
