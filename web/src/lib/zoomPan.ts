/**
 * The arithmetic of pinch zoom and pan over a page on a phone (components/ZoomPan.tsx): a view is a scale and an
 * offset of the content's top-left corner, always clamped so the content covers the frame (no empty band past an
 * edge) and the scale stays between 1 (the page as fitted) and {@link MAX_SCALE}. Pure functions, so the gestures
 * are tested without a touch screen.
 */

export interface View {
  scale: number;
  x: number;
  y: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export const FITTED: View = { scale: 1, x: 0, y: 0 };
/** Closer than this the page's pixels show: nothing more to read. */
export const MAX_SCALE = 5;
/** One press of a zoom button. */
export const ZOOM_STEP = 1.5;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The view with its scale in range and its offset keeping the content over the whole frame. */
export function clampView(view: View, frame: Size): View {
  const scale = clamp(Number.isFinite(view.scale) ? view.scale : 1, 1, MAX_SCALE);
  return {
    scale,
    x: clamp(view.x, frame.width * (1 - scale), 0),
    y: clamp(view.y, frame.height * (1 - scale), 0),
  };
}

/** The content point (in fitted page pixels) under a frame point. */
function contentAt(view: View, point: Point): Point {
  return { x: (point.x - view.x) / view.scale, y: (point.y - view.y) / view.scale };
}

/** Scales by `factor` around `point` of the frame: the content under the point stays under it. */
export function zoomAt(view: View, factor: number, point: Point, frame: Size): View {
  const scale = clamp(view.scale * factor, 1, MAX_SCALE);
  const under = contentAt(view, point);
  return clampView({ scale, x: point.x - under.x * scale, y: point.y - under.y * scale }, frame);
}

/** Two fingers: the view at the gesture's start and where the fingers were then and are now. */
export function pinch(start: View, from: [Point, Point], to: [Point, Point], frame: Size): View {
  const distance = ([a, b]: [Point, Point]) => Math.hypot(a.x - b.x, a.y - b.y);
  const middle = ([a, b]: [Point, Point]): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
  const startDistance = distance(from);
  const factor = startDistance > 0 ? distance(to) / startDistance : 1;
  const scale = clamp(start.scale * factor, 1, MAX_SCALE);
  // The content point under the fingers' middle at the start follows the middle as it moves.
  const under = contentAt(start, middle(from));
  const now = middle(to);
  return clampView({ scale, x: now.x - under.x * scale, y: now.y - under.y * scale }, frame);
}

/** One finger on a zoomed page: the view moved by the finger's travel. */
export function pan(start: View, dx: number, dy: number, frame: Size): View {
  return clampView({ ...start, x: start.x + dx, y: start.y + dy }, frame);
}
