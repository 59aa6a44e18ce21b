/**
 * The widget-specific settings the designer offers, as the viewer draws them: the percent fill's text type and
 * the state animation's cycle (the dashboard's stages and the charts' settings are tested with their renderers
 * and options).
 */
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { parsePageDocument } from '../document';
import { PageView } from '../PageView';
import { EQUIPMENT_ID, TEST_NOW, reading, testContext, testValues } from '../testDocument';
import type { RuntimeValue } from '../types';

const pump = { type: 'signal', equipId: EQUIPMENT_ID, signalId: 3, title: 'Pump start', subTitle: '' };
const level = { type: 'signal', equipId: EQUIPMENT_ID, signalId: 1, title: 'Tank level', subTitle: '' };
const box = { x: 10, y: 10, width: 120, height: 60 };

function page(widgets: unknown[]) {
  return parsePageDocument({ widgets });
}

beforeEach(async () => {
  await changeLanguage('zh-CN');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('percent fill text type', () => {
  it('writes the percentage, the value with its unit, or nothing', () => {
    const fill = (id: string, textType?: string) => ({
      id,
      widgetType: 'UsualPercentFill',
      position: box,
      data: { ...level, dataAddon: { minVal: 0, maxVal: 200, ...(textType ? { textType } : {}) } },
    });
    render(<PageView document={page([fill('a'), fill('b', 'value'), fill('c', 'none')])} context={testContext()} now={TEST_NOW} />);
    expect(screen.getByTestId('percent-a').textContent).toBe('31%');
    expect(screen.getByTestId('percent-b').textContent).toBe('62.5 %');
    expect(screen.queryByTestId('percent-c')).toBeNull();
    // The fill itself is drawn whatever the text.
    expect(screen.getByTestId('percent-bar-c')).toBeTruthy();
  });
});

describe('state animation cycle', () => {
  const states = (cycle: Record<string, unknown>) => ({
    id: 'fan',
    widgetType: 'UsualAnimation',
    position: box,
    data: {
      ...pump,
      display: 'text',
      textItems: [
        { symbol: '==', value: 0, text: 'A' },
        { symbol: '==', value: 1, text: 'B' },
        { symbol: '==', value: 2, text: 'C' },
      ],
      cycle,
    },
  });
  const shown = () => screen.getByTestId('widget-fan').textContent;

  it('shows every item in turn, each for its speed, while its condition holds', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    // On a whole 3 × 300 ms, the cycle starts at its first item.
    vi.setSystemTime(Math.ceil(TEST_NOW / 900) * 900);
    const doc = page([states({ enable: true, judgCondition: '==', judgVal: 1, speed: 300 })]);
    const show = (values: Record<string, RuntimeValue>) => <PageView document={doc} context={testContext({ values })} />;
    const view = render(show(testValues));
    expect(screen.getByTestId('widget-fan').querySelector('[data-cycling]')).not.toBeNull();
    expect(shown()).toBe('A');
    act(() => vi.advanceTimersByTime(310));
    expect(shown()).toBe('B');
    act(() => vi.advanceTimersByTime(300));
    expect(shown()).toBe('C');
    act(() => vi.advanceTimersByTime(300));
    expect(shown()).toBe('A');
    // The condition no longer holds: the item whose own condition holds, still.
    view.rerender(show({ ...testValues, '3': reading(2) }));
    expect(shown()).toBe('C');
    act(() => vi.advanceTimersByTime(900));
    expect(shown()).toBe('C');
    expect(screen.getByTestId('widget-fan').querySelector('[data-cycling]')).toBeNull();
  });

  it('does not cycle when switched off, nor without a value', () => {
    render(<PageView document={page([states({ enable: false, judgCondition: '==', judgVal: 1 })])} context={testContext()} now={TEST_NOW} />);
    expect(shown()).toBe('B');
    render(
      <PageView
        document={page([{ ...states({ enable: true, judgCondition: '==', judgVal: 1 }), id: 'other' }])}
        context={testContext({ values: {} })}
        now={TEST_NOW}
      />,
    );
    expect(screen.getByTestId('widget-other').textContent).toBe('');
  });
});
