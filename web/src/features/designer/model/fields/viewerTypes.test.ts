/**
 * The settings of the four types the viewer learned to draw (history and alarm tables, XY curve, flow bar) as the
 * property description reads and writes them: defaults and limits are the viewer's own (its readers read back what
 * the panel writes), each write a new widget (the old one untouched), and each panel offers only what the viewer
 * reads.
 */
import { describe, expect, it } from 'vitest';
import { parsePageDocument, type Binding, type Widget } from '@/runtime/document';
import { DEFAULT_FLOW_CONDITION, flowConditionOf, isFlowing } from '@/runtime/flowBar';
import {
  DEFAULT_ROLL_TIME,
  DEFAULT_TABLE_TIME_RANGE,
  MAX_HISTORY_SIGNALS,
  MAX_ROLL_TIME,
  MAX_TABLE_TIME_RANGE,
  MIN_ROLL_TIME,
  tableSettingsOf,
} from '@/runtime/tables';
import { DEFAULT_TIME_RANGE } from '@/runtime/chartOptions';
import { xySettingsOf, xySignalsOf } from '@/runtime/xyChartOptions';
import { writeWidget } from '../writeDocument';
import { sectionsOf, withField } from '../properties';
import type { BindableSignal, FieldDef } from './types';

function widget(widgetType: string, data: Record<string, unknown> = {}): Widget {
  const [w] = parsePageDocument({ widgets: [{ id: 'w', widgetType, position: { x: 0, y: 0, width: 300, height: 40 }, data }] }).widgets;
  return w as Widget;
}

const fields = (type: string) => sectionsOf(type).flatMap((s) => s.fields);
const ids = (type: string) => fields(type).map((f) => f.id);
const fieldOf = (w: Widget, id: string): FieldDef => {
  const found = fields(w.widgetType).find((f) => f.id === id);
  if (!found) throw new Error(`${w.widgetType} has no field ${id}`);
  return found;
};
const get = (w: Widget, id: string) => fieldOf(w, id).get(w);
const shown = (w: Widget) => fields(w.widgetType).filter((f) => f.shown?.(w) ?? true).map((f) => f.id);
/** The widget as the server stores it, and as the viewer reads it back from there. */
const stored = (w: Widget) => writeWidget(w) as { data: Record<string, unknown> & { dataAddon: Record<string, unknown> } };
const reread = (w: Widget) => parsePageDocument({ widgets: [writeWidget(w)] }).widgets[0] as Widget;

const signal = (id: number, title: string): BindableSignal => ({ id, equipId: 3, title, equipTitle: 'Pump' });
const binding = (id: number): Binding => ({ type: 'signal', equipId: 3, signalId: id, title: `S${id}`, subTitle: 'Pump' });
const numberKind = (w: Widget, id: string) => fieldOf(w, id).type as Extract<FieldDef['type'], { kind: 'number' }>;

describe('history and alarm tables', () => {
  it('offer the signals and the rows per instant or period (history only), the window, the roll, the pager, the filter and the export', () => {
    const look = ['opacity', 'fillEnable', 'fillColor', 'strokeEnable', 'strokeColor', 'strokeWidth', 'fontSize', 'color'];
    const table = ['tableTimeRange', 'rollTime', 'tablePaged', 'tableFilterTime', 'tableExportExcel'];
    expect(ids('ComplexHistory')).toEqual([...look, 'historySignals', ...table, 'dimensionType', 'timeUnit']);
    expect(ids('ComplexAlarm')).toEqual([...look, ...table]);
  });

  it('switch the filter and the export, and choose rows per period, under the spec names, read back by the viewer', () => {
    const history = widget('ComplexHistory');
    expect([get(history, 'tableFilterTime'), get(history, 'tableExportExcel'), get(history, 'dimensionType'), get(history, 'timeUnit')]).toEqual([
      false,
      false,
      'time',
      'hour',
    ]);
    expect(fieldOf(history, 'dimensionType').type).toEqual({ kind: 'choice', options: ['time', 'unit'] });
    expect(fieldOf(history, 'timeUnit').type).toEqual({ kind: 'choice', options: ['minute', 'hour', 'day'] });
    let set = withField(history, 'tableFilterTime', true);
    set = withField(set, 'tableExportExcel', true);
    set = withField(set, 'dimensionType', 'unit');
    set = withField(set, 'timeUnit', 'day');
    expect(stored(set).data).toMatchObject({ filterTime: true, exportExcel: true, dimensionType: 'unit', timeUnit: 'day' });
    expect(tableSettingsOf(reread(set).data)).toMatchObject({ filterTime: true, exportExcel: true, dimensionType: 'unit', timeUnit: 'day' });
    // A value the viewer would not read is written as the default.
    expect(withField(set, 'dimensionType', 'weekly').data.extra.dimensionType).toBe('time');
    expect(withField(set, 'timeUnit', 'week').data.extra.timeUnit).toBe('hour');
    expect(withField(set, 'tableExportExcel', false).data.extra.exportExcel).toBe(false);
  });

  it('start as the viewer reads them: no signals, 720 minutes, every 30 seconds, paged', () => {
    for (const type of ['ComplexHistory', 'ComplexAlarm']) {
      const table = widget(type);
      expect([get(table, 'tableTimeRange'), get(table, 'rollTime'), get(table, 'tablePaged')], type).toEqual([
        DEFAULT_TABLE_TIME_RANGE,
        DEFAULT_ROLL_TIME,
        true,
      ]);
    }
    expect([DEFAULT_TABLE_TIME_RANGE, DEFAULT_ROLL_TIME]).toEqual([720, 30]);
    expect(get(widget('ComplexHistory'), 'historySignals')).toEqual([]);
  });

  it('limit the window and the roll as the viewer clamps them', () => {
    const table = widget('ComplexHistory');
    expect(numberKind(table, 'tableTimeRange')).toMatchObject({ min: 1, max: MAX_TABLE_TIME_RANGE });
    expect(numberKind(table, 'rollTime')).toMatchObject({ min: MIN_ROLL_TIME, max: MAX_ROLL_TIME });
    expect(MAX_TABLE_TIME_RANGE).toBe(30 * 24 * 60);
    expect(MIN_ROLL_TIME).toBe(5);
    expect(withField(table, 'tableTimeRange', 90).data.extra.timeRange).toBe(90);
    expect(withField(table, 'tableTimeRange', 10 ** 9).data.extra.timeRange).toBe(MAX_TABLE_TIME_RANGE);
    expect(withField(table, 'tableTimeRange', -3).data.extra.timeRange).toBe(1);
    expect(withField(table, 'rollTime', 10).data.extra.rollTime).toBe(10);
    expect(withField(table, 'rollTime', 1).data.extra.rollTime).toBe(MIN_ROLL_TIME);
    expect(withField(table, 'rollTime', 10 ** 9).data.extra.rollTime).toBe(MAX_ROLL_TIME);
    // Past about 24.8 days the browser's timers misfire; the offered maximum stays well below.
    expect(MAX_ROLL_TIME * 1000).toBeLessThan(2 ** 31 - 1);
    // A stored value past the viewer's limit is shown as the viewer reads it.
    expect(get(widget('ComplexAlarm', { timeRange: 10 ** 6, rollTime: 2 }), 'tableTimeRange')).toBe(MAX_TABLE_TIME_RANGE);
    expect(get(widget('ComplexAlarm', { timeRange: 10 ** 6, rollTime: 2 }), 'rollTime')).toBe(MIN_ROLL_TIME);
  });

  it('write the window, the roll and the pager under the spec names, read back by the viewer', () => {
    const alarms = widget('ComplexAlarm');
    const set = withField(withField(withField(alarms, 'tableTimeRange', 60), 'rollTime', 15), 'tablePaged', false);
    expect(stored(set).data).toMatchObject({ timeRange: 60, rollTime: 15, page: false });
    expect(tableSettingsOf(reread(set).data)).toMatchObject({ timeRange: 60, rollTime: 15, paged: false });
    expect(get(set, 'tablePaged')).toBe(false);
    expect(withField(set, 'tablePaged', true).data.extra.page).toBe(true);
    // The old widget is untouched; an older page's `page: 0` reads as off.
    expect(alarms.data.extra).toEqual({});
    expect(get(widget('ComplexAlarm', { page: 0 }), 'tablePaged')).toBe(false);
  });

  it("binds the history table's signals in order, each once, at most the 10 the viewer queries", () => {
    const table = widget('ComplexHistory');
    const kind = fieldOf(table, 'historySignals').type;
    expect(kind).toEqual({ kind: 'signals', max: MAX_HISTORY_SIGNALS });
    expect(MAX_HISTORY_SIGNALS).toBe(10);
    const twelve = Array.from({ length: 12 }, (_, i) => binding(i + 1));
    const bound = withField(table, 'historySignals', [binding(4), binding(4), { type: 'signal', signalId: null }, ...twelve]);
    expect(bound.data.signalArray?.map((b) => b.signalId)).toEqual([4, 1, 2, 3, 5, 6, 7, 8, 9, 10]);
    expect(stored(bound).data.signalArray).toHaveLength(10);
    expect(table.data.signalArray).toBeUndefined();
    // A stored list longer than the viewer reads shows the ten it queries.
    expect((get(widget('ComplexHistory', { signalArray: twelve }), 'historySignals') as Binding[]).map((b) => b.signalId)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
  });
});

describe('XY curve', () => {
  it('offers X and Y signals, both axes, the Y range when fixed, and the minutes shown', () => {
    expect(ids('ComplexXyline')).toEqual(['opacity', 'xSignal', 'ySignal', 'modeX', 'modeY', 'yMinVal', 'yMaxVal', 'timeRange']);
    const xy = widget('ComplexXyline');
    expect([get(xy, 'xSignal'), get(xy, 'ySignal'), get(xy, 'modeX'), get(xy, 'modeY'), get(xy, 'timeRange')]).toEqual([
      null,
      null,
      'adapt',
      'adapt',
      DEFAULT_TIME_RANGE,
    ]);
    expect(DEFAULT_TIME_RANGE).toBe(60);
    expect(shown(xy)).not.toContain('yMinVal');
  });

  it('writes X first and Y second, each in its place whatever order they are chosen in', () => {
    const xy = widget('ComplexXyline');
    const yOnly = withField(xy, 'ySignal', signal(12, 'Outlet pressure'));
    expect(yOnly.data.signalArray?.map((b) => b.signalId)).toEqual([null, 12]);
    expect(xySignalsOf(yOnly.data, new Map())).toBeNull();
    const both = withField(yOnly, 'xSignal', signal(11, 'Inlet pressure'));
    expect(both.data.signalArray).toEqual([
      { type: 'signal', equipId: 3, signalId: 11, title: 'Inlet pressure', subTitle: 'Pump' },
      { type: 'signal', equipId: 3, signalId: 12, title: 'Outlet pressure', subTitle: 'Pump' },
    ]);
    const pair = xySignalsOf(reread(both).data, new Map());
    expect([pair?.x.name, pair?.y.name]).toEqual(['Inlet pressure', 'Outlet pressure']);
    expect([get(both, 'xSignal'), get(both, 'ySignal')]).toEqual([11, 12]);
    // Clearing X keeps Y on its axis; clearing what is not bound changes nothing.
    const cleared = withField(both, 'xSignal', null);
    expect(cleared.data.signalArray?.map((b) => b.signalId)).toEqual([null, 12]);
    expect(withField(xy, 'xSignal', null)).toBe(xy);
    expect(xy.data.signalArray).toBeUndefined();
  });

  it('fixes the X axis to start at 0 (no bounds) and the Y axis to an open range', () => {
    const xy = widget('ComplexXyline');
    const fixedX = withField(xy, 'modeX', 'custom');
    expect(xySettingsOf(fixedX.data)).toMatchObject({ adaptX: false, adaptY: true });
    expect(shown(fixedX)).not.toContain('yMinVal');
    const fixedY = withField(xy, 'modeY', 'custom');
    expect(fixedY.data.extra).toMatchObject({ modeY: 'custom', minVal: 0, maxVal: 100 });
    expect(shown(fixedY)).toEqual(expect.arrayContaining(['yMinVal', 'yMaxVal']));
    const ranged = withField(withField(fixedY, 'yMaxVal', 10), 'yMinVal', 12);
    expect(xySettingsOf(reread(ranged).data)).toMatchObject({ adaptY: false, minY: 9, maxY: 10 });
    expect([get(ranged, 'yMinVal'), get(ranged, 'yMaxVal')]).toEqual([9, 10]);
    expect(withField(ranged, 'yMaxVal', -50).data.extra.maxVal).toBe(10);
    const adapting = withField(ranged, 'modeY', 'adapt');
    expect(xySettingsOf(adapting.data)).toMatchObject({ adaptY: true, minY: undefined, maxY: undefined });
    expect(withField(adapting, 'modeY', 'custom').data.extra).toMatchObject({ minVal: 9, maxVal: 10 });
    expect(withField(fixedX, 'modeX', 'nonsense').data.extra.modeX).toBe('adapt');
    // An older page's other fixed word reads as fixed.
    expect(get(widget('ComplexXyline', { modeX: 'fixed' }), 'modeX')).toBe('custom');
  });

  it('writes the minutes shown where the viewer reads them', () => {
    const xy = withField(widget('ComplexXyline'), 'timeRange', 15);
    expect(xySettingsOf(reread(xy).data).timeRange).toBe(15);
    expect(stored(xy).data.timeRange).toBe(15);
  });
});

describe('flow bar', () => {
  it('offers the binding, the condition, the stripe colour and the border; no range', () => {
    expect(ids('UsualScrollbar')).toEqual(['opacity', 'flowColor', 'strokeEnable', 'strokeColor', 'strokeWidth', 'strokeDash', 'binding', 'flowSymbol', 'flowValue']);
  });

  it('starts with the spec condition != 0', () => {
    const bar = widget('UsualScrollbar');
    expect([get(bar, 'flowSymbol'), get(bar, 'flowValue')]).toEqual(['!=', 0]);
    expect(DEFAULT_FLOW_CONDITION).toEqual({ symbol: '!=', value: 0 });
    const kind = fieldOf(bar, 'flowSymbol').type;
    expect(kind).toMatchObject({ kind: 'choice', options: ['==', '!=', '>', '>=', '<', '<='], literal: true });
  });

  it('writes the condition in dataAddon, read back by the viewer', () => {
    const bar = widget('UsualScrollbar');
    const set = withField(withField(bar, 'flowSymbol', '>'), 'flowValue', 5);
    expect(stored(set).data.dataAddon).toMatchObject({ symbol: '>', value: 5 });
    expect(flowConditionOf(reread(set).data)).toEqual({ symbol: '>', value: 5 });
    expect(isFlowing(reread(set).data, { value: 6, time: 1, good: true, stale: false })).toBe(true);
    expect(bar.data.dataAddon.extra).toEqual({});
    expect(withField(set, 'flowSymbol', 'about').data.dataAddon.extra.symbol).toBe('!=');
    // A value the viewer cannot read (a condition that never holds) shows empty, to be typed again.
    const broken = widget('UsualScrollbar', { dataAddon: { symbol: '==', value: 'x' } });
    expect(get(broken, 'flowValue')).toBeUndefined();
    expect(flowConditionOf(withField(broken, 'flowValue', 2).data)).toEqual({ symbol: '==', value: 2 });
  });

  it('colours the stripes with the fill colour, the one the viewer draws them in', () => {
    const bar = withField(widget('UsualScrollbar'), 'flowColor', '#13A8A8');
    expect(bar.style.fill.color).toBe('#13A8A8');
    expect(get(bar, 'flowColor')).toBe('#13A8A8');
  });
});
