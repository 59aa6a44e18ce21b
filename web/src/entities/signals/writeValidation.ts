/**
 * The write rules of spec section 5, checked in the browser before anything is sent, in the order an operator can act
 * on them: a read-only variable cannot be written at all; then the value must not be empty, must be a number, a bit
 * signal takes only 0 or 1, and the value must lie within the signal's min/max. The server and the gateway agent check
 * the same again, by the protocol's one rule (`write_refusal`, crates/protocol/src/validate.rs: 2004 read-only, 2003
 * over the limit); all three are held to the cases of entities/signals/writeCases.json. These only save the operator a round
 * trip and say precisely what is wrong.
 *
 * Whether a write may be attempted at all (a bound signal, the write permission, a writable signal) is
 * {@link checkWriteAccess}, asked before a value is.
 */
import type { SignalEntry } from '@/generated/answers';
import { Code } from '@/lib/api/codes';

/** Server code for "You do not have write permission" (catalogue); the screen shows its catalogue text. */
export const WRITE_PERMISSION_CODE = Code.NoWritePermission;
/** Server code for "variable is read-only". */
export const READ_ONLY_CODE = '2004';

export type WriteProblem =
  | { kind: 'unbound' }
  | { kind: 'noPermission' }
  | { kind: 'readOnly' }
  | { kind: 'required' }
  | { kind: 'notNumber' }
  | { kind: 'notBit' }
  | { kind: 'belowMin'; min: number }
  | { kind: 'aboveMax'; max: number };

export type WriteCheck = { ok: true; value: number } | { ok: false; problem: WriteProblem };

/**
 * Whether a write to `signal` may be attempted at all, before any value is asked for: a signal to write (a page's
 * button may be bound to none), the user's write permission, a writable signal. Null when it may.
 */
export function checkWriteAccess(signal: Pick<SignalEntry, 'writable'> | undefined, canWrite: boolean): WriteProblem | null {
  if (!signal) return { kind: 'unbound' };
  if (!canWrite) return { kind: 'noPermission' };
  if (!signal.writable) return { kind: 'readOnly' };
  return null;
}

/** A decimal number as an operator types it: optional sign, digits with an optional fraction, optional exponent. */
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Parses `input` for `signal` and applies the rules above; the number to send when everything holds. */
export function checkWrite(
  signal: Pick<SignalEntry, 'writable' | 'dataType' | 'min' | 'max'>,
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
