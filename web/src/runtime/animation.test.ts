import { describe, expect, it } from 'vitest';
import { STILL, lookOf } from './animation';
import { parsePageDocument, type Animation } from './document';
import { reading } from './testDocument';

/** The animation settings as the parser makes them from a document's raw ones. */
function animation(raw: unknown): Animation {
  const w = parsePageDocument({ widgets: [{ id: 'w', widgetType: 'ShapeRect', animation: raw }] }).widgets[0];
  if (!w) throw new Error('no widget');
  return w.animation;
}

describe('animations (docs/page-document.md, Animations)', () => {
  it('without animations the look is still', () => {
    expect(lookOf(animation({}), reading(1))).toBe(STILL);
  });

  it('visiable "hide": hidden while the condition holds', () => {
    const a = animation({ visiable: { enable: true, symbol: '==', value: 1, visiable: 'hide' } });
    expect(lookOf(a, reading(1)).hidden).toBe(true);
    expect(lookOf(a, reading(0)).hidden).toBe(false);
    expect(lookOf(a, undefined).hidden).toBe(false);
  });

  it('visiable "show": shown only while the condition holds (not without a value)', () => {
    const a = animation({ visiable: { enable: true, symbol: '>', value: 50, visiable: 'show' } });
    expect(lookOf(a, reading(60)).hidden).toBe(false);
    expect(lookOf(a, reading(40)).hidden).toBe(true);
    expect(lookOf(a, reading(60, { good: false })).hidden).toBe(true);
  });

  it('a disabled animation does nothing', () => {
    const a = animation({
      visiable: { enable: false, symbol: '==', value: 1 },
      twinkle: { enable: false, symbol: '==', value: 1 },
      rotate: { enable: false, symbol: '==', value: 1 },
      fillColor: { enable: false },
    });
    expect(lookOf(a, reading(1))).toBe(STILL);
  });

  it.each(['visiable', 'fill', 'stroke', 'font'] as const)('twinkle %s blinks with its colour while the condition holds', (twinkleType) => {
    const a = animation({ twinkle: { enable: true, symbol: '==', value: 1, twinkleType, color: '#FF00FF' } });
    expect(lookOf(a, reading(1)).blink).toEqual({ kind: twinkleType, color: '#FF00FF' });
    expect(lookOf(a, reading(0)).blink).toBeNull();
    expect(lookOf(a, reading(1, { good: false })).blink).toBeNull();
  });

  it('rotate turns one turn per speed ms in its direction while the condition holds', () => {
    const a = animation({ rotate: { enable: true, symbol: '!=', value: 0, direction: -1, speed: 2000 } });
    expect(lookOf(a, reading(3)).spin).toEqual({ direction: -1, period: 2000 });
    expect(lookOf(a, reading(0)).spin).toBeNull();
    expect(lookOf(a, undefined).spin).toBeNull();
  });

  it.each([
    ['fillColor', 'fill'],
    ['borderColor', 'stroke'],
    ['fontColor', 'font'],
  ] as const)('%s: the first rule that holds sets the %s colour', (key, field) => {
    const a = animation({
      [key]: {
        enable: true,
        dataArray: [
          { symbol: '>=', value: 80, color: '#FF0000' },
          { symbol: '>=', value: 50, color: '#FFAA00' },
        ],
      },
    });
    expect(lookOf(a, reading(90))[field]).toBe('#FF0000');
    expect(lookOf(a, reading(60))[field]).toBe('#FFAA00');
    expect(lookOf(a, reading(10))[field]).toBeUndefined();
    expect(lookOf(a, undefined)[field]).toBeUndefined();
  });

  it('colour rules default to == 0 red and == 1 yellow', () => {
    const a = animation({ fillColor: { enable: true } });
    expect(lookOf(a, reading(0)).fill).toBe('#FF0000');
    expect(lookOf(a, reading(1)).fill).toBe('#FFFF00');
    expect(lookOf(a, reading(2)).fill).toBeUndefined();
  });
});
