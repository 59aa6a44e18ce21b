/**
 * An ECharts canvas for an option object. This module is the only one that imports ECharts, and only the parts
 * the console draws (line, bar and pie charts; grid, tooltip, legend, dataZoom; canvas renderer), so the library
 * is a chunk of its own that loads with the first chart (see LazyChart.tsx), never with the console's entry.
 * Used by the equipment detail (history chart, real-time curve) and the configuration page viewer (chart widgets).
 */
import { useEffect, useRef } from 'react';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use, type ECharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { ChartOption } from '@/lib/chartTheme';

use([LineChart, BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, CanvasRenderer]);


export interface EChartProps {
  option: ChartOption;
  height: number;
  /** `replace`: a new option replaces the old (history); `merge`: data is updated in place (rolling curve). */
  mode?: 'replace' | 'merge';
  testId?: string;
}

export default function EChart({ option, height, mode = 'replace', testId }: EChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    const node = element.current;
    if (!node) return undefined;
    const instance = init(node, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(node);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    // replace: a new answer is drawn at once (not a frame later). merge: keeps the zoom the operator chose when
    // only the data moves on (replaceMerge on series), drawn with the next frame.
    chart.current?.setOption(option, mode === 'replace' ? { notMerge: true } : { replaceMerge: ['series'], lazyUpdate: true });
  }, [option, mode]);

  return <div ref={element} style={{ width: '100%', height }} data-testid={testId} />;
}
