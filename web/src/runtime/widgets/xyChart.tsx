/**
 * The XY curve (ComplexXyline): one signal against another, drawn by ECharts in the widget's box like the other
 * live charts (widgets/charts.tsx), from the pairs received since the page was opened (xyChartOptions.ts; the
 * same caption as the rolling curves says so). In the designer, with no values, it draws its empty axes.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyChart } from '@/components/LazyChart';
import { appendXyPoint, xyChartOption, xyPointOf, xySettingsOf, xySignalsOf, type XyPoint } from '../xyChartOptions';
import { CAPTION_HEIGHT, Caption, ChartBox } from './charts';
import { boxOf, type WidgetRenderProps } from './common';

export function ComplexXyline({ widget, values, env }: WidgetRenderProps) {
  const { t } = useTranslation();
  const pair = useMemo(() => xySignalsOf(widget.data, env.signals), [widget.data, env.signals]);
  const settings = useMemo(() => xySettingsOf(widget.data), [widget.data]);
  const windowMs = settings.timeRange * 60_000;
  const point = pair ? xyPointOf(values[pair.x.key], values[pair.y.key]) : undefined;
  // The pairs live here: the one present when the curve appeared, then one per new reading of either signal.
  const [points, setPoints] = useState<readonly XyPoint[]>(() => appendXyPoint([], point, windowMs));
  const pointKey = point ? `${point.t}:${point.x}:${point.y}` : '';
  useEffect(() => {
    if (point) setPoints((current) => appendXyPoint(current, point, windowMs));
    // `point` is a new object each render: its content is what changes.
  }, [pointKey, windowMs]);
  const option = useMemo(() => (pair ? xyChartOption(pair, points, settings) : null), [pair, points, settings]);
  const b = boxOf(widget);
  return (
    <ChartBox widget={widget} kind="xy">
      {option === null ? (
        <Caption text={t('runtime.chart.needsXy')} testId={`chart-empty-${widget.id}`} />
      ) : (
        <div data-points={points.length} data-testid={`xy-${widget.id}`}>
          <LazyChart option={option} height={Math.max(0, b.height - CAPTION_HEIGHT)} mode="merge" testId={`chart-${widget.id}`} />
        </div>
      )}
      <Caption text={t('runtime.chart.sinceOpened')} testId={`chart-caption-${widget.id}`} />
    </ChartBox>
  );
}
