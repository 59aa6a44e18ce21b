import { describe, expect, it } from 'vitest';
import { allWidgets, parsePageDocument, type Widget } from './document';
import { testDocumentRaw } from './testDocument';

const only = (raw: unknown): Widget => {
  const doc = parsePageDocument({ widgets: [raw] });
  expect(doc.widgets).toHaveLength(1);
  return doc.widgets[0] as Widget;
};

describe('parsePageDocument: canvas defaults (docs/page-document.md, con)', () => {
  it('fills con with 1024 x 768, container and #FFFFFF when absent', () => {
    const doc = parsePageDocument({});
    expect(doc.con).toEqual({ width: 1024, height: 768, fit: 'container', bgColor: '#FFFFFF', bgImage: '', extra: {} });
    expect(doc.widgets).toEqual([]);
    expect(doc.bind).toEqual({ equips: [], signals: [], keys: [], mvars: [] });
  });

  it('keeps valid options and replaces wrong ones field by field', () => {
    const doc = parsePageDocument({ con: { width: '1920', height: 1080, fit: 'width', bgColor: '#000', bgImage: '/bg.png', grid: 10 } });
    expect(doc.con).toEqual({ width: 1920, height: 1080, fit: 'width', bgColor: '#000', bgImage: '/bg.png', extra: { grid: 10 } });
    const odd = parsePageDocument({ con: { width: 'wide', height: -5, fit: 'cover', bgColor: 42 } });
    expect(odd.con.width).toBe(1024);
    expect(odd.con.height).toBe(100); // 100 to 10,000
    expect(odd.con.fit).toBe('container');
    expect(odd.con.bgColor).toBe('42');
    expect(parsePageDocument({ con: { width: 50000 } }).con.width).toBe(10000);
  });

  it('reads the JSON text the server stores', () => {
    const doc = parsePageDocument(JSON.stringify({ con: { width: 800 }, widgets: [{ id: 'a', widgetType: 'ShapeRect' }] }));
    expect(doc.con.width).toBe(800);
    expect(doc.widgets.map((w) => w.id)).toEqual(['a']);
  });

  it.each([null, undefined, 42, 'not json {', [], true, { widgets: 'nope', con: [] }])('never throws on %s', (raw) => {
    const doc = parsePageDocument(raw);
    expect(doc.con.width).toBe(1024);
    expect(doc.widgets).toEqual([]);
  });
});

describe('parsePageDocument: widgets', () => {
  it('fills the widget defaults', () => {
    const w = only({ id: 'w1', widgetType: 'ShapeRect' });
    expect(w.knownType).toBe(true);
    expect(w.position).toEqual({ x: 0, y: 0, width: 0, height: 0, rotate: 0 });
    expect(w.style.opacity).toBe(1);
    expect(w.style.fill.enable).toBe(true); // shapes are filled and outlined unless the document says otherwise
    expect(w.style.stroke).toEqual({ enable: true, color: '#000000', width: 1, dasharray: '' });
    expect(w.style.font).toEqual({ size: 14, weight: 'normal', family: '' });
    expect(w.style.align).toBe('center');
    expect(w.clickEvent.enable).toBe(false);
    expect(w.clickEvent.config).toMatchObject({
      action: 'write',
      writeType: 'fixed',
      hint: false,
      delay: { enable: true, value: 1000 },
      feedback: true,
      target: '_self',
      // Spec section 3, "Click event": the window it opens is 600 × 600 and a press is `set1` unless said otherwise.
      width: 600,
      height: 600,
      pressType: 'set1',
    });
    expect(w.animation).toEqual({});
    expect(w.children).toEqual([]);
  });

  it("reads a click event's window size and press type, and the defaults for missing or unusable ones", () => {
    const event = (config: Record<string, unknown>) => only({ id: 'b', widgetType: 'UsualButton', clickEvent: { enable: true, config } }).clickEvent.config;
    expect(event({ width: 800, height: '450', pressType: 'set0' })).toMatchObject({ width: 800, height: 450, pressType: 'set0' });
    expect(event({ action: 'link' })).toMatchObject({ width: 600, height: 600, pressType: 'set1', delay: { enable: true, value: 1000 }, feedback: true });
    expect(event({ width: 0, height: -5, pressType: '' })).toMatchObject({ width: 600, height: 600, pressType: 'set1' });
    expect(event({ width: 'wide', height: 1e9 })).toMatchObject({ width: 600, height: 600 });
    // Named fields, not kept twice among the others.
    expect(event({ width: 800 }).extra).toEqual({});
  });

  it('keeps a widget of unknown type, flagged', () => {
    const w = only({ id: 'x', widgetType: 'FancyWidget', position: { x: 5 } });
    expect(w.knownType).toBe(false);
    expect(w.widgetType).toBe('FancyWidget');
    expect(w.position.x).toBe(5);
    expect(only({ id: 'y' }).knownType).toBe(false);
    expect(only({ id: 'z', widgetType: 'toString' }).knownType).toBe(false);
  });

  it('keeps fields the contract does not name', () => {
    const w = only({ id: 'w', widgetType: 'UsualText', authRegion: 'a', data: { text: 'hi', custom: [1] }, style: { flip: true } });
    expect(w.extra).toEqual({ authRegion: 'a' });
    expect(w.data.extra).toEqual({ custom: [1] });
    expect(w.style.extra).toEqual({ flip: true });
  });

  it('gives missing, over-long and repeated ids a stand-in, so every widget is unique', () => {
    const doc = parsePageDocument({
      widgets: [
        { widgetType: 'ShapeRect' },
        { id: 'a', widgetType: 'ShapeRect' },
        { id: 'a', widgetType: 'ShapeRect' },
        { id: 'x'.repeat(65), widgetType: 'WidgetGroup', children: [{ id: 'a', widgetType: 'ShapeRect' }] },
      ],
    });
    const ids = [...allWidgets(doc.widgets)].map((w) => w.id);
    expect(new Set(ids).size).toBe(5);
    expect(ids[1]).toBe('a');
  });

  it('normalises the position: numbers from text, negative sizes to 0, rotation into 0..360', () => {
    const w = only({ id: 'w', widgetType: 'ShapeCircle', position: { x: '10', y: null, width: -4, height: 20, rotate: 450, r: '8', x1: 'a' } });
    expect(w.position).toEqual({ x: 10, y: 0, width: 0, height: 20, rotate: 90, r: 8 });
    expect(only({ id: 'n', widgetType: 'ShapeRect', position: { rotate: -90 } }).position.rotate).toBe(270);
  });

  it('gives a line without 2 valid points a straight line across its box', () => {
    const w = only({ id: 'l', widgetType: 'ShapeLine', position: { x: 10, y: 20, width: 100, height: 40 }, points: [[1, 'x']] });
    expect(w.points).toEqual([
      [10, 40],
      [110, 40],
    ]);
    const ok = only({ id: 'm', widgetType: 'ShapeLine', points: [[0, 0], [5, 5], { x: 9, y: 1 }] });
    expect(ok.points).toEqual([
      [0, 0],
      [5, 5],
      [9, 1],
    ]);
  });

  it('reads group children in canvas units, nested', () => {
    const doc = parsePageDocument(testDocumentRaw);
    const tank = doc.widgets.find((w) => w.id === 'tank');
    expect(tank?.children.map((c) => c.id)).toEqual(['tank-body', 'tank-fill', 'tank-level']);
    // Only groups have children.
    expect(only({ id: 'r', widgetType: 'ShapeRect', children: [{ id: 'c', widgetType: 'ShapeRect' }] }).children).toEqual([]);
  });

  it('reads the signal binding, also from numeric text, and older bindings without a type', () => {
    const w = only({ id: 'd', widgetType: 'UsualDataText', data: { type: 'signal', equipId: '7', signalId: '42', title: 'T' } });
    expect(w.data).toMatchObject({ type: 'signal', equipId: 7, signalId: 42, title: 'T', subTitle: '' });
    expect(only({ id: 'e', widgetType: 'UsualDataText', data: { signalId: 3 } }).data.type).toBe('signal');
    expect(only({ id: 'f', widgetType: 'UsualDataText', data: { signalId: -1 } }).data.signalId).toBeNull();
  });

  it('fills the widget-specific defaults (dashboard, percent fill, timer, state animation)', () => {
    const gauge = only({ id: 'g', widgetType: 'UsualDashboard' }).data.dataAddon;
    expect(gauge).toMatchObject({ type: 'monochrome', minVal: 0, maxVal: 100 });
    expect(gauge.steps.map((s) => s.value)).toEqual([25, 50, 75, 100]);
    expect(only({ id: 'p', widgetType: 'UsualPercentFill' }).data.dataAddon).toMatchObject({ type: 'rectangleChart', orientation: 'bt' });
    expect(only({ id: 't', widgetType: 'UsualTimer' }).data.format).toBe('YYYY-MM-DD HH:mm:ss');
    const anim = only({ id: 'a', widgetType: 'UsualAnimation', data: { display: 'text' } }).data;
    expect(anim.textItems).toEqual([
      { symbol: '==', value: 0, url: '', text: 'off' },
      { symbol: '==', value: 1, url: '', text: 'on' },
    ]);
  });

  it('fills animation defaults: symbol ==, value 0, colour rules ==0 red and ==1 yellow', () => {
    const w = only({
      id: 'a',
      widgetType: 'ShapeRect',
      animation: { visiable: { enable: true }, rotate: { enable: true, direction: -1, speed: 10 }, fillColor: { enable: true }, twinkle: { enable: true, value: 'x' } },
    });
    expect(w.animation.visiable).toEqual({ enable: true, symbol: '==', value: 0, visiable: 'hide' });
    expect(w.animation.rotate).toEqual({ enable: true, symbol: '==', value: 0, direction: -1, speed: 50 });
    expect(w.animation.fillColor?.dataArray).toEqual([
      { symbol: '==', value: 0, color: '#FF0000' },
      { symbol: '==', value: 1, color: '#FFFF00' },
    ]);
    // A value that is not a number never matches (NaN), rather than silently becoming 0.
    expect(Number.isNaN(w.animation.twinkle?.value)).toBe(true);
  });

  it('reads click events: a fixed value that is not a number becomes null, page ids must be positive', () => {
    const w = only({
      id: 'b',
      widgetType: 'UsualButton',
      clickEvent: { enable: 'true', config: { action: 'write', writeValue: 'abc', pageId: 0, target: '_top' } },
    });
    expect(w.clickEvent.enable).toBe(true);
    expect(w.clickEvent.config.writeValue).toBeNull();
    expect(w.clickEvent.config.pageId).toBeNull();
    expect(w.clickEvent.config.target).toBe('_self');
    expect(only({ id: 'c', widgetType: 'UsualButton', clickEvent: { config: { writeValue: '2.5' } } }).clickEvent.config.writeValue).toBe(2.5);
  });

  it('does not recurse without end on a hostile nesting', () => {
    let raw: Record<string, unknown> = { id: 'leaf', widgetType: 'ShapeRect' };
    for (let i = 0; i < 500; i++) raw = { id: `g${i}`, widgetType: 'WidgetGroup', children: [raw] };
    const doc = parsePageDocument({ widgets: [raw] });
    expect([...allWidgets(doc.widgets)].length).toBeLessThanOrEqual(64);
  });
});
