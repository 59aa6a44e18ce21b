/**
 * The nine shapes. Each is drawn in its box (position x, y, width, height) with the style's fill, outline,
 * dashes and the colour animations; the circle, ellipse, triangle and line use their own geometry when the
 * document has it (r; rx, ry; x1..y3; points), all in canvas units.
 */
import type { Widget } from '../document';
import { bodyPaint, boxOf, type WidgetRenderProps } from './common';

type Pt = [number, number];

function pointsAttr(points: readonly Pt[]): string {
  return points.map(([x, y]) => `${round(x)},${round(y)}`).join(' ');
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

/** A polygon given in box fractions or offsets, turned into canvas points. */
function Polygon({ widget, look, points }: Pick<WidgetRenderProps, 'widget' | 'look'> & { points: readonly Pt[] }) {
  return <polygon points={pointsAttr(points)} strokeLinejoin="round" {...bodyPaint(widget, look)} />;
}

export function ShapeRect({ widget, look }: WidgetRenderProps) {
  const b = boxOf(widget);
  const r = Math.min(widget.style.radius, b.width / 2, b.height / 2);
  return (
    <rect x={b.x} y={b.y} width={b.width} height={b.height} rx={r || undefined} ry={r || undefined} {...bodyPaint(widget, look)} />
  );
}

export function ShapeCircle({ widget, look }: WidgetRenderProps) {
  const b = boxOf(widget);
  const r = widget.position.r ?? Math.min(b.width, b.height) / 2;
  return <circle cx={b.cx} cy={b.cy} r={r} {...bodyPaint(widget, look)} />;
}

export function ShapeEllipse({ widget, look }: WidgetRenderProps) {
  const b = boxOf(widget);
  return <ellipse cx={b.cx} cy={b.cy} rx={widget.position.rx ?? b.width / 2} ry={widget.position.ry ?? b.height / 2} {...bodyPaint(widget, look)} />;
}

export function ShapeLine({ widget, look }: WidgetRenderProps) {
  const paint = bodyPaint(widget, look);
  // A line has no inside: its colour is the outline's, and a fill colour animation colours the line.
  const stroke = paint.stroke === 'none' ? (look.fill ?? widget.style.stroke.color) : paint.stroke;
  return (
    <polyline
      points={pointsAttr(widget.points)}
      fill="none"
      stroke={stroke}
      strokeWidth={paint.strokeWidth ?? widget.style.stroke.width}
      strokeDasharray={paint.strokeDasharray}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={look.blink?.kind === 'fill' ? 'rt-blink-stroke' : paint.className}
      style={paint.style}
    />
  );
}

/** A right-pointing arrow: a shaft half the box high and a head up to 40 % of the width. */
export function arrowPoints(widget: Widget): Pt[] {
  const { x, y, width: w, height: h } = boxOf(widget);
  const head = Math.min(w * 0.4, h);
  return [
    [x, y + h * 0.25],
    [x + w - head, y + h * 0.25],
    [x + w - head, y],
    [x + w, y + h / 2],
    [x + w - head, y + h],
    [x + w - head, y + h * 0.75],
    [x, y + h * 0.75],
  ];
}

export function ShapeArrow({ widget, look }: WidgetRenderProps) {
  return <Polygon widget={widget} look={look} points={arrowPoints(widget)} />;
}

/** An octagon with its corners cut as in a regular one fitted to the shorter side. */
export function octagonPoints(widget: Widget): Pt[] {
  const { x, y, width: w, height: h } = boxOf(widget);
  const c = Math.min(w, h) * (1 - Math.SQRT1_2);
  return [
    [x + c, y],
    [x + w - c, y],
    [x + w, y + c],
    [x + w, y + h - c],
    [x + w - c, y + h],
    [x + c, y + h],
    [x, y + h - c],
    [x, y + c],
  ];
}

export function ShapeOctagon({ widget, look }: WidgetRenderProps) {
  return <Polygon widget={widget} look={look} points={octagonPoints(widget)} />;
}

/** A parallelogram leaning right, its top edge shifted by a quarter of the width. */
export function parallelogramPoints(widget: Widget): Pt[] {
  const { x, y, width: w, height: h } = boxOf(widget);
  const o = w * 0.25;
  return [
    [x + o, y],
    [x + w, y],
    [x + w - o, y + h],
    [x, y + h],
  ];
}

export function ShapeParallelogram({ widget, look }: WidgetRenderProps) {
  return <Polygon widget={widget} look={look} points={parallelogramPoints(widget)} />;
}

/** ShapePrism is the designer's diamond (菱形): the midpoints of the box's sides. */
export function prismPoints(widget: Widget): Pt[] {
  const { x, y, width: w, height: h, cx, cy } = boxOf(widget);
  return [
    [cx, y],
    [x + w, cy],
    [cx, y + h],
    [x, cy],
  ];
}

export function ShapePrism({ widget, look }: WidgetRenderProps) {
  return <Polygon widget={widget} look={look} points={prismPoints(widget)} />;
}

/** The triangle's corners: x1..y3 when the document has all six, else an upright triangle in the box. */
export function trianglePoints(widget: Widget): Pt[] {
  const p = widget.position;
  if (
    p.x1 !== undefined && p.y1 !== undefined && p.x2 !== undefined &&
    p.y2 !== undefined && p.x3 !== undefined && p.y3 !== undefined
  ) {
    return [
      [p.x1, p.y1],
      [p.x2, p.y2],
      [p.x3, p.y3],
    ];
  }
  const { x, y, width: w, height: h, cx } = boxOf(widget);
  return [
    [cx, y],
    [x + w, y + h],
    [x, y + h],
  ];
}

export function ShapeTriangle({ widget, look }: WidgetRenderProps) {
  return <Polygon widget={widget} look={look} points={trianglePoints(widget)} />;
}
