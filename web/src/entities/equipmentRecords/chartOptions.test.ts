import { describe, expect, it } from 'vitest';
import { CHART_COLOURS } from '@/lib/chartTheme';
import { AXIS_OFFSET, historyChartOption, lineName, rollingChartOption, unitAxes, valueFormatter } from './chartOptions';
import type { ChartLine } from './historySeries';

const labels = { max: '(max)', min: '(min)' };
const line = (patch: Partial<ChartLine>): ChartLine => ({
  key: '1',
  signalId: 1,
  signalTitle: 'Flow',
  unit: 'm³/h',
  decimals: 1,
  kind: 'raw',
  data: new Float64Array([0, 1]),
  ...patch,
});

type Series = Record<string, unknown>;

describe('history chart option', () => {
  it('is built for 200,000 points: no animation, no symbols, progressive, sampled', () => {
    const option = historyChartOption([line({})], labels);
    expect(option.animation).toBe(false);
    const [series] = option.series as Series[];
    expect(series).toMatchObject({ type: 'line', showSymbol: false, sampling: 'lttb' });
    // The typed array itself (no copy), with the dimensions ECharts needs to read it; the tooltip shows the value.
    expect(series?.data).toBeInstanceOf(Float64Array);
    expect(series).toMatchObject({ dimensions: ['time', 'value'], encode: { x: 'time', y: 'value', tooltip: 'value' } });
    expect(option.dataZoom).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'inside' }), expect.objectContaining({ type: 'slider' })]));
  });

  it('samples bucket maxima by max and minima by min so spikes survive, in one colour per signal', () => {
    const option = historyChartOption(
      [line({ key: '1' }), line({ key: '2:max', signalId: 2, kind: 'max' }), line({ key: '2:min', signalId: 2, kind: 'min' })],
      labels,
    );
    const series = option.series as Series[];
    expect(series.map((s) => s.sampling)).toEqual(['lttb', 'max', 'min']);
    expect(series.map((s) => s.color)).toEqual([CHART_COLOURS[0], CHART_COLOURS[1], CHART_COLOURS[1]]);
    expect(series.map((s) => s.name)).toEqual(['Flow (m³/h)', 'Flow (m³/h) (max)', 'Flow (m³/h) (min)']);
  });

  it("draws a project's variable as a step line per period, in a colour of its own, named by its period", () => {
    const per = { ...labels, perMinute: '(per minute)', perHour: '(per hour)' };
    const option = historyChartOption(
      [
        line({ key: '1' }),
        line({ key: 'mvar:1', signalId: 0, mvarId: 1, signalTitle: 'Total', kind: 'period', stepMs: 60_000 }),
        line({ key: 'mvar:2', signalId: 0, mvarId: 2, signalTitle: 'Balance', unit: '', kind: 'period', stepMs: 3_600_000 }),
      ],
      per,
    );
    const series = option.series as Series[];
    expect(series.map((s) => s.name)).toEqual(['Flow (m³/h)', 'Total (m³/h) (per minute)', 'Balance (per hour)']);
    expect(series.map((s) => s.step)).toEqual([undefined, 'end', 'end']);
    expect(new Set(series.map((s) => s.color)).size).toBe(3);
  });

  it('names lines without a unit plainly', () => {
    expect(lineName({ signalTitle: 'Pump running', unit: '', kind: 'raw' }, labels)).toBe('Pump running');
  });
});

describe('real-time curve option', () => {
  it('shows the last window ending now', () => {
    const option = rollingChartOption([{ signalId: 3, name: 'Flow', unit: 'm³/h', decimals: 1, dataType: 'float32', points: [[10, 1]] }], 100_000, 60_000);
    expect(option.xAxis).toMatchObject({ type: 'time', min: 40_000, max: 100_000 });
    expect(option.animation).toBe(false);
    expect((option.series as Series[])[0]).toMatchObject({ id: '3', name: 'Flow', data: [[10, 1]] });
  });
});

describe('one value axis per unit', () => {
  it('puts the first unit left, the second right, further ones offset to the right', () => {
    const { yAxis, axisOf, gridRight } = unitAxes(['bar', 'rpm', 'bar', ' %', '']);
    expect([...axisOf]).toEqual([['bar', 0], ['rpm', 1], ['%', 2], ['', 3]]);
    expect(yAxis.map((a) => [a.name, a.position, a.offset])).toEqual([
      ['bar', 'left', 0],
      ['rpm', 'right', 0],
      ['%', 'right', AXIS_OFFSET],
      ['', 'right', 2 * AXIS_OFFSET],
    ]);
    expect(gridRight).toBe(24 + 2 * AXIS_OFFSET);
  });
  it('has one axis when there are no lines', () => {
    expect(unitAxes([]).yAxis).toHaveLength(1);
  });
  it('draws each line on the axis of its unit', () => {
    const option = historyChartOption(
      [line({ key: 'a', signalId: 1, unit: 'bar' }), line({ key: 'b', signalId: 2, unit: 'rpm' }), line({ key: 'c', signalId: 3, unit: 'bar' })],
      labels,
    );
    expect((option.series as Series[]).map((s) => s.yAxisIndex)).toEqual([0, 1, 0]);
  });
});

describe('tooltip values', () => {
  it("show the signal's decimals, not every float digit", () => {
    expect(valueFormatter(2)(66.69097653690946)).toBe('66.69');
    expect(valueFormatter(0, 'bool')(1)).toBe('1');
    expect(valueFormatter(1)(null)).toBe('—');
    expect(valueFormatter(1)(NaN)).toBe('—'); // a gap in a line
    const option = historyChartOption([line({ decimals: 1 })], labels);
    const series = (option.series as Array<{ tooltip: { valueFormatter: (v: unknown) => string } }>)[0];
    expect(series?.tooltip.valueFormatter(12.3456)).toBe('12.3');
  });
});
