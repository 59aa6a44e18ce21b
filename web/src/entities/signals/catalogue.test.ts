import { describe, expect, it } from 'vitest';
import { unionCatalogue } from './catalogue';
import type { SignalEntry } from '@/generated/answers';

const signal = (id: number, equipId: number, signalTitle: string): SignalEntry => ({
  valueMap: [],
  id,
  signalTitle,
  equipId,
  equipTitle: `Equipment ${equipId}`,
  area: 'holding',
  dataType: 'u16',
  unit: '',
  decimals: 0,
  writable: true,
  min: null,
  max: null,
});

describe("a project page's catalogue: the union of its equipment's catalogues", () => {
  it("lists every equipment's signals, in the project's order, each knowing its equipment", () => {
    const union = unionCatalogue([8, 7], [[signal(20, 8, 'Flow')], [signal(10, 7, 'Level'), signal(11, 7, 'Flow')]]);
    expect(union.complete).toBe(true);
    expect(union.signals.map((s) => [s.id, s.equipId, s.signalTitle])).toEqual([
      [20, 8, 'Flow'],
      [10, 7, 'Level'],
      [11, 7, 'Flow'],
    ]);
  });

  it("is incomplete while an equipment's catalogue has not answered, listing what has", () => {
    const union = unionCatalogue([7, 8], [[signal(10, 7, 'Level')], undefined]);
    expect(union).toEqual({ signals: [signal(10, 7, 'Level')], complete: false });
  });

  it('keeps a signal only under the equipment it was asked for, and once', () => {
    const union = unionCatalogue([7, 8], [[signal(10, 7, 'Level'), signal(30, 9, 'Stray')], [signal(10, 7, 'Level'), signal(20, 8, 'Flow')]]);
    expect(union.signals.map((s) => s.id)).toEqual([10, 20]);
  });

  it('an equipment page is the union of one; a project without equipment binds nothing', () => {
    expect(unionCatalogue([7], [[signal(10, 7, 'Level')]]).signals).toHaveLength(1);
    expect(unionCatalogue([], [])).toEqual({ signals: [], complete: true });
  });
});
