/**
 * The scroll bar (UsualScrollbar) drawn as a flow bar: slanted stripes in a rounded track that move along the bar
 * while the bound value meets the bar's condition (flowBar.ts) and stand still otherwise. The motion is the CSS
 * class `rt-flow` (runtimeStyles.ts), one period per cycle, so the loop is seamless and costs no script per frame.
 * A still bar draws its stripes faint, so the state reads without the motion too (and for users who ask their
 * system for reduced motion, where the stripes do not move).
 *
 * Colours: the stripes take the fill colour (or the fill animation's), the track a pale tint of it; the outline
 * is the widget's border when switched on. To make it flow the other way, turn the widget by 180°.
 */
import type { CSSProperties } from 'react';
import { flowLayout, isFlowing } from '../flowBar';
import { bodyPaint, boxOf, useSvgId, type WidgetRenderProps } from './common';

/** Seconds for the stripes to move one period. */
const CYCLE_SECONDS = 0.8;

function flowStyle(period: number): CSSProperties {
  return { ['--rt-flow-step' as string]: `${period}px`, ['--rt-flow-cycle' as string]: `${CYCLE_SECONDS}s` } as CSSProperties;
}

export function UsualScrollbar({ widget, value, look }: WidgetRenderProps) {
  const clipId = useSvgId('rt-flow');
  const b = boxOf(widget);
  const flowing = isFlowing(widget.data, value);
  const layout = flowLayout(b.width, b.height);
  const { length, thickness } = layout;
  const paint = bodyPaint(widget, look);
  const colour = look.fill ?? widget.style.fill.color;
  const radius = Math.min(widget.style.radius || thickness / 2, thickness / 2);
  // The bar's own axes: u along the flow, v across; a tall box turns them a quarter (the flow then runs down).
  const axes = layout.horizontal ? `translate(${b.x} ${b.y})` : `matrix(0 1 -1 0 ${b.x + b.width} ${b.y})`;
  return (
    <g transform={axes} data-flowing={flowing} data-testid={`flow-${widget.id}`}>
      <defs>
        <clipPath id={clipId}>
          <rect x={0} y={0} width={length} height={thickness} rx={radius} ry={radius} />
        </clipPath>
      </defs>
      <rect x={0} y={0} width={length} height={thickness} rx={radius} ry={radius} fill={colour} fillOpacity={0.18} />
      <g clipPath={`url(#${clipId})`}>
        <g className={flowing ? 'rt-flow' : undefined} style={flowing ? flowStyle(layout.period) : undefined}>
          {layout.stripes.map((corners, i) => (
            <polygon key={i} points={corners.map(([u, v]) => `${u},${v}`).join(' ')} fill={colour} fillOpacity={flowing ? 0.9 : 0.3} />
          ))}
        </g>
      </g>
      <rect
        x={0}
        y={0}
        width={length}
        height={thickness}
        rx={radius}
        ry={radius}
        fill="none"
        stroke={paint.stroke}
        strokeWidth={paint.strokeWidth}
        strokeDasharray={paint.strokeDasharray}
        className={paint.className}
        style={paint.style}
      />
    </g>
  );
}
