import { describe, expect, it } from 'vitest';
import type { ChartBuffer } from './chartBuffer';
import { CHART_COLOURS } from '@/lib/chartTheme';
import {
  SYMBOLS_BELOW_POINTS,
  chartSettingsOf,
  chartSignalsOf,
  currentChartOption,
  pointOf,
  rollingChartOption,
  sharesOf,
} from './chartOptions';
import type { ChartOption } from '@/lib/chartTheme';
import { parsePageDocument, type Widget } from './document';
import { EQUIPMENT_ID, TEST_NOW, reading, testSignals } from './testDocument';

type Series = Record<string, unknown> & { data: unknown[] };
type Axis = Record<string, unknown> & { axisLabel: { formatter: (value: number) => string } };

const signal = (id: number, title = '') => ({ type: 'signal', equipId: EQUIPMENT_ID, signalId: id, title, subTitle: '' });

function chartWidget(widgetType: string, data: Record<string, unknown>): Widget {
  const [widget] = parsePageDocument({ widgets: [{ id: 'c', widgetType, position: { x: 0, y: 0, width: 300, height: 200 }, data }] }).widgets;
  if (!widget) throw new Error('no widget');
  return widget;
}

const series = (option: ChartOption) => option.series as Series[];

describe('chart settings', () => {
  it('takes the contract defaults: 60 minutes, HH:mm, an adapting axis, bars 40 wide, slices labelled by value', () => {
    expect(chartSettingsOf(chartWidget('ComplexLine', {}).data)).toEqual({
      timeRange: 60,
      timeFormat: 'HH:mm',
      min: undefined,
      max: undefined,
      barWidth: 40,
      valueType: 'value',
    });
  });

  it('reads timeRange, timeFormat, minVal, maxVal and bar.width; mode adapt ignores the bounds', () => {
    const data = { timeRange: '15', timeFormat: 'HH:mm:ss', mode: 'custom', minVal: 0, maxVal: '10', bar: { width: 24, space: 35 } };
    expect(chartSettingsOf(chartWidget('ComplexBar', data).data)).toEqual({
      timeRange: 15,
      timeFormat: 'HH:mm:ss',
      min: 0,
      max: 10,
      barWidth: 24,
      valueType: 'value',
    });
    expect(chartSettingsOf(chartWidget('ComplexPie', { valueType: 'percent' }).data).valueType).toBe('percent');
    expect(chartSettingsOf(chartWidget('ComplexPie', { valueType: 'share' }).data).valueType).toBe('value');
    expect(chartSettingsOf(chartWidget('ComplexBar', { ...data, mode: 'adapt' }).data)).toMatchObject({ min: undefined, max: undefined });
    // Nonsense falls back: a range of 0, bounds the wrong way round, a bar without width.
    expect(chartSettingsOf(chartWidget('ComplexBar', { timeRange: 0, minVal: 5, maxVal: 1, bar: {} }).data)).toEqual({
      timeRange: 60,
      timeFormat: 'HH:mm',
      min: undefined,
      max: undefined,
      barWidth: 40,
      valueType: 'value',
    });
  });
});

describe('chart signals', () => {
  it('lists the bound signals of signalArray in order, once, named by the catalogue title', () => {
    const data = chartWidget('ComplexPie', {
      signalArray: [signal(2, 'old title'), signal(6), { type: 'signal', signalId: null }, signal(2), { type: 'mvar', signalId: 1 }, signal(42, 'Gone')],
    }).data;
    expect(chartSignalsOf(data, testSignals).map((s) => [s.key, s.name])).toEqual([
      ['2', 'Outlet pressure'],
      ['6', 'Motor temperature'],
      ['42', 'Gone'],
    ]);
  });

  it("lists a project page's statistics of systemArray after the signals, once, whole numbers named by their binding", () => {
    const data = chartWidget('ComplexBar', {
      signalArray: [signal(2)],
      systemArray: [
        { type: 'system', systemKey: 'online_count', title: '在线' },
        { type: 'system', systemKey: 'cpu', title: 'Unknown' },
        { type: 'system', systemKey: 'online_count', title: 'again' },
        { type: 'system', systemKey: 'alarm_count' },
      ],
    }).data;
    const listed = chartSignalsOf(data, testSignals);
    expect(listed.map((s) => [s.key, s.name])).toEqual([
      ['2', 'Outlet pressure'],
      ['system:online_count', '在线'],
      ['system:alarm_count', 'alarm_count'],
    ]);
    expect(listed[1]?.signal).toEqual({ decimals: 0, dataType: 'uint32', unit: '' });
  });

  it('makes a curve point of a value: bad quality is a gap, no value no point', () => {
    expect(pointOf(reading(1.5))).toEqual({ t: TEST_NOW - 2000, v: 1.5 });
    expect(pointOf(reading(1.5, { good: false }))).toEqual({ t: TEST_NOW - 2000, v: null });
    expect(pointOf(reading(null))).toEqual({ t: TEST_NOW - 2000, v: null });
    expect(pointOf(undefined)).toBeUndefined();
  });
});

describe('rolling curve option (ComplexLine, ComplexArea)', () => {
  const widget = chartWidget('ComplexLine', { timeRange: 10, timeFormat: 'HH:mm:ss', signalArray: [signal(2), signal(6)] });
  const signals = chartSignalsOf(widget.data, testSignals);
  const buffer: ChartBuffer = {
    '2': [
      { t: TEST_NOW - 60_000, v: 3.4 },
      { t: TEST_NOW, v: null },
    ],
    '6': [{ t: TEST_NOW - 30_000, v: 71.25 }],
  };

  it('draws one line per signal of the received points, a bad value as a gap', () => {
    const option = rollingChartOption(signals, buffer, chartSettingsOf(widget.data), false);
    expect(option.animation).toBe(false);
    expect(option.color).toEqual([...CHART_COLOURS]);
    expect(series(option).map((s) => s.name)).toEqual(['Outlet pressure', 'Motor temperature']);
    expect(series(option)[0]).toMatchObject({ type: 'line', showSymbol: true, connectNulls: false });
    expect(series(option)[0]).not.toHaveProperty('areaStyle');
    expect(series(option)[0]?.data).toEqual([
      [TEST_NOW - 60_000, 3.4],
      [TEST_NOW, '-'],
    ]);
    expect(series(option)[1]?.data).toEqual([[TEST_NOW - 30_000, 71.25]]);
    expect((option.legend as { show: boolean }).show).toBe(true);
  });

  it('shows points as dots only while a curve is too short to be seen as a line', () => {
    const long: ChartBuffer = {
      '2': Array.from({ length: SYMBOLS_BELOW_POINTS }, (_, i) => ({ t: TEST_NOW - 1000 * (SYMBOLS_BELOW_POINTS - i), v: i })),
      '6': [{ t: TEST_NOW, v: 1 }],
    };
    const option = rollingChartOption(signals, long, chartSettingsOf(widget.data), false);
    expect(series(option).map((s) => s.showSymbol)).toEqual([false, true]);
  });

  it('covers the last timeRange minutes up to the newest point, labelled in UTC+8 with timeFormat', () => {
    const option = rollingChartOption(signals, buffer, chartSettingsOf(widget.data), false);
    const xAxis = option.xAxis as Axis;
    expect(xAxis).toMatchObject({ type: 'time', min: TEST_NOW - 10 * 60_000, max: TEST_NOW });
    // TEST_NOW is 12:00:00 in UTC+8, whatever the machine's zone.
    expect(xAxis.axisLabel.formatter(TEST_NOW)).toBe('12:00:00');
    expect(xAxis.axisLabel.formatter(TEST_NOW - 90_000)).toBe('11:58:30');
  });

  it('shows values with the signal decimals and unit, a gap as no value', () => {
    const option = rollingChartOption(signals, buffer, chartSettingsOf(widget.data), false);
    const format = (series(option)[0]?.tooltip as { valueFormatter: (v: unknown) => string }).valueFormatter;
    expect(format(3.456)).toBe('3.46 bar');
    expect(format('-')).toBe('—');
  });

  it('fixes the value axis to minVal and maxVal when given, adapts otherwise', () => {
    const fixed = chartWidget('ComplexLine', { mode: 'custom', minVal: 0, maxVal: 10, signalArray: [signal(2)] }).data;
    expect(rollingChartOption(signals, buffer, chartSettingsOf(fixed), false).yAxis).toMatchObject({ type: 'value', min: 0, max: 10, scale: false });
    expect(rollingChartOption(signals, buffer, chartSettingsOf(widget.data), false).yAxis).toMatchObject({ scale: true, min: undefined, max: undefined });
  });

  it('fills the area under each line for ComplexArea', () => {
    const option = rollingChartOption(signals, buffer, chartSettingsOf(widget.data), true);
    for (const s of series(option)) expect(s).toHaveProperty('areaStyle');
  });

  it('draws nothing it did not receive: an empty buffer has empty lines and a free time axis', () => {
    const option = rollingChartOption(signals, {}, chartSettingsOf(widget.data), false);
    expect(series(option).map((s) => s.data)).toEqual([[], []]);
    expect(option.xAxis).toMatchObject({ min: undefined, max: undefined });
  });
});

describe('current value options (ComplexBar, ComplexPie, ComplexRing, ComplexRose)', () => {
  const data = { bar: { width: 24 }, signalArray: [signal(1), signal(2), signal(6), signal(4)] };
  const values = { '1': reading(62.48), '2': reading(3.456, { good: false }), '4': reading(null) };
  const build = (type: string, kind: 'bar' | 'pie' | 'ring' | 'rose') => {
    const widget = chartWidget(type, data);
    return currentChartOption(kind, chartSignalsOf(widget.data, testSignals), values, chartSettingsOf(widget.data));
  };

  it('bar: one bar per signal named by its title, bar.width wide, no value as empty (not 0)', () => {
    const option = build('ComplexBar', 'bar');
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['Tank level', 'Outlet pressure', 'Motor temperature', 'Speed setpoint'] });
    const [bar] = series(option);
    expect(bar).toMatchObject({ type: 'bar', barWidth: 24 });
    expect(bar?.data).toEqual([
      { name: 'Tank level', value: 62.48 },
      { name: 'Outlet pressure', value: '-' },
      { name: 'Motor temperature', value: '-' },
      { name: 'Speed setpoint', value: '-' },
    ]);
    const label = (bar?.label as { formatter: (p: { dataIndex: number }) => string }).formatter;
    expect([0, 1].map((dataIndex) => label({ dataIndex }))).toEqual(['62.5 %', '—']);
  });

  it('pie, ring and rose: one slice per signal, the ring with a hole, the rose by radius', () => {
    const pie = series(build('ComplexPie', 'pie'))[0];
    const ring = series(build('ComplexRing', 'ring'))[0];
    const rose = series(build('ComplexRose', 'rose'))[0];
    for (const s of [pie, ring, rose]) {
      expect(s).toMatchObject({ type: 'pie' });
      expect(s?.data).toEqual([
        { name: 'Tank level', value: 62.48 },
        { name: 'Outlet pressure', value: '-' },
        { name: 'Motor temperature', value: '-' },
        { name: 'Speed setpoint', value: '-' },
      ]);
    }
    expect(pie?.radius).toBe('65%');
    expect(pie).not.toHaveProperty('roseType');
    expect(ring?.radius).toEqual(['40%', '65%']);
    expect(rose).toMatchObject({ roseType: 'radius' });
    const label = (pie?.label as { formatter: (p: { dataIndex: number; name: string }) => string }).formatter;
    expect(label({ dataIndex: 0, name: 'Tank level' })).toBe('Tank level: 62.5 %');
    expect(label({ dataIndex: 1, name: 'Outlet pressure' })).toBe('Outlet pressure: —');
  });

  it('pie with valueType percent: each slice labelled by its share of the whole, the tooltip with both', () => {
    const widget = chartWidget('ComplexPie', { ...data, valueType: 'percent' });
    const option = currentChartOption('pie', chartSignalsOf(widget.data, testSignals), { ...values, '2': reading(20) }, chartSettingsOf(widget.data));
    const [pie] = series(option);
    const label = (pie?.label as { formatter: (p: { dataIndex: number; name: string }) => string }).formatter;
    expect(label({ dataIndex: 0, name: 'Tank level' })).toBe('Tank level: 75.8%');
    expect(label({ dataIndex: 1, name: 'Outlet pressure' })).toBe('Outlet pressure: 24.2%');
    expect(label({ dataIndex: 2, name: 'Motor temperature' })).toBe('Motor temperature: —');
    const tooltip = (option.tooltip as { formatter: (p: { dataIndex: number; name: string }) => string }).formatter;
    expect(tooltip({ dataIndex: 1, name: 'Outlet pressure' })).toBe('Outlet pressure: 20.00 bar (24.2%)');
    expect(tooltip({ dataIndex: 2, name: 'Motor temperature' })).toBe('Motor temperature: —');
  });

  it('tells no share when nothing is above 0', () => {
    expect(sharesOf([0, null])).toEqual(['—', '—']);
    expect(sharesOf([1, 3])).toEqual(['25%', '75%']);
  });
});
