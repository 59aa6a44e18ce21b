import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { parsePageDocument, type PageDocument } from '../document';
import { PageView } from '../PageView';
import { widgetRegistry } from '../registry';
import { EQUIPMENT_ID, TEST_NOW, reading, testContext, testValues } from '../testDocument';
import type { RuntimeValue } from '../types';
import type { WidgetRenderProps } from './common';

// ECharts needs a real canvas; jsdom has none. The chart module is replaced by one that shows the series it was
// given (the options themselves are tested in chartOptions.test.ts).
vi.mock('@/components/EChart', () => ({
  default: ({ option, height, testId }: { option: { series: Array<{ name?: string; data: unknown[] }> }; height: number; testId?: string }) => (
    <ul data-testid={testId} data-height={height}>
      {option.series.map((s, i) => (
        <li key={i}>{`${s.name ?? ''}: ${JSON.stringify(s.data)}`}</li>
      ))}
    </ul>
  ),
}));

const signal = (id: number) => ({ type: 'signal', equipId: EQUIPMENT_ID, signalId: id, title: '', subTitle: '' });

function page(): PageDocument {
  return parsePageDocument({
    widgets: [
      { id: 'line', widgetType: 'ComplexLine', position: { x: 10, y: 20, width: 300, height: 160 }, data: { signalArray: [signal(2)] } },
      { id: 'bar', widgetType: 'ComplexBar', position: { x: 400, y: 20, width: 300, height: 160 }, data: { signalArray: [signal(1), signal(6)] } },
      { id: 'empty', widgetType: 'ComplexArea', position: { x: 10, y: 300, width: 200, height: 100 }, data: { signalArray: [] } },
      { id: 'text', widgetType: 'UsualDataText', data: { type: 'signal', signalId: 4 } },
    ],
  });
}

function show(values: Record<string, RuntimeValue> = testValues) {
  const doc = page();
  const view = render(<PageView document={doc} context={testContext({ values })} now={TEST_NOW} />);
  return { ...view, update: (next: Record<string, RuntimeValue>) => view.rerender(<PageView document={doc} context={testContext({ values: next })} now={TEST_NOW} />) };
}

const lines = async (id: string) => [...(await screen.findByTestId(`chart-${id}`)).querySelectorAll('li')].map((li) => li.textContent);

beforeEach(async () => {
  await changeLanguage('zh-CN');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('chart widgets in the page', () => {
  it("draws in the widget's box: a foreignObject holding a div of the widget's size", async () => {
    show();
    const box = screen.getByTestId('widget-line').querySelector('foreignObject');
    expect(box?.getAttribute('x')).toBe('10');
    expect(box?.getAttribute('y')).toBe('20');
    expect(box?.getAttribute('width')).toBe('300');
    expect(box?.getAttribute('height')).toBe('160');
    const div = box?.firstElementChild as HTMLElement;
    expect([div.style.width, div.style.height]).toEqual(['300px', '160px']);
    expect((await screen.findByTestId('chart-bar')).dataset.height).toBe('160');
  });

  it('draws the curve from the value present when the page opened and each new one, and says so', async () => {
    const view = show();
    expect(screen.getByTestId('chart-caption-line').textContent).toBe('自打开本页起');
    expect(await lines('line')).toEqual([`Outlet pressure: ${JSON.stringify([[TEST_NOW - 2000, 3.456]])}`]);
    view.update({ ...testValues, '2': reading(3.5, { time: TEST_NOW }) });
    view.update({ ...testValues, '2': reading(3.5, { time: TEST_NOW }) });
    view.update({ ...testValues, '2': reading(3.6, { time: TEST_NOW + 1000, good: false }) });
    expect(await lines('line')).toEqual([
      `Outlet pressure: ${JSON.stringify([
        [TEST_NOW - 2000, 3.456],
        [TEST_NOW, 3.5],
        [TEST_NOW + 1000, '-'],
      ])}`,
    ]);
  });

  it('draws current values per signal, no value as empty', async () => {
    const view = show({ ...testValues, '6': reading(71.25, { good: false }) });
    expect(await lines('bar')).toEqual([`: ${JSON.stringify([{ name: 'Tank level', value: 62.48 }, { name: 'Motor temperature', value: '-' }])}`]);
    view.update({ ...testValues, '1': reading(50) });
    expect(await lines('bar')).toEqual([`: ${JSON.stringify([{ name: 'Tank level', value: 50 }, { name: 'Motor temperature', value: 71.25 }])}`]);
  });

  it('says when a chart has no signals instead of drawing one', () => {
    show();
    expect(screen.getByTestId('chart-empty-empty').textContent).toBe('未绑定信号');
    expect(screen.queryByTestId('chart-empty')).toBeNull();
  });

  it("does not redraw a chart when only other widgets' signals change", async () => {
    const spy = vi.spyOn(widgetRegistry.ComplexLine as { render: (props: WidgetRenderProps) => ReactNode }, 'render');
    const view = show();
    await screen.findByTestId('chart-line');
    spy.mockClear();
    view.update({ ...testValues, '4': reading(1200), '1': reading(10) });
    expect(spy).not.toHaveBeenCalled();
    view.update({ ...testValues, '4': reading(1200), '1': reading(10), '2': reading(4, { time: TEST_NOW }) });
    expect(spy).toHaveBeenCalledTimes(1);
  });
});
