/**
 * A widget fitted into a new box: its position, and everything inside it drawn in canvas units (a group's members,
 * a line's points, a triangle's corners, a circle's or an ellipse's radii) scaled from the old box to the new one,
 * so a resized group or line keeps its shape.
 */
import type { Widget } from '@/runtime/document';
import type { Box } from './rules';

/** The eight resize handles, by compass point. */
export type Handle = 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw';

export function resized(widget: Widget, from: Box, to: Box): Widget {
  const sx = from.width === 0 ? 1 : to.width / from.width;
  const sy = from.height === 0 ? 1 : to.height / from.height;
  const mapX = (x: number) => to.x + (x - from.x) * sx;
  const mapY = (y: number) => to.y + (y - from.y) * sy;
  const p = widget.position;
  const position = { ...p, x: mapX(p.x), y: mapY(p.y), width: p.width * sx, height: p.height * sy };
  for (const [xKey, yKey] of [['x1', 'y1'], ['x2', 'y2'], ['x3', 'y3']] as const) {
    if (p[xKey] !== undefined) position[xKey] = mapX(p[xKey]);
    if (p[yKey] !== undefined) position[yKey] = mapY(p[yKey]);
  }
  if (p.r !== undefined) position.r = Math.min(position.width, position.height) / 2;
  if (p.rx !== undefined) position.rx = position.width / 2;
  if (p.ry !== undefined) position.ry = position.height / 2;
  return {
    ...widget,
    position,
    points: widget.points.map(([x, y]) => [mapX(x), mapY(y)] as [number, number]),
    children: widget.children.map((child) => resized(child, from, to)),
  };
}
