/**
 * The toolbar's arrangement actions on the page's top-level widgets: align (6), distribute (2), same width or
 * height, and the z-order (4). Each takes the widgets in page order (the first is drawn first, at the back) and the
 * selected ids, and answers the new list: unchanged widgets are the same objects, so the history's snapshots share
 * them. Locked widgets (`posLock`) are never moved, aligned, resized or reordered (spec section 5); they still count
 * for the selection's bounds, since they are what the others line up with.
 */
import { canDistribute, roundedBox, type Box } from './rules';

/** What arranging reads and writes of a widget. */
export interface Arrangeable {
  id: string;
  posLock: boolean;
  position: Box;
}

export type AlignEdge = 'left' | 'centerX' | 'right' | 'top' | 'centerY' | 'bottom';
export type Axis = 'horizontal' | 'vertical';
export type ZOrder = 'front' | 'back' | 'forward' | 'backward';

/** The box around `boxes`. */
export function bounds(boxes: readonly Box[]): Box {
  const left = Math.min(...boxes.map((b) => b.x));
  const top = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** `widgets` with `move` applied to each selected, unlocked one (whole numbers, as at the end of a move). */
function moveSelected<T extends Arrangeable>(
  widgets: readonly T[],
  selected: ReadonlySet<string>,
  move: (box: Box, widget: T) => Box,
): T[] {
  return widgets.map((w) => {
    if (!selected.has(w.id) || w.posLock) return w;
    const box = roundedBox(move(w.position, w));
    const same = box.x === w.position.x && box.y === w.position.y;
    const sameSize = box.width === w.position.width && box.height === w.position.height;
    return same && sameSize ? w : { ...w, position: { ...w.position, ...box } };
  });
}

function selectedOf<T extends Arrangeable>(widgets: readonly T[], ids: readonly string[]): { set: Set<string>; list: T[] } {
  const set = new Set(ids);
  return { set, list: widgets.filter((w) => set.has(w.id)) };
}

/** Aligns the selection (at least 2) on an edge or centre line of its bounds. */
export function align<T extends Arrangeable>(widgets: readonly T[], ids: readonly string[], edge: AlignEdge): T[] {
  const { set, list } = selectedOf(widgets, ids);
  if (list.length < 2) return [...widgets];
  const b = bounds(list.map((w) => w.position));
  return moveSelected(widgets, set, (box) => {
    switch (edge) {
      case 'left':
        return { ...box, x: b.x };
      case 'centerX':
        return { ...box, x: b.x + (b.width - box.width) / 2 };
      case 'right':
        return { ...box, x: b.x + b.width - box.width };
      case 'top':
        return { ...box, y: b.y };
      case 'centerY':
        return { ...box, y: b.y + (b.height - box.height) / 2 };
      case 'bottom':
        return { ...box, y: b.y + b.height - box.height };
    }
  });
}

/**
 * Spreads the selection's unlocked widgets evenly along an axis: the first and the last (by position) stay, the
 * gaps between neighbours become equal. Needs more than 2 unlocked widgets (spec section 5).
 */
export function distribute<T extends Arrangeable>(widgets: readonly T[], ids: readonly string[], axis: Axis): T[] {
  const { list } = selectedOf(widgets, ids);
  if (!canDistribute(list)) return [...widgets];
  const start = (b: Box) => (axis === 'horizontal' ? b.x : b.y);
  const size = (b: Box) => (axis === 'horizontal' ? b.width : b.height);
  const movable = list.filter((w) => !w.posLock).sort((a, b) => start(a.position) - start(b.position));
  const first = movable[0]!.position;
  const last = movable[movable.length - 1]!.position;
  const occupied = movable.reduce((sum, w) => sum + size(w.position), 0);
  const gap = (start(last) + size(last) - start(first) - occupied) / (movable.length - 1);
  const places = new Map<string, number>();
  let at = start(first);
  for (const w of movable) {
    places.set(w.id, at);
    at += size(w.position) + gap;
  }
  return moveSelected(widgets, new Set(places.keys()), (box, w) => {
    const place = places.get(w.id)!;
    return axis === 'horizontal' ? { ...box, x: place } : { ...box, y: place };
  });
}

/** Gives the selection the width or height of the first selected widget (the one picked first). */
export function sameSize<T extends Arrangeable>(
  widgets: readonly T[],
  ids: readonly string[],
  side: 'width' | 'height',
): T[] {
  const model = widgets.find((w) => w.id === ids[0]);
  if (!model || ids.length < 2) return [...widgets];
  return moveSelected(widgets, new Set(ids.slice(1)), (box) => ({ ...box, [side]: model.position[side] }));
}

/**
 * Moves the selection in the drawing order: to the front (drawn last), to the back, or one place past the next
 * unselected widget. The selection keeps its own order; locked widgets keep their places.
 */
export function reorder<T extends Arrangeable>(widgets: readonly T[], ids: readonly string[], order: ZOrder): T[] {
  const moving = new Set(widgets.filter((w) => ids.includes(w.id) && !w.posLock).map((w) => w.id));
  if (moving.size === 0) return [...widgets];
  const chosen = widgets.filter((w) => moving.has(w.id));
  const others = widgets.filter((w) => !moving.has(w.id));
  if (order === 'front') return [...others, ...chosen];
  if (order === 'back') return [...chosen, ...others];
  const list = [...widgets];
  const step = order === 'forward' ? 1 : -1;
  const indexes = list.map((w, i) => (moving.has(w.id) ? i : -1)).filter((i) => i >= 0);
  // Forward moves the front-most first, so widgets of the selection never swap with each other.
  for (const i of step === 1 ? indexes.reverse() : indexes) {
    const j = i + step;
    if (j < 0 || j >= list.length || moving.has(list[j]!.id)) continue;
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}
