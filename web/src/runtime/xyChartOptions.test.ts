import { describe, expect, it } from 'vitest';
import { parsePageDocument, type WidgetData } from './document';
import { EQUIPMENT_ID, TEST_NOW, reading, testSignals } from './testDocument';
import { appendXyPoint, xyChartOption, xyPointOf, xySettingsOf, xySignalsOf, type XyPoint } from './xyChartOptions';

type Series = { data: unknown[]; symbolSize: number };
type Axis = { name: string; scale: boolean; min?: number; max?: number };

const signal = (id: number | null, title = '') => ({ type: 'signal', equipId: EQUIPMENT_ID, signalId: id, title, subTitle: '' });

function dataOf(data: Record<string, unknown>): WidgetData {
  const [widget] = parsePageDocument({ widgets: [{ id: 'xy', widgetType: 'ComplexXyline', data }] }).widgets;
  if (!widget) throw new Error('no widget');
  return widget.data;
}

describe('XY settings and signals', () => {
  it('adapts both axes by default and keeps pairs 60 minutes', () => {
    expect(xySettingsOf(dataOf({}))).toEqual({ timeRange: 60, adaptX: true, adaptY: true, minY: undefined, maxY: undefined });
  });

  it('fixes an axis whose mode is not adapt: Y to minVal / maxVal when both make sense', () => {
    expect(xySettingsOf(dataOf({ modeX: 'custom', modeY: 'custom', minVal: 0, maxVal: '10', timeRange: 5 }))).toEqual({
      timeRange: 5,
      adaptX: false,
      adaptY: false,
      minY: 0,
      maxY: 10,
    });
    expect(xySettingsOf(dataOf({ modeY: 'adapt', minVal: 0, maxVal: 10 }))).toMatchObject({ minY: undefined, maxY: undefined });
    expect(xySettingsOf(dataOf({ modeY: 'custom', minVal: 10, maxVal: 0 }))).toMatchObject({ minY: undefined, maxY: undefined });
  });

  it('takes X and Y from the first two entries of signalArray, named by the catalogue', () => {
    const pair = xySignalsOf(dataOf({ signalArray: [signal(2, 'old'), signal(1), signal(6)] }), testSignals);
    expect([pair?.x.key, pair?.x.name, pair?.y.key, pair?.y.name]).toEqual(['2', 'Outlet pressure', '1', 'Tank level']);
  });

  it('needs both: one entry, or a cleared one, is no curve', () => {
    expect(xySignalsOf(dataOf({ signalArray: [signal(2)] }), testSignals)).toBeNull();
    expect(xySignalsOf(dataOf({ signalArray: [signal(null), signal(1)] }), testSignals)).toBeNull();
    expect(xySignalsOf(dataOf({}), testSignals)).toBeNull();
  });
});

describe('XY pairs', () => {
  it('makes a pair of two good readings, at the later time', () => {
    expect(xyPointOf(reading(3.5, { time: TEST_NOW }), reading(60, { time: TEST_NOW - 500 }))).toEqual({ t: TEST_NOW, x: 3.5, y: 60 });
  });

  it('makes none without both readings, or with a bad one', () => {
    expect(xyPointOf(undefined, reading(60))).toBeUndefined();
    expect(xyPointOf(reading(3.5), reading(60, { good: false }))).toBeUndefined();
    expect(xyPointOf(reading(null), reading(60))).toBeUndefined();
  });

  it('appends later pairs, completes a pair of the same instant, ignores older and repeated ones', () => {
    const a = { t: 1000, x: 1, y: 2 };
    let points: readonly XyPoint[] = appendXyPoint([], a, 60_000);
    expect(points).toEqual([a]);
    expect(appendXyPoint(points, { ...a }, 60_000)).toBe(points);
    expect(appendXyPoint(points, { t: 500, x: 9, y: 9 }, 60_000)).toBe(points);
    expect(appendXyPoint(points, undefined, 60_000)).toBe(points);
    points = appendXyPoint(points, { t: 1000, x: 1, y: 3 }, 60_000);
    expect(points).toEqual([{ t: 1000, x: 1, y: 3 }]);
    points = appendXyPoint(points, { t: 2000, x: 2, y: 4 }, 60_000);
    expect(points).toHaveLength(2);
  });

  it('drops pairs older than the window and keeps at most the cap', () => {
    const points = [0, 1000, 2000].map((t) => ({ t, x: t, y: t }));
    expect(appendXyPoint(points, { t: 3500, x: 0, y: 0 }, 2000).map((p) => p.t)).toEqual([2000, 3500]);
    expect(appendXyPoint(points, { t: 3000, x: 0, y: 0 }, 60_000, 2).map((p) => p.t)).toEqual([2000, 3000]);
  });
});

describe('XY option', () => {
  const pair = xySignalsOf(dataOf({ signalArray: [signal(2), signal(1)] }), testSignals)!;

  it('draws the pairs in order and marks the newest; axes named after the signals and units', () => {
    const points = [
      { t: 1, x: 3.4, y: 60 },
      { t: 2, x: 3.5, y: 61 },
    ];
    const option = xyChartOption(pair, points, xySettingsOf(dataOf({})));
    const series = option.series as Series[];
    expect(series[0]!.data).toEqual([
      [3.4, 60],
      [3.5, 61],
    ]);
    expect(series[1]!.data).toEqual([[3.5, 61]]);
    expect((option.xAxis as Axis).name).toBe('Outlet pressure (bar)');
    expect((option.yAxis as Axis).name).toBe('Tank level (%)');
    expect((option.xAxis as Axis).scale).toBe(true);
  });

  it('draws empty axes without pairs, and fixed ones per mode', () => {
    const option = xyChartOption(pair, [], xySettingsOf(dataOf({ modeX: 'custom', modeY: 'custom', minVal: 0, maxVal: 100 })));
    expect((option.series as Series[]).map((s) => s.data)).toEqual([[], []]);
    expect(option.xAxis).toMatchObject({ scale: false });
    expect(option.yAxis).toMatchObject({ scale: false, min: 0, max: 100 });
  });

  it("writes both values in the tooltip with each signal's decimals and unit, names escaped", () => {
    const evil = xySignalsOf(dataOf({ signalArray: [signal(2), signal(77, '<img src=x onerror=alert(1)>')] }), testSignals)!;
    const option = xyChartOption(evil, [], xySettingsOf(dataOf({})));
    const formatter = (option.tooltip as { formatter: (p: { value: [number, number] }) => string }).formatter;
    const text = formatter({ value: [3.456, 12] });
    expect(text).toContain('Outlet pressure: 3.46 bar');
    expect(text).not.toContain('<img');
    expect(text).toContain('&#60;img');
  });
});
