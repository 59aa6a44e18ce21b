import { describe, expect, it } from 'vitest';
import { firstHolding, holds } from './conditions';
import type { ConditionSymbol } from './document';
import { reading } from './testDocument';

describe('conditions (docs/page-document.md, Conditions)', () => {
  it.each<[ConditionSymbol, number, boolean, boolean, boolean]>([
    // symbol, target, holds at 4, holds at 5, holds at 6
    ['==', 5, false, true, false],
    ['!=', 5, true, false, true],
    ['>', 5, false, false, true],
    ['>=', 5, false, true, true],
    ['<', 5, true, false, false],
    ['<=', 5, true, true, false],
  ])('%s %d', (symbol, value, at4, at5, at6) => {
    expect(holds({ symbol, value }, reading(4))).toBe(at4);
    expect(holds({ symbol, value }, reading(5))).toBe(at5);
    expect(holds({ symbol, value }, reading(6))).toBe(at6);
  });

  it.each<ConditionSymbol>(['==', '!=', '>', '>=', '<', '<='])('no condition holds without a value (%s)', (symbol) => {
    expect(holds({ symbol, value: 0 }, undefined)).toBe(false);
    expect(holds({ symbol, value: 0 }, reading(null))).toBe(false);
    expect(holds({ symbol, value: 0 }, reading(Number.NaN))).toBe(false);
  });

  it.each<ConditionSymbol>(['==', '!=', '>', '>=', '<', '<='])('no condition holds on bad quality (%s)', (symbol) => {
    expect(holds({ symbol, value: 0 }, reading(0, { good: false }))).toBe(false);
    expect(holds({ symbol, value: 0 }, reading(1, { good: false }))).toBe(false);
  });

  it('a stale value is still a reading', () => {
    expect(holds({ symbol: '==', value: 1 }, reading(1, { stale: true }))).toBe(true);
  });

  it('a target that is not a number never holds, and neither does an unknown symbol', () => {
    expect(holds({ symbol: '!=', value: Number.NaN }, reading(1))).toBe(false);
    expect(holds({ symbol: '=~' as ConditionSymbol, value: 1 }, reading(1))).toBe(false);
  });

  it('firstHolding picks the first entry that holds', () => {
    const items = [
      { symbol: '>' as const, value: 10, name: 'high' },
      { symbol: '>' as const, value: 5, name: 'mid' },
      { symbol: '>=' as const, value: 0, name: 'low' },
    ];
    expect(firstHolding(items, reading(20))?.name).toBe('high');
    expect(firstHolding(items, reading(7))?.name).toBe('mid');
    expect(firstHolding(items, reading(-1))).toBeUndefined();
    expect(firstHolding(items, undefined)).toBeUndefined();
  });
});
