/**
 * The frame every chart widget draws in: the widget's box as an HTML block (a <foreignObject> holding a div of the
 * widget's size, scaled with the page's SVG), and the small caption line under a chart.
 */
import type { ReactNode } from 'react';
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

