import { describe, expect, it } from 'vitest';
import { parsePageDocument, type WidgetData } from './document';
import { flowConditionOf, flowLayout, isFlowing } from './flowBar';
import { reading } from './testDocument';

function dataOf(dataAddon?: Record<string, unknown>): WidgetData {
  const [widget] = parsePageDocument({ widgets: [{ id: 'f', widgetType: 'UsualScrollbar', data: { type: 'signal', signalId: 3, dataAddon } }] }).widgets;
  if (!widget) throw new Error('no widget');
  return widget.data;
}

describe('the flow bar condition', () => {
  it('takes the spec default: symbol != and value 0', () => {
    expect(flowConditionOf(dataOf())).toEqual({ symbol: '!=', value: 0 });
    expect(flowConditionOf(dataOf({ symbol: 'about', value: null }))).toEqual({ symbol: '!=', value: 0 });
  });

  it('reads dataAddon.symbol and value, a number also as text', () => {
    expect(flowConditionOf(dataOf({ symbol: '>=', value: '50' }))).toEqual({ symbol: '>=', value: 50 });
  });

  it('moves while the value meets the condition, and stands still otherwise', () => {
    const running = dataOf();
    expect(isFlowing(running, reading(1))).toBe(true);
    expect(isFlowing(running, reading(0))).toBe(false);
    const high = dataOf({ symbol: '>', value: 90 });
    expect(isFlowing(high, reading(90.5))).toBe(true);
    expect(isFlowing(high, reading(90))).toBe(false);
  });

  it('stands still without a reading, with a bad one, and for a value that is not a number', () => {
    const data = dataOf();
    expect(isFlowing(data, undefined)).toBe(false);
    expect(isFlowing(data, reading(1, { good: false }))).toBe(false);
    expect(isFlowing(data, reading(null))).toBe(false);
    expect(isFlowing(dataOf({ value: 'on' }), reading(1))).toBe(false);
    // A stale value is still a reading.
    expect(isFlowing(data, reading(1, { stale: true }))).toBe(true);
  });
});

describe('the flow bar stripes', () => {
  it('run along the longer side, one period beyond each end', () => {
    const wide = flowLayout(200, 20);
    expect(wide).toMatchObject({ horizontal: true, length: 200, thickness: 20, period: 24 });
    const first = wide.stripes[0]!;
    const last = wide.stripes[wide.stripes.length - 1]!;
    expect(Math.min(...first.map(([u]) => u))).toBeLessThanOrEqual(-wide.period);
    expect(Math.max(...last.map(([u]) => u))).toBeGreaterThanOrEqual(200);
    expect(first.every(([, v]) => v === 0 || v === 20)).toBe(true);
    const tall = flowLayout(16, 300);
    expect(tall).toMatchObject({ horizontal: false, length: 300, thickness: 16 });
  });

  it('keeps stripes visible on a thin bar', () => {
    expect(flowLayout(100, 2).period).toBe(8);
  });
});
