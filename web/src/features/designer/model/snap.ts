/**
 * Snapping a moving selection to the other widgets and the canvas (spec section 5: within 5 units with adsorb
 * on, else 1): the selection's left, centre and right are matched against every other box's left, centre and
 * right (and top, middle, bottom likewise), the nearest match within the tolerance wins on each axis, and a
 * guide line shows what it was lined up with. Pure: the tools' machine asks, the canvas draws the guides.
 */
import type { Box } from './rules';

/** A guide line: vertical at `x` (from y1 to y2), or horizontal at `y` (from x1 to x2). */
export type Guide = { axis: 'x'; at: number; from: number; to: number } | { axis: 'y'; at: number; from: number; to: number };

export interface Snapped {
  dx: number;
  dy: number;
  guides: Guide[];
}

const edges = (start: number, size: number) => [start, start + size / 2, start + size];

/**
 * The box a widget covers on screen: a quarter-turned widget (90° or 270°, the only turns the designer makes) is
 * its position's box with width and height swapped about the same centre, and that is what lines up with others.
 */
export function shownBox(p: Box & { rotate?: number }): Box {
  const turn = (((p.rotate ?? 0) % 360) + 360) % 360;
  if (turn !== 90 && turn !== 270) return { x: p.x, y: p.y, width: p.width, height: p.height };
  const cx = p.x + p.width / 2;
  const cy = p.y + p.height / 2;
  return { x: cx - p.height / 2, y: cy - p.width / 2, width: p.height, height: p.width };
}

/** The bounding box of boxes (undefined for none). */
export function boundsOf(boxes: readonly Box[]): Box | undefined {
  if (boxes.length === 0) return undefined;
  const left = Math.min(...boxes.map((b) => b.x));
  const top = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/**
 * The move along one axis that lands one of the box's lines (start, centre, end: `start` + `offsets`) on the
 * nearest target line within `tolerance` of where `move` puts it; computed from the target, so a landed edge is
 * exactly on it.
 */
function nearest(start: number, size: number, move: number, targets: number[], tolerance: number) {
  let best: { move: number; at: number } | undefined;
  for (const offset of [0, size / 2, size]) {
    for (const target of targets) {
      const landing = target - start - offset;
      const shift = Math.abs(landing - move);
      if (shift <= tolerance && (!best || shift < Math.abs(best.move - move))) best = { move: landing, at: target };
    }
  }
  return best;
}

/**
 * The move (dx, dy) of `moving` (the selection's bounding box before the move) adjusted to line up with `others`
 * or the canvas, and the guides to draw. Nothing within the tolerance: the move as it was, no guides.
 */
export function snapMove(
  moving: Box,
  dx: number,
  dy: number,
  others: readonly Box[],
  canvas: { width: number; height: number },
  tolerance: number,
): Snapped {
  const targets: Box[] = [...others, { x: 0, y: 0, width: canvas.width, height: canvas.height }];
  const onX = nearest(moving.x, moving.width, dx, targets.flatMap((b) => edges(b.x, b.width)), tolerance);
  const onY = nearest(moving.y, moving.height, dy, targets.flatMap((b) => edges(b.y, b.height)), tolerance);
  const final = { ...moving, x: moving.x + (onX?.move ?? dx), y: moving.y + (onY?.move ?? dy) };
  const guides: Guide[] = [];
  if (onX) {
    // From the top of the highest box sharing the line to the bottom of the lowest, the selection included.
    const sharing = [final, ...targets.filter((b) => edges(b.x, b.width).some((e) => Math.abs(e - onX.at) < 1e-6))];
    guides.push({ axis: 'x', at: onX.at, from: Math.min(...sharing.map((b) => b.y)), to: Math.max(...sharing.map((b) => b.y + b.height)) });
  }
  if (onY) {
    const sharing = [final, ...targets.filter((b) => edges(b.y, b.height).some((e) => Math.abs(e - onY.at) < 1e-6))];
    guides.push({ axis: 'y', at: onY.at, from: Math.min(...sharing.map((b) => b.x)), to: Math.max(...sharing.map((b) => b.x + b.width)) });
  }
  return { dx: onX?.move ?? dx, dy: onY?.move ?? dy, guides };
}
