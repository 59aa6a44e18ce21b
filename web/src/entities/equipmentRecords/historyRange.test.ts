import { describe, expect, it } from 'vitest';
import { capSelection, checkRange, checkSignals, HISTORY_MAX_SIGNALS } from './historyRange';

const DAY = 86_400_000;

describe('history range (spec section 5)', () => {
  it('needs both ends', () => {
    expect(checkRange(null, 1)).toEqual({ kind: 'required' });
    expect(checkRange(1, undefined)).toEqual({ kind: 'required' });
    expect(checkRange(Number.NaN, 1)).toEqual({ kind: 'required' });
  });
  it('refuses an end earlier than the start; equal ends are allowed', () => {
    expect(checkRange(1000, 999)).toEqual({ kind: 'endBeforeStart' });
    expect(checkRange(1000, 1000)).toBeNull();
  });
  it('allows exactly 30 days and refuses one millisecond more', () => {
    expect(checkRange(0, 30 * DAY)).toBeNull();
    expect(checkRange(0, 30 * DAY + 1)).toEqual({ kind: 'tooLong', maxDays: 30 });
  });
});

describe('history signals: at least one, at most 10', () => {
  it('checks the count', () => {
    expect(checkSignals([])).toEqual({ kind: 'none' });
    expect(checkSignals([1])).toBeNull();
    expect(checkSignals(Array.from({ length: 10 }, (_, i) => i))).toBeNull();
    expect(checkSignals(Array.from({ length: 11 }, (_, i) => i))).toEqual({ kind: 'tooMany', max: 10 });
  });
  it('refuses the 11th choice and keeps the 10 before it', () => {
    const ten = Array.from({ length: HISTORY_MAX_SIGNALS }, (_, i) => i);
    expect(capSelection(ten, [...ten, 99])).toEqual({ selection: ten, refused: true });
    expect(capSelection(ten.slice(0, 9), ten)).toEqual({ selection: ten, refused: false });
    expect(capSelection(ten, ten.slice(1))).toEqual({ selection: ten.slice(1), refused: false });
  });
});
