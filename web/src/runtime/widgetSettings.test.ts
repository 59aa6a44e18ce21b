import { describe, expect, it } from 'vitest';
import { parsePageDocument, type Widget } from './document';
import { animationCycleOf, percentTextTypeOf } from './widgetSettings';

function widget(widgetType: string, data: Record<string, unknown>): Widget {
  const [w] = parsePageDocument({ widgets: [{ id: 'w', widgetType, position: { x: 0, y: 0, width: 10, height: 10 }, data }] }).widgets;
  if (!w) throw new Error('no widget');
  return w;
}

describe('the percent fill text type', () => {
  it('is the percentage unless the document names value or none', () => {
    expect(percentTextTypeOf(widget('UsualPercentFill', {}).data.dataAddon)).toBe('percentage');
    expect(percentTextTypeOf(widget('UsualPercentFill', { dataAddon: { textType: 'value' } }).data.dataAddon)).toBe('value');
    expect(percentTextTypeOf(widget('UsualPercentFill', { dataAddon: { textType: 'none' } }).data.dataAddon)).toBe('none');
    expect(percentTextTypeOf(widget('UsualPercentFill', { dataAddon: { textType: 7 } }).data.dataAddon)).toBe('percentage');
  });
});

describe('the state animation cycle', () => {
  it('is off, == 0, every 300 ms unless the document says otherwise', () => {
    expect(animationCycleOf(widget('UsualAnimation', {}).data)).toEqual({ enable: false, symbol: '==', value: 0, speed: 300 });
    const data = { cycle: { enable: true, judgCondition: '>=', judgVal: '2', speed: 1000 } };
    expect(animationCycleOf(widget('UsualAnimation', data).data)).toEqual({ enable: true, symbol: '>=', value: 2, speed: 1000 });
  });

  it('reads nonsense as the defaults, a value that is no number as one that holds nothing, and no flicker', () => {
    const data = { cycle: { enable: 'yes', judgCondition: '~', judgVal: 'high', speed: 5 } };
    const cycle = animationCycleOf(widget('UsualAnimation', data).data);
    expect(cycle).toMatchObject({ enable: false, symbol: '==', speed: 50 });
    expect(cycle.value).toBeNaN();
    expect(animationCycleOf(widget('UsualAnimation', { cycle: [1] }).data).enable).toBe(false);
  });
});
