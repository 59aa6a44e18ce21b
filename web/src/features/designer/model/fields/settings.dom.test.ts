/**
 * The widget-specific settings (spec section 3) as the property description reads and writes them: defaults as
 * the viewer reads them, each write a new widget (the old one untouched), values the viewer could not draw kept
 * out, and a field shown only where it applies.
 */
import { describe, expect, it } from 'vitest';
import { chartSettingsOf } from '@/runtime/chartOptions';
import { DEFAULT_GAUGE_STEPS, DEFAULT_TIMER_FORMAT, parsePageDocument, type Widget } from '@/runtime/document';
import { animationCycleOf, percentTextTypeOf } from '@/runtime/widgetSettings';
import { writeWidget } from '../writeDocument';
import { sectionsOf, withField } from '../properties';
import type { FieldDef, Row } from './types';

function widget(widgetType: string, data: Record<string, unknown> = {}): Widget {
  const [w] = parsePageDocument({ widgets: [{ id: 'w', widgetType, position: { x: 0, y: 0, width: 200, height: 160 }, data }] }).widgets;
  return w as Widget;
}

const fieldOf = (w: Widget, id: string): FieldDef => {
  const found = sectionsOf(w.widgetType).flatMap((s) => s.fields).find((f) => f.id === id);
  if (!found) throw new Error(`${w.widgetType} has no field ${id}`);
  return found;
};
const get = (w: Widget, id: string) => fieldOf(w, id).get(w);
const shown = (w: Widget) => sectionsOf(w.widgetType).flatMap((s) => s.fields).filter((f) => f.shown?.(w) ?? true).map((f) => f.id);
/** The widget as the server stores it and the viewer reads it back. */
const stored = (w: Widget) => writeWidget(w) as { data: Record<string, unknown> };

describe('dashboard', () => {
  it('starts monochrome with the spec stages 25, 50, 75, 100 and shows the colour or the stages by its type', () => {
    const gauge = widget('UsualDashboard');
    expect(get(gauge, 'gaugeType')).toBe('monochrome');
    expect(get(gauge, 'gaugeSteps')).toEqual(DEFAULT_GAUGE_STEPS);
    expect(DEFAULT_GAUGE_STEPS.map((s) => s.value)).toEqual([25, 50, 75, 100]);
    expect(shown(gauge)).toContain('gaugeColor');
    expect(shown(gauge)).not.toContain('gaugeSteps');
    const staged = withField(gauge, 'gaugeType', 'multistage');
    expect(staged.data.dataAddon.type).toBe('multistage');
    expect(gauge.data.dataAddon.type).toBe('monochrome');
    expect(shown(staged)).toContain('gaugeSteps');
    expect(shown(staged)).not.toContain('gaugeColor');
    expect(withField(gauge, 'gaugeType', 'nonsense').data.dataAddon.type).toBe('monochrome');
  });

  it('colours a monochrome gauge with its fill colour, the one the viewer draws it in', () => {
    const gauge = withField(widget('UsualDashboard'), 'gaugeColor', '#13A8A8');
    expect(gauge.style.fill.color).toBe('#13A8A8');
    expect(get(gauge, 'gaugeColor')).toBe('#13A8A8');
  });

  it('keeps the stages in the order of their values, each with a colour, at least one', () => {
    const staged = withField(widget('UsualDashboard'), 'gaugeType', 'multistage');
    const edited = withField(staged, 'gaugeSteps', [
      { value: 80, color: '#FF0000' },
      { value: 'x', color: '' },
      { value: 40, color: '#00FF00' },
    ]);
    expect(edited.data.dataAddon.steps).toEqual([
      { value: 0, color: '#1677FF' },
      { value: 40, color: '#00FF00' },
      { value: 80, color: '#FF0000' },
    ]);
    expect(withField(staged, 'gaugeSteps', [])).toBe(staged);
    const kind = fieldOf(staged, 'gaugeSteps').type as Extract<FieldDef['type'], { kind: 'rows' }>;
    expect(kind.newRow(staged.data.dataAddon.steps as unknown as Row[])).toEqual({ value: 125, color: '#FF4D4F' });
    expect(stored(edited).data.dataAddon).toMatchObject({ type: 'multistage', steps: edited.data.dataAddon.steps });
  });

  it('keeps the range open: a minimum typed above the maximum stays below it', () => {
    const gauge = widget('UsualDashboard');
    expect(withField(gauge, 'minVal', 20).data.dataAddon.minVal).toBe(20);
    expect(withField(gauge, 'minVal', 150).data.dataAddon.minVal).toBe(99);
    expect(withField(gauge, 'maxVal', -5).data.dataAddon.maxVal).toBe(1);
  });
});

describe('percent fill', () => {
  it('starts as a bar filling bottom up with the percentage, as the viewer reads it', () => {
    const fill = widget('UsualPercentFill');
    expect([get(fill, 'percentType'), get(fill, 'orientation'), get(fill, 'textType')]).toEqual(['rectangleChart', 'bt', 'percentage']);
  });

  it('writes the shape, the orientation and the text type where the viewer reads them', () => {
    const fill = widget('UsualPercentFill');
    const tank = withField(withField(withField(fill, 'percentType', 'capacityChart'), 'orientation', 'lr'), 'textType', 'value');
    expect(tank.data.dataAddon).toMatchObject({ type: 'capacityChart', orientation: 'lr' });
    expect(percentTextTypeOf(tank.data.dataAddon)).toBe('value');
    expect(stored(tank).data.dataAddon).toMatchObject({ type: 'capacityChart', orientation: 'lr', textType: 'value' });
    expect(fill.data.dataAddon.extra).toEqual({});
    expect(withField(fill, 'orientation', 'diagonal').data.dataAddon.orientation).toBe('bt');
    expect(withField(fill, 'textType', 'words').data.dataAddon.extra.textType).toBe('percentage');
  });

  it('offers no orientation for a doughnut, which fills round', () => {
    const ring = withField(widget('UsualPercentFill'), 'percentType', 'doughnutChart');
    expect(shown(ring)).not.toContain('orientation');
    expect(shown(widget('UsualPercentFill'))).toContain('orientation');
  });
});

describe('state animation', () => {
  it('starts with pictures, the states 0 and 1 ("off" and "on" as texts), and no cycle', () => {
    const states = widget('UsualAnimation');
    expect(get(states, 'display')).toBe('image');
    expect((get(states, 'imgItems') as Row[]).map((r) => [r.symbol, r.value])).toEqual([
      ['==', 0],
      ['==', 1],
    ]);
    expect((get(states, 'textItems') as Row[]).map((r) => r.text)).toEqual(['off', 'on']);
    expect(shown(states)).toContain('imgItems');
    expect(shown(states)).not.toContain('textItems');
    expect(get(states, 'cycleEnable')).toBe(false);
    expect(shown(states)).not.toContain('cycleSpeed');
  });

  it('writes state texts and pictures as typed, leaving out a picture the viewer would not draw', () => {
    const states = withField(widget('UsualAnimation'), 'display', 'text');
    expect(shown(states)).toContain('textItems');
    const texts = withField(states, 'textItems', [
      { symbol: '==', value: 0, text: '停止', url: '' },
      { symbol: '>', value: 'x', text: '运行' },
    ]);
    expect(texts.data.textItems).toEqual([
      { symbol: '==', value: 0, url: '', text: '停止' },
      { symbol: '>', value: 0, url: '', text: '运行' },
    ]);
    const pictures = withField(widget('UsualAnimation'), 'imgItems', [
      { symbol: '==', value: 0, url: ' /userimg/off.png ' },
      { symbol: '==', value: 1, url: 'javascript:alert(1)' },
    ]);
    expect(pictures.data.imgItems.map((i) => i.url)).toEqual(['/userimg/off.png', '']);
    const kind = fieldOf(states, 'textItems').type as Extract<FieldDef['type'], { kind: 'rows' }>;
    expect(kind.newRow(texts.data.textItems as unknown as Row[])).toEqual({ symbol: '==', value: 1, url: '', text: '' });
  });

  it('switches the cycle on with the spec defaults (== 0, 300 ms) under the spec names', () => {
    const states = widget('UsualAnimation');
    const cycling = withField(states, 'cycleEnable', true);
    expect(cycling.data.extra.cycle).toEqual({ enable: true, judgCondition: '==', judgVal: 0, speed: 300 });
    expect(states.data.extra.cycle).toBeUndefined();
    expect(shown(cycling)).toEqual(expect.arrayContaining(['cycleSymbol', 'cycleValue', 'cycleSpeed']));
    const set = withField(withField(withField(cycling, 'cycleSymbol', '>='), 'cycleValue', 1), 'cycleSpeed', 10);
    expect(animationCycleOf(set.data)).toEqual({ enable: true, symbol: '>=', value: 1, speed: 50 });
    expect(stored(set).data.cycle).toEqual({ enable: true, judgCondition: '>=', judgVal: 1, speed: 50 });
  });
});

describe('timer', () => {
  it('offers the spec format first and takes an empty one as that default', () => {
    const clock = widget('UsualTimer');
    const format = fieldOf(clock, 'format');
    expect(get(clock, 'format')).toBe('YYYY-MM-DD HH:mm:ss');
    expect(format.type.kind === 'text' && format.type.suggestions?.[0]).toBe(DEFAULT_TIMER_FORMAT);
    expect(withField(clock, 'format', 'HH:mm').data.format).toBe('HH:mm');
    expect(withField(withField(clock, 'format', 'HH:mm'), 'format', '  ').data.format).toBe(DEFAULT_TIMER_FORMAT);
  });
});

describe('charts', () => {
  it('start as the viewer reads them: no signals, an adapting axis, 60 minutes in HH:mm, bars 40 wide, values', () => {
    const line = widget('ComplexLine');
    expect(get(line, 'signalArray')).toEqual([]);
    expect([get(line, 'mode'), get(line, 'timeRange'), get(line, 'timeFormat')]).toEqual(['adapt', 60, 'HH:mm']);
    expect(shown(line)).not.toContain('chartMinVal');
    expect(get(widget('ComplexBar'), 'barWidth')).toBe(40);
    expect(get(widget('ComplexPie'), 'valueType')).toBe('value');
  });

  it("keeps a project page's statistics in systemArray, after the signals, each known one once", () => {
    const pie = widget('ComplexPie', { signalArray: [{ type: 'signal', equipId: 1, signalId: 4, title: 'Flow', subTitle: 'Pump' }] });
    const online = { type: 'system', equipId: null, signalId: null, title: '在线设备数', subTitle: '', systemKey: 'online_count' };
    const listed = withField(pie, 'signalArray', [...get(pie, 'signalArray') as unknown[], online, { ...online, title: 'twice' }, { type: 'system', systemKey: 'users' }]);
    expect(listed.data.signalArray?.map((b) => b.signalId)).toEqual([4]);
    expect(listed.data.systemArray).toEqual([online]);
    expect((get(listed, 'signalArray') as Array<{ type: string }>).map((b) => b.type)).toEqual(['signal', 'system']);
    const written = writeWidget(listed) as { data: { systemArray: unknown[] } };
    expect(written.data.systemArray).toEqual([{ type: 'system', equipId: null, signalId: null, title: '在线设备数', subTitle: '', systemKey: 'online_count' }]);
    // Removing the last statistic leaves an empty list, not the old one.
    expect(withField(listed, 'signalArray', [get(pie, 'signalArray')].flat()).data.systemArray).toEqual([]);
  });

  it('offers each chart only what it draws', () => {
    const ids = (type: string) => sectionsOf(type).flatMap((s) => s.fields).map((f) => f.id);
    // The source (live values, a report, a custom report), then the signals or the report's view.
    const source = ['chartSource', 'signalArray', 'reportView'];
    expect(ids('ComplexLine')).toEqual(['opacity', ...source, 'mode', 'chartMinVal', 'chartMaxVal', 'timeRange', 'timeFormat']);
    expect(ids('ComplexArea')).toEqual(ids('ComplexLine'));
    expect(ids('ComplexBar')).toEqual(['opacity', ...source, 'mode', 'chartMinVal', 'chartMaxVal', 'barWidth']);
    for (const type of ['ComplexPie', 'ComplexRing', 'ComplexRose']) expect(ids(type)).toEqual(['opacity', ...source, 'valueType']);
  });

  it('binds several signals in order, each once, with their titles', () => {
    const line = widget('ComplexLine');
    const bound = withField(line, 'signalArray', [
      { type: 'signal', equipId: 3, signalId: 7, title: 'Outlet pressure', subTitle: 'Pump' },
      { type: 'signal', equipId: 3, signalId: 9, title: 'Flow', subTitle: 'Pump' },
      { type: 'signal', equipId: 3, signalId: 7, title: 'Outlet pressure', subTitle: 'Pump' },
      { type: 'signal', signalId: null },
    ]);
    expect(bound.data.signalArray).toEqual([
      { type: 'signal', equipId: 3, signalId: 7, title: 'Outlet pressure', subTitle: 'Pump' },
      { type: 'signal', equipId: 3, signalId: 9, title: 'Flow', subTitle: 'Pump' },
    ]);
    expect(line.data.signalArray).toBeUndefined();
    expect(stored(bound).data.signalArray).toEqual(bound.data.signalArray);
    // A binding cleared by binding repair is not drawn, so not listed.
    const repaired = widget('ComplexLine', { signalArray: [{ type: 'signal', signalId: null }, { type: 'signal', equipId: 3, signalId: 9, title: 'Flow' }] });
    expect((get(repaired, 'signalArray') as Array<{ signalId: number }>).map((b) => b.signalId)).toEqual([9]);
  });

  it('fixes the value axis to a range that stays open, and lets it adapt again', () => {
    const line = widget('ComplexLine');
    const fixed = withField(line, 'mode', 'custom');
    expect(fixed.data.extra).toMatchObject({ mode: 'custom', minVal: 0, maxVal: 100 });
    expect(get(fixed, 'mode')).toBe('custom');
    expect(shown(fixed)).toEqual(expect.arrayContaining(['chartMinVal', 'chartMaxVal']));
    const ranged = withField(withField(fixed, 'chartMaxVal', 10), 'chartMinVal', 12);
    expect(chartSettingsOf(ranged.data)).toMatchObject({ min: 9, max: 10 });
    expect([get(ranged, 'chartMinVal'), get(ranged, 'chartMaxVal')]).toEqual([9, 10]);
    const adapting = withField(ranged, 'mode', 'adapt');
    expect(chartSettingsOf(adapting.data)).toMatchObject({ min: undefined, max: undefined });
    expect(get(adapting, 'mode')).toBe('adapt');
    // Fixed again, the range typed before comes back.
    expect(withField(adapting, 'mode', 'custom').data.extra).toMatchObject({ minVal: 9, maxVal: 10 });
    // An older page with a range and no mode is drawn fixed, and shown so.
    expect(get(widget('ComplexBar', { minVal: 0, maxVal: 5 }), 'mode')).toBe('custom');
  });

  it('writes the time range, time format, value type and bar width where the viewer reads them', () => {
    const line = withField(withField(widget('ComplexLine'), 'timeRange', 15), 'timeFormat', 'HH:mm:ss');
    expect(chartSettingsOf(line.data)).toMatchObject({ timeRange: 15, timeFormat: 'HH:mm:ss' });
    expect(stored(line).data).toMatchObject({ timeRange: 15, timeFormat: 'HH:mm:ss' });
    expect(withField(line, 'timeRange', 0).data.extra.timeRange).toBe(1);
    expect(withField(line, 'timeRange', 10_000).data.extra.timeRange).toBe(1440);
    expect(withField(line, 'timeFormat', ' ').data.extra.timeFormat).toBe('HH:mm');
    const pie = withField(widget('ComplexPie'), 'valueType', 'percent');
    expect(chartSettingsOf(pie.data).valueType).toBe('percent');
    const bar = withField(widget('ComplexBar', { bar: { width: 40, space: 35 } }), 'barWidth', 24);
    expect(bar.data.extra.bar).toEqual({ width: 24, space: 35 });
    expect(chartSettingsOf(bar.data).barWidth).toBe(24);
  });
});
