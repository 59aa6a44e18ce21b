import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { parsePageDocument, type PageDocument } from '../document';
import { PageView } from '../PageView';
import { RUNTIME_CSS } from '../runtimeStyles';
import { TEST_NOW, reading, testContext, testValues } from '../testDocument';
import type { RuntimeValue } from '../types';

function page(): PageDocument {
  return parsePageDocument({
    widgets: [
      // Pump start (3) is 1 in the sample values: the default condition (!= 0) holds.
      { id: 'pipe', widgetType: 'UsualScrollbar', position: { x: 100, y: 50, width: 300, height: 20 }, data: { type: 'signal', signalId: 3 } },
      {
        id: 'riser',
        widgetType: 'UsualScrollbar',
        position: { x: 500, y: 50, width: 24, height: 200 },
        style: { fill: { enable: true, color: '#13C2C2' } },
        data: { type: 'signal', signalId: 1, dataAddon: { symbol: '>', value: 90 } },
      },
      { id: 'loose', widgetType: 'UsualScrollbar', position: { x: 100, y: 300, width: 200, height: 16 } },
    ],
  });
}

function show(values: Record<string, RuntimeValue> = testValues) {
  const doc = page();
  const view = render(<PageView document={doc} context={testContext({ values })} now={TEST_NOW} />);
  return { ...view, update: (next: Record<string, RuntimeValue>) => view.rerender(<PageView document={doc} context={testContext({ values: next })} now={TEST_NOW} />) };
}

const bar = (id: string) => screen.getByTestId(`flow-${id}`);
const stripes = (id: string) => bar(id).querySelector('g[clip-path] > g') as SVGGElement;

beforeEach(async () => {
  await changeLanguage('zh-CN');
});

describe('the flow bar (UsualScrollbar)', () => {
  it('moves its stripes while the bound value meets the condition, and stands still otherwise', () => {
    const view = show();
    expect(bar('pipe').dataset.flowing).toBe('true');
    expect(stripes('pipe').getAttribute('class')).toBe('rt-flow');
    expect(stripes('pipe').style.getPropertyValue('--rt-flow-step')).toBe('24px');
    // Tank level 62.48 is not above 90.
    expect(bar('riser').dataset.flowing).toBe('false');
    expect(stripes('riser').getAttribute('class')).toBeNull();
    view.update({ ...testValues, '3': reading(0), '1': reading(92) });
    expect(bar('pipe').dataset.flowing).toBe('false');
    expect(bar('riser').dataset.flowing).toBe('true');
  });

  it('stands still without a binding or a value, with its stripes faint', () => {
    show({});
    expect(bar('loose').dataset.flowing).toBe('false');
    expect(bar('pipe').dataset.flowing).toBe('false');
    expect(stripes('pipe').querySelector('polygon')?.getAttribute('fill-opacity')).toBe('0.3');
  });

  it('runs along the longer side: a tall bar is turned a quarter, in the fill colour', () => {
    show();
    expect(bar('pipe').getAttribute('transform')).toBe('translate(100 50)');
    expect(bar('riser').getAttribute('transform')).toBe('matrix(0 1 -1 0 524 50)');
    expect(stripes('riser').querySelector('polygon')?.getAttribute('fill')).toBe('#13C2C2');
  });

  it('moves by CSS, which stops for reduced motion', () => {
    expect(RUNTIME_CSS).toContain('@keyframes rt-flow');
    expect(RUNTIME_CSS).toMatch(/@media \(prefers-reduced-motion: reduce\) \{[^}]*\}\s*\.rt-flow \{ animation: none; \}/);
  });
});
