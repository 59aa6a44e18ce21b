/**
 * Which widget a canvas point is on, by geometry: a press anywhere in a widget's box is on the widget, even where
 * it draws nothing; the widget drawn last (on top) wins; a turned widget's box turns with it (about its centre, as
 * `turnAbout` draws it). Pure arithmetic over the page's top-level widgets, so the canvas needs no invisible frame
 * element per widget (a thousand of them cost a noticeable part of the designer's first draw, docs/performance.md).
 */
import type { Widget } from '@/runtime/document';
import { unrotated } from './tools';

interface Point {
  x: number;
  y: number;
}

/** Whether `point` lies in the (turned) box of `w`; a box narrower than 1 unit is taken as 1 wide (a line). */
export function inBox(w: Widget, point: Point): boolean {
  const { x, y, width, height, rotate } = w.position;
  const cx = x + width / 2;
  const cy = y + height / 2;
  // The point in the widget's own axes, relative to its centre.
  const [dx, dy] = unrotated(point.x - cx, point.y - cy, rotate);
  return Math.abs(dx) <= Math.max(width, 1) / 2 && Math.abs(dy) <= Math.max(height, 1) / 2;
}

/** The id of the top-most widget whose box holds `point`, skipping `hidden` ones; null on the bare page. */
export function widgetAt(widgets: readonly Widget[], point: Point, hidden: ReadonlySet<string>): string | null {
  for (let i = widgets.length - 1; i >= 0; i -= 1) {
    const w = widgets[i] as Widget;
    if (!hidden.has(w.id) && inBox(w, point)) return w.id;
  }
  return null;
}

/** Every widget's box outline as one SVG path (the "outlines" view), corners turned as the widget is. */
export function outlinePath(widgets: readonly Widget[], hidden: ReadonlySet<string>): string {
  const parts: string[] = [];
  for (const w of widgets) {
    if (hidden.has(w.id)) continue;
    const { x, y, rotate } = w.position;
    const width = Math.max(w.position.width, 1);
    const height = Math.max(w.position.height, 1);
    const cx = x + w.position.width / 2;
    const cy = y + w.position.height / 2;
    const a = (rotate * Math.PI) / 180;
    const [cos, sin] = [Math.cos(a), Math.sin(a)];
    const corners = [
      [-width / 2, -height / 2],
      [width / 2, -height / 2],
      [width / 2, height / 2],
      [-width / 2, height / 2],
    ].map(([dx = 0, dy = 0]) => `${round(cx + dx * cos - dy * sin)} ${round(cy + dx * sin + dy * cos)}`);
    parts.push(`M${corners.join('L')}Z`);
  }
  return parts.join('');
}

const round = (n: number) => Math.round(n * 100) / 100;
