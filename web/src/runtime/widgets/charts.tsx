/**
 * The live chart widgets, drawn by ECharts in the widget's box: a <foreignObject> holds a div of the widget's size
 * (the page's SVG scales it with the canvas), and ECharts loads with the first chart of a page (components/
 * LazyChart), never with a page that has none.
 *
 * Only what the page has is drawn, no server call: the rolling curves (ComplexLine, ComplexArea) show the values
 * received since the page was opened (the first point is the value present when the chart appeared; a caption
 * says so), the bar and pie charts (ComplexBar, ComplexPie, ComplexRing, ComplexRose) the current values.
 * WidgetNode re-renders a chart only when one of its signals changed; its options are memoised on what it draws.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
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

export const CAPTION_HEIGHT = 16;

/** The widget's box as an HTML block, scaled with the page (the XY curve, widgets/xyChart.tsx, uses it too). */
export function ChartBox({ widget, kind, children }: Pick<WidgetRenderProps, 'widget'> & { kind: string; children: ReactNode }) {
  const b = boxOf(widget);
  return (
    <foreignObject x={b.x} y={b.y} width={b.width} height={b.height} data-chart={kind}>
      <div style={{ width: b.width, height: b.height, overflow: 'hidden', display: 'flex', flexDirection: 'column' }}>
        {children}
      </div>
    </foreignObject>
  );
}

export function Caption({ text, testId }: { text: string; testId: string }) {
  return (
    <div
      style={{ height: CAPTION_HEIGHT, lineHeight: `${CAPTION_HEIGHT}px`, fontSize: 11, color: '#8C8C8C', textAlign: 'right', padding: '0 4px', whiteSpace: 'nowrap', overflow: 'hidden' }}
      data-testid={testId}
    >
      {text}
    </div>
  );
}

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
  return <RollingChart {...props} area={false} />;
}

export function ComplexArea(props: WidgetRenderProps) {
  return <RollingChart {...props} area />;
}

export function ComplexBar(props: WidgetRenderProps) {
  return <CurrentChart {...props} kind="bar" />;
}

export function ComplexPie(props: WidgetRenderProps) {
  return <CurrentChart {...props} kind="pie" />;
}

export function ComplexRing(props: WidgetRenderProps) {
  return <CurrentChart {...props} kind="ring" />;
}

export function ComplexRose(props: WidgetRenderProps) {
  return <CurrentChart {...props} kind="rose" />;
}
