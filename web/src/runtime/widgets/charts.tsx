/**
 * The live chart widgets, drawn by ECharts in the widget's box: a <foreignObject> holds a div of the widget's size
 * (the page's SVG scales it with the canvas), and ECharts loads with the first chart of a page (components/
 * LazyChart), never with a page that has none.
 *
 * Only what the page has is drawn, no server call: the rolling curves (ComplexLine, ComplexArea) show the values
 * received since the page was opened (the first point is the value present when the chart appeared; a caption
 * says so), the bar and pie charts (ComplexBar, ComplexPie, ComplexRing, ComplexRose) the current values.
 * WidgetNode re-renders a chart only when one of its signals changed; its options are memoised on what it draws.
 * A line, area, bar or pie kind bound to a report or a custom report draws that instead (widgets/reportChart.tsx).
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyChart } from '@/components/LazyChart';
import { appendPoints, type ChartBuffer, type ChartPoint } from '../chartBuffer';
import {
  chartSettingsOf,
  chartSignalsOf,
  currentChartOption,
  pointOf,
  rollingChartOption,
  type CategoryKind,
  type ChartSignal,
} from '../chartOptions';
import type { RuntimeValue } from '../types';
import { boxOf, type WidgetRenderProps } from './common';

import { CAPTION_HEIGHT, Caption, ChartBox } from './chartBox';
import { ReportChartWidget } from './reportChart';
import { chartSourceOf } from '../reportCharts';

export { CAPTION_HEIGHT, Caption, ChartBox };

function useChartSignals({ widget, env }: WidgetRenderProps): ChartSignal[] {
  return useMemo(() => chartSignalsOf(widget.data, env.signals, env.mvars), [widget.data, env.signals, env.mvars]);
}

/** The new points of the chart's signals (one per signal with a value). */
function pointsOf(signals: readonly ChartSignal[], values: Readonly<Record<string, RuntimeValue>>) {
  const points: Record<string, ChartPoint | undefined> = {};
  for (const s of signals) points[s.key] = pointOf(values[s.key]);
  return points;
}

function RollingChart(props: WidgetRenderProps & { area: boolean }) {
  const { widget, values, area } = props;
  const { t } = useTranslation();
  const signals = useChartSignals(props);
  const settings = useMemo(() => chartSettingsOf(widget.data), [widget.data]);
  const windowMs = settings.timeRange * 60_000;
  const points = pointsOf(signals, values);
  // The rolling buffer lives here: it starts with the values present now and takes each new one as it comes.
  const [buffer, setBuffer] = useState<ChartBuffer>(() => appendPoints({}, points, windowMs));
  useEffect(() => setBuffer((current) => appendPoints(current, points, windowMs)), [points, windowMs]);
  const option = useMemo(() => rollingChartOption(signals, buffer, settings, area), [signals, buffer, settings, area]);
  const b = boxOf(widget);
  return (
    <ChartBox widget={widget} kind={area ? 'area' : 'line'}>
      {signals.length === 0 ? (
        <Caption text={t('runtime.chart.noSignals')} testId={`chart-empty-${widget.id}`} />
      ) : (
        <LazyChart option={option} height={Math.max(0, b.height - CAPTION_HEIGHT)} mode="merge" testId={`chart-${widget.id}`} />
      )}
      <Caption text={t('runtime.chart.sinceOpened')} testId={`chart-caption-${widget.id}`} />
    </ChartBox>
  );
}

function CurrentChart(props: WidgetRenderProps & { kind: CategoryKind }) {
  const { widget, values, kind } = props;
  const { t } = useTranslation();
  const signals = useChartSignals(props);
  const settings = useMemo(() => chartSettingsOf(widget.data), [widget.data]);
  // `values` is a new record with every push, but this renders only when one of the chart's signals changed.
  const option = useMemo(() => currentChartOption(kind, signals, values, settings), [kind, signals, values, settings]);
  const b = boxOf(widget);
  return (
    <ChartBox widget={widget} kind={kind}>
      {signals.length === 0 ? (
        <Caption text={t('runtime.chart.noSignals')} testId={`chart-empty-${widget.id}`} />
      ) : (
        <LazyChart option={option} height={b.height} testId={`chart-${widget.id}`} />
      )}
    </ChartBox>
  );
}

export function ComplexLine(props: WidgetRenderProps) {
  if (chartSourceOf(props.widget.data) !== 'live') return <ReportChartWidget {...props} kind="line" />;
  return <RollingChart {...props} area={false} />;
}

export function ComplexArea(props: WidgetRenderProps) {
  if (chartSourceOf(props.widget.data) !== 'live') return <ReportChartWidget {...props} kind="area" />;
  return <RollingChart {...props} area />;
}

export function ComplexBar(props: WidgetRenderProps) {
  if (chartSourceOf(props.widget.data) !== 'live') return <ReportChartWidget {...props} kind="bar" />;
  return <CurrentChart {...props} kind="bar" />;
}

export function ComplexPie(props: WidgetRenderProps) {
  if (chartSourceOf(props.widget.data) !== 'live') return <ReportChartWidget {...props} kind="pie" />;
  return <CurrentChart {...props} kind="pie" />;
}

export function ComplexRing(props: WidgetRenderProps) {
  if (chartSourceOf(props.widget.data) !== 'live') return <ReportChartWidget {...props} kind="ring" />;
  return <CurrentChart {...props} kind="ring" />;
}

export function ComplexRose(props: WidgetRenderProps) {
  if (chartSourceOf(props.widget.data) !== 'live') return <ReportChartWidget {...props} kind="rose" />;
  return <CurrentChart {...props} kind="rose" />;
}
