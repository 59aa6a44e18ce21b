/**
 * An ECharts canvas for an option object. This module is the only one that imports ECharts, and only the parts
 * the console draws (line, bar and pie charts; grid, tooltip, legend, dataZoom; canvas renderer), so the library
 * is a chunk of its own that loads with the first chart (see LazyChart.tsx), never with the console's entry.
 * Used by the equipment detail (history chart, real-time curve) and the configuration page viewer (chart widgets).
 */
import { useEffect, useRef } from 'react';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, setPlatformAPI, use, type ECharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { ChartOption } from '@/lib/chartTheme';

use([LineChart, BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, CanvasRenderer]);

/**
 * Text is measured on a canvas inside the document, as it is drawn. ECharts measures on a canvas of its own outside
 * it, where the generic `sans-serif` is the browser's default font; the chart's canvas is inside the page, under
 * `<html lang="zh-CN">`, where it is a CJK font with wider Latin letters, so Chinese legends overlapped (a label
 * measured 89 px was drawn 99 px wide). Nothing is drawn on the measuring canvas; it is never shown.
 */
let measuring: CanvasRenderingContext2D | null = null;

/**
 * Whether this browser draws on a canvas at all (a locked-down browser, jsdom in the tests): without one ECharts
 * throws while drawing and takes the whole screen down with it, so the chart's box stays empty instead.
 */
let canvasDraws: boolean | undefined;
function canDraw(): boolean {
  if (canvasDraws === undefined) {
    try {
      canvasDraws = document.createElement('canvas').getContext('2d') !== null;
    } catch {
      canvasDraws = false;
    }
  }
  return canvasDraws;
}
setPlatformAPI({
  measureText(text: string, font?: string) {
    if (!measuring) {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 0;
      canvas.setAttribute('aria-hidden', 'true');
      canvas.style.position = 'absolute';
      canvas.style.visibility = 'hidden';
      document.body.appendChild(canvas);
      measuring = canvas.getContext('2d');
    }
    if (!measuring) return { width: 0 };
    measuring.font = font ?? '12px sans-serif';
    return measuring.measureText(text);
  },
});


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
    if (!node || !canDraw()) return undefined;
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
