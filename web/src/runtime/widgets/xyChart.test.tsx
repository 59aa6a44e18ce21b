import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { parsePageDocument, type PageDocument } from '../document';
import { PageView } from '../PageView';
import { EQUIPMENT_ID, TEST_NOW, reading, testContext, testValues } from '../testDocument';
import type { RuntimeValue } from '../types';

// ECharts needs a real canvas; jsdom has none. The chart shows the series it was given (options: xyChartOptions.test.ts).
vi.mock('@/components/EChart', () => ({
  default: ({ option, testId }: { option: { series: Array<{ name?: string; data: unknown[] }> }; testId?: string }) => (
    <ul data-testid={testId}>
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
      { id: 'xy', widgetType: 'ComplexXyline', position: { x: 10, y: 10, width: 400, height: 300 }, data: { signalArray: [signal(2), signal(1)] } },
      { id: 'half', widgetType: 'ComplexXyline', position: { x: 500, y: 10, width: 300, height: 200 }, data: { signalArray: [signal(2)] } },
    ],
  });
}

function show(values: Record<string, RuntimeValue> = testValues) {
  const doc = page();
  const view = render(<PageView document={doc} context={testContext({ values })} now={TEST_NOW} />);
  return { ...view, update: (next: Record<string, RuntimeValue>) => view.rerender(<PageView document={doc} context={testContext({ values: next })} now={TEST_NOW} />) };
}

const lines = async () => [...(await screen.findByTestId('chart-xy')).querySelectorAll('li')].map((li) => li.textContent);

beforeEach(async () => {
  await changeLanguage('zh-CN');
});

describe('the XY curve (ComplexXyline)', () => {
  it('draws the pairs received since the page opened, the newest marked, and says so', async () => {
    const view = show();
    expect(screen.getByTestId('widget-xy').querySelector('foreignObject')?.getAttribute('data-chart')).toBe('xy');
    expect(screen.getByTestId('chart-caption-xy').textContent).toBe('自打开本页起');
    expect(await lines()).toEqual(['trace: [[3.456,62.48]]', 'latest: [[3.456,62.48]]']);
    view.update({ ...testValues, '2': reading(3.5, { time: TEST_NOW }) });
    view.update({ ...testValues, '2': reading(3.5, { time: TEST_NOW }) });
    // A bad reading makes no pair.
    view.update({ ...testValues, '2': reading(3.6, { time: TEST_NOW + 1000, good: false }) });
    expect(await lines()).toEqual(['trace: [[3.456,62.48],[3.5,62.48]]', 'latest: [[3.5,62.48]]']);
    expect(screen.getByTestId('xy-xy').dataset.points).toBe('2');
  });

  it('draws empty axes until both signals have a value', async () => {
    show({});
    expect(await lines()).toEqual(['trace: []', 'latest: []']);
  });

  it('says it needs both signals instead of drawing one', () => {
    show();
    expect(screen.getByTestId('chart-empty-half').textContent).toBe('需绑定 X、Y 两个信号');
    expect(screen.queryByTestId('chart-half')).toBeNull();
  });
});
