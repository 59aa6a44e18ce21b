import type { ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { repairBindings } from './bindings';
import { FIT_MODES, parsePageDocument, type PageDocument } from './document';
import { PageView } from './PageView';
import { widgetRegistry, type WidgetDef } from './registry';
import { EQUIPMENT_ID, TEST_NOW, reading, testContext, testDocumentRaw, testSignals, testValues } from './testDocument';
import type { RuntimeContext, RuntimeValue } from './types';
import type { WidgetRenderProps } from './widgets/common';
import { GREYED } from './widgets/texts';

// ECharts needs a real canvas; jsdom has none (the chart widgets are tested in widgets/charts.test.tsx).
vi.mock('@/components/EChart', () => ({
  default: ({ testId }: { testId?: string }) => <div data-testid={testId} />,
}));

/** Counts the renders of a registry entry's renderer (WidgetNode looks the renderer up on every render). */
function spyRender(def: WidgetDef) {
  return vi.spyOn(def as { render: (props: WidgetRenderProps) => ReactNode }, 'render');
}

function sampleDocument(): PageDocument {
  return repairBindings(parsePageDocument(testDocumentRaw), testSignals, EQUIPMENT_ID).document;
}

function show(doc: PageDocument = sampleDocument(), context: RuntimeContext = testContext()) {
  const view = render(<PageView document={doc} context={context} now={TEST_NOW} />);
  return {
    ...view,
    update: (values: Record<string, RuntimeValue>) =>
      view.rerender(<PageView document={doc} context={{ ...context, values }} now={TEST_NOW} />),
  };
}

const widget = (id: string) => screen.getByTestId(`widget-${id}`);
const text = (testId: string) => screen.getByTestId(testId).textContent;

beforeEach(async () => {
  await changeLanguage('zh-CN');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('PageView: the canvas', () => {
  it('draws the canvas as one SVG of the page size with the background colour', () => {
    show();
    expect(screen.getByTestId('runtime-page').dataset.fit).toBe('container');
    const svg = screen.getByTestId('runtime-canvas');
    expect(svg.getAttribute('viewBox')).toBe('0 0 1024 768');
    expect(svg.getAttribute('width')).toBe('100%');
    expect(svg.getAttribute('height')).toBe('100%');
    expect(svg.getAttribute('preserveAspectRatio')).toBe('xMidYMid meet');
    expect(screen.getByTestId('runtime-background').getAttribute('fill')).toBe('#F4F7FB');
    expect(document.querySelectorAll('[data-testid="runtime-page"] svg').length).toBeGreaterThan(0);
  });

  it('fits the width (scrolling vertically) or shows 1:1 (scrolling) per con.fit', () => {
    const widthDoc = parsePageDocument({ con: { fit: 'width', width: 800, height: 2000 } });
    const { unmount } = show(widthDoc);
    const page = screen.getByTestId('runtime-page');
    expect(page.style.overflowY).toBe('auto');
    const svg = screen.getByTestId('runtime-canvas');
    expect(svg.style.width).toBe('100%');
    expect(svg.style.aspectRatio).toBe('800 / 2000');
    unmount();

    show(parsePageDocument({ con: { fit: 'none', width: 640, height: 480, bgImage: 'javascript:alert(1)' } }));
    const still = screen.getByTestId('runtime-canvas');
    expect(still.getAttribute('width')).toBe('640');
    expect(still.getAttribute('height')).toBe('480');
    expect(screen.getByTestId('runtime-page').style.overflow).toBe('auto');
    // A background picture is drawn only from a safe address.
    expect(document.querySelector('[data-testid="runtime-canvas"] image')).toBeNull();
  });

  it('fits the height (scrolling across) or stretches over the container per con.fit', () => {
    const { unmount } = show(parsePageDocument({ con: { fit: 'height', width: 3000, height: 600 } }));
    expect(screen.getByTestId('runtime-page').style.overflowX).toBe('auto');
    const tall = screen.getByTestId('runtime-canvas');
    expect(tall.style.height).toBe('100%');
    expect(tall.style.aspectRatio).toBe('3000 / 600');
    unmount();

    show(parsePageDocument({ con: { fit: 'stretch', width: 1024, height: 768 } }));
    const stretched = screen.getByTestId('runtime-canvas');
    expect(stretched.getAttribute('preserveAspectRatio')).toBe('none');
    expect(stretched.getAttribute('width')).toBe('100%');
    expect(screen.getByTestId('runtime-page').dataset.fit).toBe('stretch');
  });

  it('knows exactly the fit modes the server takes', () => {
    expect([...FIT_MODES].sort()).toEqual(['container', 'height', 'none', 'stretch', 'width']);
  });

  it('draws the background picture stretched over the canvas', () => {
    show(parsePageDocument({ con: { bgImage: '/userimg/plant.png' } }));
    const image = document.querySelector('[data-testid="runtime-canvas"] > g > image');
    expect(image?.getAttribute('href')).toBe('/userimg/plant.png');
    expect(image?.getAttribute('preserveAspectRatio')).toBe('none');
    expect(image?.getAttribute('width')).toBe('1024');
  });

  it('puts the animation style sheet in once, with turning stopped for reduced motion', () => {
    show();
    const sheets = screen.getByTestId('runtime-page').querySelectorAll('style');
    expect(sheets).toHaveLength(1);
    const css = sheets[0]?.textContent ?? '';
    expect(css).toMatch(/@media \(prefers-reduced-motion: reduce\)\s*\{\s*\.rt-spin \{ animation: none; \}/);
    expect(css).toContain('transform-box: fill-box');
    expect(css).toContain('transform-origin: center');
  });
});

describe('PageView: shapes', () => {
  it('draws each shape as the right SVG element with its style', () => {
    show();
    const rect = widget('tank-body').querySelector('rect');
    expect(rect?.getAttribute('rx')).toBe('16');
    expect(rect?.getAttribute('fill')).toBe('#FFFFFF');
    expect(rect?.getAttribute('stroke')).toBe('#0F2236');
    expect(rect?.getAttribute('stroke-width')).toBe('2');

    const circle = widget('circle').querySelector('circle');
    expect([circle?.getAttribute('cx'), circle?.getAttribute('cy'), circle?.getAttribute('r')]).toEqual(['430', '335', '30']);
    expect(circle?.getAttribute('fill')).toBe('#FAAD14');

    const ellipse = widget('ellipse').querySelector('ellipse');
    expect([ellipse?.getAttribute('rx'), ellipse?.getAttribute('ry')]).toEqual(['50', '25']);
    expect(ellipse?.getAttribute('fill')).toBe('none');
    expect(ellipse?.getAttribute('stroke-dasharray')).toBe('6 3');
    expect(ellipse?.getAttribute('stroke-width')).toBe('3');

    const line = widget('line').querySelector('polyline');
    expect(line?.getAttribute('points')).toBe('600,360 640,310 680,360 720,310');
    expect(line?.getAttribute('fill')).toBe('none');
    expect(line?.getAttribute('stroke')).toBe('#EB2F96');

    const corners = (id: string) => widget(id).querySelector('polygon')?.getAttribute('points')?.split(' ').length;
    expect(corners('arrow')).toBe(7);
    expect(corners('octagon')).toBe(8);
    expect(corners('parallelogram')).toBe(4);
    expect(corners('prism')).toBe(4);
    expect(widget('triangle').querySelector('polygon')?.getAttribute('points')).toBe('320,390 360,460 280,460');
    expect(widget('arrow').querySelector('polygon')?.getAttribute('stroke')).toBe('none');
  });

  it('rotates a widget about its centre and applies its opacity', () => {
    show();
    expect(widget('tilted').getAttribute('transform')).toBe('rotate(30 420 420)');
    expect(widget('circle').getAttribute('transform')).toBeNull();
    expect(widget('octagon').getAttribute('opacity')).toBe('0.8');
    expect(widget('tilted').dataset.widgetType).toBe('ShapeRect');
  });

  it('draws a group with its children inside it', () => {
    show();
    const group = widget('tank');
    expect(group.dataset.widgetType).toBe('WidgetGroup');
    expect(group.querySelector('[data-testid="widget-tank-body"]')).not.toBeNull();
    expect(group.querySelector('[data-testid="widget-tank-level"]')).not.toBeNull();
  });
});

describe('PageView: texts, values, clock and pictures', () => {
  it('draws texts with their font, colour and alignment', () => {
    show();
    const title = widget('title').querySelector('text');
    expect(title?.textContent).toBe('1# 泵站 Pump station');
    expect(title?.getAttribute('font-size')).toBe('24');
    expect(title?.getAttribute('font-weight')).toBe('bold');
    expect(title?.getAttribute('fill')).toBe('#0F2236');
    expect(title?.getAttribute('text-anchor')).toBe('start');
    expect(title?.getAttribute('x')).toBe('24');
  });

  it('shows the bound value with the signal decimals and unit, and its title and time as a tooltip', () => {
    show();
    expect(text('value-tank-level')).toBe('62.5 %');
    const tooltip = widget('tank-level').querySelector('title')?.textContent ?? '';
    expect(tooltip).toContain('Tank level'); // the catalogue's title (repaired), not the stored one
    expect(tooltip).toContain('2026-11-23 11:59:58');
  });

  it('updates the value when context.values changes', () => {
    const view = show();
    view.update({ ...testValues, '1': reading(80.04) });
    expect(text('value-tank-level')).toBe('80.0 %');
    expect(text('percent-tank-fill')).toBe('80%');
  });

  it("shows a project's statistic from the values under system:<key>, a whole number, '—' until it is known", () => {
    const doc = parsePageDocument({
      con: { width: 400, height: 200 },
      widgets: [{ id: 'online', widgetType: 'UsualDataText', position: { x: 0, y: 0, width: 100, height: 30 }, data: { type: 'system', systemKey: 'online_count', title: '在线设备数' } }],
    });
    const view = show(doc);
    expect(text('value-online')).toBe('—');
    view.update({ ...testValues, 'system:online_count': reading(4) });
    expect(text('value-online')).toBe('4');
    expect(widget('online').querySelector('title')?.textContent).toContain('在线设备数');
  });

  it('greys a stale or bad-quality value and shows "—" without one', () => {
    const view = show();
    expect(widget('tank-level').querySelector('[data-quality]')?.getAttribute('data-quality')).toBe('good');
    expect(screen.getByTestId('value-tank-level').getAttribute('fill')).toBe('#0F2236');

    view.update({ ...testValues, '1': reading(62.48, { stale: true }) });
    expect(screen.getByTestId('value-tank-level').getAttribute('fill')).toBe(GREYED);
    expect(widget('tank-level').querySelector('[data-quality]')?.getAttribute('data-quality')).toBe('stale');
    expect(widget('tank-level').querySelector('title')?.textContent).toContain('数据已过时');

    view.update({ ...testValues, '1': reading(62.48, { good: false }) });
    expect(screen.getByTestId('value-tank-level').getAttribute('fill')).toBe(GREYED);
    expect(widget('tank-level').querySelector('[data-quality]')?.getAttribute('data-quality')).toBe('bad');

    view.update({ ...testValues, '1': reading(null) });
    expect(text('value-tank-level')).toBe('—');
    expect(text('value-lost-signal')).toBe('—'); // its signal left the catalogue: the binding was cleared
  });

  it('shows the time in UTC+8 in the timer format', () => {
    show();
    expect(text('timer-clock')).toBe('2026-11-23 12:00:00');
  });

  it('ticks each second without a fixed time', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      vi.setSystemTime(TEST_NOW);
      render(<PageView document={sampleDocument()} context={testContext()} />);
      expect(text('timer-clock')).toBe('2026-11-23 12:00:00');
      act(() => vi.advanceTimersByTime(1010));
      expect(text('timer-clock')).toBe('2026-11-23 12:00:01');
      act(() => vi.advanceTimersByTime(60_000));
      expect(text('timer-clock')).toBe('2026-11-23 12:01:01');
    } finally {
      vi.useRealTimers();
    }
  });

  it('draws a picture from its address, and none from an unsafe one', () => {
    show(
      parsePageDocument({
        widgets: [
          { id: 'pic', widgetType: 'UsualImage', position: { x: 10, y: 10, width: 50, height: 40 }, data: { url: 'https://cdn.example.com/pump.png' }, style: { fit: 'cover' } },
          { id: 'evil', widgetType: 'UsualImage', position: { x: 10, y: 10, width: 50, height: 40 }, data: { url: 'javascript:alert(1)' } },
        ],
      }),
    );
    const image = widget('pic').querySelector('image');
    expect(image?.getAttribute('href')).toBe('https://cdn.example.com/pump.png');
    expect(image?.getAttribute('preserveAspectRatio')).toBe('xMidYMid slice');
    expect(image?.getAttribute('width')).toBe('50');
    expect(widget('evil').querySelector('image')).toBeNull();
    show();
    expect(widget('logo').querySelector('image')?.getAttribute('preserveAspectRatio')).toBe('xMidYMid meet');
  });
});

describe('PageView: state texts', () => {
  const RUNNING = [
    { value: 0, zh: '停止', en: 'Stopped', color: '#8c8c8c' },
    { value: 1, zh: '运行', en: 'Running', color: '#52c41a' },
  ];
  const signals = new Map(testSignals);
  signals.set(3, { ...(testSignals.get(3) as NonNullable<ReturnType<typeof testSignals.get>>), valueMap: RUNNING });
  const box = { position: { x: 10, y: 10, width: 120, height: 30 } };
  const doc = (extra: Record<string, unknown>, buttonExtra: Record<string, unknown> = {}) =>
    repairBindings(
      parsePageDocument({
        widgets: [
          { id: 'state', widgetType: 'UsualDataText', ...box, data: { type: 'signal', equipId: EQUIPMENT_ID, signalId: 3, ...extra } },
          { id: 'start', widgetType: 'UsualButton', ...box, data: { type: 'signal', equipId: EQUIPMENT_ID, signalId: 3, text: '启动', ...buttonExtra } },
        ],
      }),
      signals,
      EQUIPMENT_ID,
    ).document;

  it('shows a mapped value as its state in its colour, the number in the tooltip; the page may ask for the number', () => {
    const view = show(doc({}), testContext({ signals }));
    expect(text('value-state')).toBe('运行');
    expect(screen.getByTestId('value-state').getAttribute('fill')).toBe('#52c41a');
    expect(widget('state').querySelector('title')?.textContent).toContain('1');
    expect(text('button-start')).toBe('启动');
    view.unmount();
    show(doc({ valueText: 'number' }, { buttonState: true }), testContext({ signals }));
    expect(text('value-state')).toBe('1');
    expect(text('button-start')).toBe('启动 · 运行');
  });
});

describe('PageView: dashboard and percent fill', () => {
  it('draws the gauge with its value between min and max', () => {
    show();
    expect(text('gauge-value-pressure-gauge')).toBe('3.46 bar');
    expect(widget('pressure-gauge').querySelector('[data-fraction]')?.getAttribute('data-fraction')).toBe(String(3.456 / 10));
    expect(screen.getByTestId('gauge-arc-pressure-gauge').getAttribute('stroke')).toBe('#13A8A8');
  });

  it('colours a multistage gauge by the stage its value falls in', () => {
    const view = show();
    // 71.25 °C lies in the 60..90 stage.
    expect(screen.getByTestId('gauge-arc-temperature-gauge').getAttribute('stroke')).toBe('#FAAD14');
    expect(widget('temperature-gauge').querySelectorAll('path').length).toBe(1 + 3 + 1); // track, 3 stages, value
    view.update({ ...testValues, '6': reading(30) });
    expect(screen.getByTestId('gauge-arc-temperature-gauge').getAttribute('stroke')).toBe('#52C41A');
    view.update({ ...testValues, '6': reading(null) });
    expect(screen.queryByTestId('gauge-arc-temperature-gauge')).toBeNull();
    expect(text('gauge-value-temperature-gauge')).toBe('—');
  });

  it('fills the bar, the tank and the doughnut by the percentage, in its orientation', () => {
    const view = show();
    expect(text('percent-tank-fill')).toBe('62%');
    expect(text('percent-level-bar')).toBe('62%');
    expect(text('percent-level-ring')).toBe('62%');
    // lr: grows from the left.
    const bar = screen.getByTestId('percent-bar-level-bar');
    expect(bar.getAttribute('x')).toBe('760');
    expect(Number(bar.getAttribute('width'))).toBeCloseTo(220 * 0.6248);
    // bt: grows from the bottom.
    const tank = screen.getByTestId('percent-bar-tank-fill');
    expect(Number(tank.getAttribute('height'))).toBeCloseTo(220 * 0.6248);
    expect(Number(tank.getAttribute('y'))).toBeCloseTo(100 + 220 * (1 - 0.6248));
    expect(widget('tank-fill').querySelector('[data-chart]')?.getAttribute('data-chart')).toBe('capacity');
    expect(widget('level-ring').querySelector('[data-chart]')?.getAttribute('data-chart')).toBe('doughnut');
    view.update({ ...testValues, '1': reading(150) });
    expect(text('percent-level-bar')).toBe('100%');
    view.update({ ...testValues, '1': reading(5, { good: false }) });
    expect(text('percent-level-bar')).toBe('—');
    expect(screen.queryByTestId('percent-bar-level-bar')).toBeNull();
  });
});

describe('PageView: animations', () => {
  it('turns a widget while its condition holds, and stops when it no longer does', () => {
    const view = show();
    const spin = widget('fan').querySelector('.rt-spin') as SVGElement | null;
    expect(spin).not.toBeNull();
    expect(spin?.style.getPropertyValue('--rt-period')).toBe('1500ms');
    view.update({ ...testValues, '3': reading(0) });
    expect(widget('fan').querySelector('.rt-spin')).toBeNull();
  });

  it('colours and blinks by the value', () => {
    const view = show();
    const lamp = widget('alarm-lamp').querySelector('circle') as SVGElement;
    expect(lamp.getAttribute('fill')).toBe('#FF4D4F');
    expect(lamp.getAttribute('class')).toBe('rt-blink-fill');
    expect(lamp.style.getPropertyValue('--rt-blink')).toBe('#FFF1F0');
    view.update({ ...testValues, '5': reading(0) });
    const calm = widget('alarm-lamp').querySelector('circle') as SVGElement;
    expect(calm.getAttribute('fill')).toBe('#52C41A');
    expect(calm.getAttribute('class')).toBeNull();
    view.update({ ...testValues, '5': reading(0, { good: false }) });
    expect(widget('alarm-lamp').querySelector('circle')?.getAttribute('fill')).toBe('#D9D9D9');
  });

  it('hides and shows by the value', () => {
    const view = show();
    expect(widget('stopped-note').getAttribute('display')).toBe('none');
    view.update({ ...testValues, '3': reading(0) });
    expect(widget('stopped-note').getAttribute('display')).toBeNull();
  });

  it('blinks the whole widget for twinkle "visiable"', () => {
    show(
      parsePageDocument({
        widgets: [
          {
            id: 'w',
            widgetType: 'ShapeRect',
            data: { type: 'signal', signalId: 5 },
            animation: { twinkle: { enable: true, symbol: '==', value: 1, twinkleType: 'visiable' } },
          },
        ],
      }),
    );
    expect(widget('w').getAttribute('class')).toBe('rt-blink-visible');
  });

  it('shows the state animation item whose condition holds', () => {
    const view = show();
    expect(widget('pump-state').textContent).toBe('运行 Running');
    view.update({ ...testValues, '3': reading(0) });
    expect(widget('pump-state').textContent).toBe('停止 Stopped');
    view.update({ ...testValues, '3': reading(7) });
    expect(widget('pump-state').textContent).toBe('');
  });
});

describe('PageView: every type drawn, an unknown one said so', () => {
  it('draws the select and the video with their own renderers, never a placeholder', () => {
    show();
    expect(widget('video').querySelector('[data-placeholder]')).toBeNull();
    expect(widget('select').querySelector('[data-placeholder]')).toBeNull();
  });

  it('draws a live chart as a chart (here one without signals, which says so), not as a placeholder', () => {
    show();
    const trend = widget('trend');
    expect(trend.querySelector('[data-placeholder]')).toBeNull();
    expect(trend.querySelector('foreignObject')?.getAttribute('data-chart')).toBe('line');
    expect(trend.textContent).toBe('未绑定信号自打开本页起');
  });

  it('shows an unknown type as such', () => {
    show();
    const mystery = widget('mystery');
    expect(mystery.dataset.widgetType).toBe('FancyWidget');
    expect(mystery.querySelector('[data-placeholder]')?.getAttribute('data-placeholder')).toBe('unknown');
    expect(mystery.textContent).toBe('Mystery未知的部件类型：FancyWidget');
  });

  it('speaks English when the console does', async () => {
    await changeLanguage('en');
    show();
    expect(widget('mystery').textContent).toBe('MysteryUnknown widget type: FancyWidget');
  });
});

describe('PageView: work per value change', () => {
  it('re-renders only the widgets bound to the signal whose value changed', () => {
    const doc = parsePageDocument({
      widgets: [
        { id: 'a', widgetType: 'UsualDataText', data: { type: 'signal', signalId: 1 } },
        { id: 'b', widgetType: 'UsualDataText', data: { type: 'signal', signalId: 2 } },
        { id: 'g', widgetType: 'WidgetGroup', children: [{ id: 'c', widgetType: 'UsualDataText', data: { type: 'signal', signalId: 2 } }] },
      ],
    });
    const spy = spyRender(widgetRegistry.UsualDataText);
    const view = show(doc);
    expect(spy).toHaveBeenCalledTimes(3);
    spy.mockClear();
    // Signal 1 changes; signal 2 arrives as a new object with the same reading.
    const next = { ...testValues, '1': reading(10), '2': { ...(testValues['2'] as RuntimeValue) } };
    view.update(next);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0]?.[0].widget.id).toBe('a');
    expect(text('value-a')).toBe('10.0 %');
    spy.mockClear();
    view.update({ ...next, '2': reading(9) });
    expect(spy.mock.calls.map((call) => call[0].widget.id).sort()).toEqual(['b', 'c']);
  });

  it('draws a page of 1000 widgets, and a value change redraws only the bound ones', () => {
    const widgets = Array.from({ length: 1000 }, (_, i) =>
      i % 100 === 0
        ? { id: `v${i}`, widgetType: 'UsualDataText', position: { x: (i % 40) * 25, y: Math.floor(i / 40) * 30, width: 24, height: 20 }, data: { type: 'signal', signalId: 1 } }
        : { id: `s${i}`, widgetType: 'ShapeRect', position: { x: (i % 40) * 25, y: Math.floor(i / 40) * 30, width: 20, height: 20 } },
    );
    const doc = parsePageDocument({ widgets });
    const shapes = spyRender(widgetRegistry.ShapeRect);
    const texts = spyRender(widgetRegistry.UsualDataText);
    const view = show(doc);
    expect(document.querySelectorAll('[data-widget-type]').length).toBe(1000);
    expect(shapes).toHaveBeenCalledTimes(990);
    shapes.mockClear();
    texts.mockClear();
    view.update({ ...testValues, '1': reading(12) });
    expect(shapes).not.toHaveBeenCalled();
    expect(texts).toHaveBeenCalledTimes(10);
  });
});
