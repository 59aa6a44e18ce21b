/**
 * The pointer tools as a small state machine (after tldraw's tool states): the active tool (select, draw a widget
 * type, pan) and the gesture in progress. Pointer events come in canvas units with the top-level widget under the
 * pointer already found; each event answers the next designer state, so the canvas component only forwards events
 * and draws. A move, a marquee or a drawing is one history step (a mark at the start, previews while it lasts, one
 * step at the end); Esc abandons it.
 *
 * Rotation handles join this machine with the canvas.
 */
import { allWidgets, parsePageDocument, type PageDocument, type Widget } from '@/runtime/document';
import { refusalNotice, withWidgets, type EditorState } from './actions';
import { paste } from './clipboard';
import { newWidgetId } from './grouping';
import { begin, cancel, end, preview, type History } from './history';
import { resized, type Handle } from './resize';
import {
  countRefusal,
  edgeMargin,
  geometryOf,
  largeEnough,
  mergedCollinear,
  resizeAllowed,
  roundedBox,
  snapTolerance,
  staysOnCanvas,
  type Box,
} from './rules';
import { boundsOf, shownBox, snapMove, type Guide } from './snap';

export interface Point {
  x: number;
  y: number;
}

/** `data`: what a drawn widget of the type starts with (model/drawnData.ts), when more than the parser's defaults. */
export type Tool = { kind: 'select' } | { kind: 'draw'; widgetType: string; data?: Record<string, unknown> } | { kind: 'pan' };

export type Gesture =
  | { kind: 'idle' }
  /** Pressed, not yet dragged past the threshold: a click, or the start of a move or a marquee. */
  | { kind: 'pressed'; at: Point; hit: string | null; additive: boolean; copy: boolean }
  /** `base`: the document the move starts from (with the duplicates, when copying). */
  | { kind: 'moving'; from: Point; ids: readonly string[]; base: PageDocument; guides?: readonly Guide[] }
  | { kind: 'resizing'; id: string; handle: Handle; from: Point; base: PageDocument }
  | { kind: 'marquee'; from: Point; to: Point; additive: boolean }
  | { kind: 'drawing'; widgetType: string; from: Point; to: Point; data?: Record<string, unknown> }
  | { kind: 'panning'; from: Point };

export interface Designer {
  editor: EditorState;
  tool: Tool;
  gesture: Gesture;
  /** Snap from 5 units away instead of 1 (the designer's local setting, off by default). */
  adsorb?: boolean;
}

/** A pointer event in canvas units. `additive`: Shift (add to or take from the selection); `copy`: Ctrl or Alt
 * (a drag moves duplicates, spec section 4). */
export interface PointerInput {
  point: Point;
  /** The top-level widget under the pointer, if any. */
  hit: string | null;
  /** The resize handle of the selected widget under the pointer, if any. */
  handle?: Handle;
  additive: boolean;
  copy: boolean;
}

/** How far a press must travel before it is a drag, in canvas units. */
export const DRAG_THRESHOLD = 3;

export function pointerDown(d: Designer, input: PointerInput): Designer {
  switch (d.tool.kind) {
    case 'draw':
      return { ...d, gesture: { kind: 'drawing', widgetType: d.tool.widgetType, from: input.point, to: input.point, ...(d.tool.data ? { data: d.tool.data } : {}) } };
    case 'pan':
      return { ...d, gesture: { kind: 'panning', from: input.point } };
    case 'select': {
      const target = input.handle && input.hit ? d.editor.history.present.widgets.find((w) => w.id === input.hit) : undefined;
      if (target && input.handle && !target.posLock) {
        const history = begin(d.editor.history);
        const gesture: Gesture = { kind: 'resizing', id: target.id, handle: input.handle, from: input.point, base: history.present };
        return { ...d, gesture, editor: { ...d.editor, history, selection: [target.id] } };
      }
      return { ...d, gesture: { kind: 'pressed', at: input.point, hit: input.hit, additive: input.additive, copy: input.copy } };
    }
  }
}

export function pointerMove(d: Designer, input: PointerInput): Designer {
  const g = d.gesture;
  switch (g.kind) {
    case 'pressed': {
      if (Math.hypot(input.point.x - g.at.x, input.point.y - g.at.y) < DRAG_THRESHOLD) return d;
      if (g.hit === null) return { ...d, gesture: { kind: 'marquee', from: g.at, to: input.point, additive: g.additive } };
      return pointerMove(startMove(d, g), input);
    }
    case 'moving': {
      const { editor, guides } = moved(d, g, input.point.x - g.from.x, input.point.y - g.from.y);
      return { ...d, editor, gesture: { ...g, guides } };
    }
    case 'resizing': {
      const widgets = g.base.widgets.map((w) => {
        if (w.id !== g.id) return w;
        const [dx, dy] = unrotated(input.point.x - g.from.x, input.point.y - g.from.y, w.position.rotate);
        const box = handleBox(w.position, g.handle, dx, dy);
        return resizeAllowed(box.width, box.height) ? resized(w, w.position, box) : undefined;
      });
      // A size the rules refuse keeps the last one shown.
      if (widgets.some((w) => w === undefined)) return d;
      const history = preview(d.editor.history, { ...g.base, widgets: widgets as Widget[] });
      return { ...d, editor: { ...d.editor, history } };
    }
    case 'marquee':
      return { ...d, gesture: { ...g, to: input.point } };
    case 'drawing':
      return { ...d, gesture: { ...g, to: input.point } };
    default:
      return d;
  }
}

export function pointerUp(d: Designer, input: PointerInput): Designer {
  const g = d.gesture;
  const idle: Gesture = { kind: 'idle' };
  switch (g.kind) {
    case 'pressed':
      return { ...d, gesture: idle, editor: { ...d.editor, selection: clicked(d.editor.selection, g.hit, g.additive) } };
    case 'moving': {
      // Whole numbers at the end of a move (spec section 5), then the whole move is one step; none when nothing
      // moved (locked widgets, a drag back to the start).
      const ids = new Set(g.ids);
      const present = d.editor.history.present;
      const rounded = present.widgets.map((w) => {
        if (!ids.has(w.id)) return w;
        const box = roundedBox(w.position);
        const same = box.x === w.position.x && box.y === w.position.y;
        return same ? w : resized(w, w.position, { ...w.position, ...box });
      });
      return { ...d, gesture: idle, editor: { ...d.editor, history: finished(d.editor.history, rounded) } };
    }
    case 'resizing': {
      const widgets = d.editor.history.present.widgets.map((w) => (w.id === g.id ? settled(w) : w));
      return { ...d, gesture: idle, editor: { ...d.editor, history: finished(d.editor.history, widgets) } };
    }
    case 'marquee':
      return { ...d, gesture: idle, editor: { ...d.editor, selection: inMarquee(d.editor, g) } };
    case 'drawing':
      return { ...d, gesture: idle, tool: { kind: 'select' }, editor: drawn(d.editor, g.widgetType, g.from, input.point, g.data) };
    default:
      return { ...d, gesture: idle };
  }
}

/** Esc: the gesture is abandoned, the document as before it. */
export function escape(d: Designer): Designer {
  const marked = d.gesture.kind === 'moving' || d.gesture.kind === 'resizing';
  const history = marked ? cancel(d.editor.history) : d.editor.history;
  return { ...d, gesture: { kind: 'idle' }, editor: { ...d.editor, history } };
}

/** The selection after a click on `hit` (nothing: empty canvas). */
function clicked(selection: readonly string[], hit: string | null, additive: boolean): string[] {
  if (hit === null) return additive ? [...selection] : [];
  if (!additive) return [hit];
  return selection.includes(hit) ? selection.filter((id) => id !== hit) : [...selection, hit];
}

/**
 * A drag began on a widget: select it (unless it is selected already) and mark; when copying, duplicates are made
 * in place and they are what moves, the originals stay (the duplicates and their move are one step).
 */
function startMove(d: Designer, g: Extract<Gesture, { kind: 'pressed' }>): Designer {
  const hit = g.hit as string;
  let selection = d.editor.selection.includes(hit) ? [...d.editor.selection] : [hit];
  const history = begin(d.editor.history);
  let base = history.present;
  if (g.copy) {
    const chosen = base.widgets.filter((w) => selection.includes(w.id));
    // A paste with no shift (the offset of paste number 0).
    const copies = paste(base.widgets, { widgets: chosen, pasted: -1 }, base.con);
    if (copies.ok) {
      base = { ...base, widgets: copies.widgets };
      selection = copies.pastedIds;
    }
  }
  return {
    ...d,
    editor: { ...d.editor, selection, history: preview(history, base) },
    gesture: { kind: 'moving', from: g.at, ids: selection, base },
  };
}

/**
 * The move's base with its unlocked widgets moved by (dx, dy), snapped to the other widgets and the canvas (with
 * the guides to show), each widget only where enough of it stays on the canvas.
 */
function moved(d: Designer, g: Extract<Gesture, { kind: 'moving' }>, rawDx: number, rawDy: number) {
  const editor = d.editor;
  const chosen = new Set(g.ids);
  const moving = boundsOf(g.base.widgets.filter((w) => chosen.has(w.id) && !w.posLock).map((w) => shownBox(w.position)));
  const others = g.base.widgets.filter((w) => !chosen.has(w.id)).map((w) => shownBox(w.position));
  const snap = moving
    ? snapMove(moving, rawDx, rawDy, others, g.base.con, snapTolerance(d.adsorb ?? false))
    : { dx: rawDx, dy: rawDy, guides: [] };
  const { dx, dy } = snap;
  const widgets = g.base.widgets.map((w) => {
    if (!chosen.has(w.id) || w.posLock) return w;
    const box = { ...w.position, x: w.position.x + dx, y: w.position.y + dy };
    // Moved whole: a group's members, a line's points and a triangle's corners are canvas positions too.
    return staysOnCanvas(box, g.base.con, edgeMargin(geometryOf(w.widgetType))) ? resized(w, w.position, box) : w;
  });
  return { editor: { ...editor, history: preview(editor.history, { ...g.base, widgets }) }, guides: snap.guides };
}

/** Ends the gesture with `widgets` as one step, or abandons it when every widget is still the one it started with. */
function finished(history: History<PageDocument>, widgets: Widget[]): History<PageDocument> {
  const before = history.mark?.widgets ?? [];
  const unchanged = widgets.length === before.length && widgets.every((w, i) => w === before[i]);
  return unchanged ? cancel(history) : end(preview(history, { ...history.present, widgets }));
}

/** A drag on the canvas in a widget's own axes: its handles turn with it, so dragging a quarter-turned widget's
 * east handle (drawn at the bottom) down widens it. */
export function unrotated(dx: number, dy: number, rotate: number): [number, number] {
  if (!rotate) return [dx, dy];
  const a = (rotate * Math.PI) / 180;
  const [cos, sin] = [Math.cos(a), Math.sin(a)];
  return [dx * cos + dy * sin, -dx * sin + dy * cos];
}

/** The box `start` dragged by (dx, dy) at `handle`: the opposite sides stay. */
function handleBox(start: Box, handle: Handle, dx: number, dy: number): Box {
  let { x, y, width, height } = start;
  if (handle.includes('e')) width += dx;
  if (handle.includes('w')) {
    x += dx;
    width -= dx;
  }
  if (handle.includes('s')) height += dy;
  if (handle.includes('n')) {
    y += dy;
    height -= dy;
  }
  return { x, y, width, height };
}

/** At the end of a resize: whole numbers, and a line's points in the same direction merged (spec section 5). */
function settled(w: Widget): Widget {
  const box = roundedBox(w.position);
  const rounded = resized(w, w.position, box);
  return w.widgetType === 'ShapeLine' ? { ...rounded, points: mergedCollinear(rounded.points) } : rounded;
}

function rectOf(a: Point, b: Point) {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) };
}

/** The widgets wholly inside the marquee (added to the selection with Shift). */
function inMarquee(editor: EditorState, g: Extract<Gesture, { kind: 'marquee' }>): string[] {
  const r = rectOf(g.from, g.to);
  const inside = editor.history.present.widgets
    .filter((w) => {
      const p = w.position;
      return p.x >= r.x && p.y >= r.y && p.x + p.width <= r.x + r.width && p.y + p.height <= r.y + r.height;
    })
    .map((w) => w.id);
  return g.additive ? [...new Set([...editor.selection, ...inside])] : inside;
}

/** A new widget of `widgetType` in the dragged box, with the contract's defaults; nothing when too small or when
 * the page's counts refuse it (with the reason). A palette item dropped on the canvas is made the same way
 * (model/drop.ts). */
export function drawn(editor: EditorState, widgetType: string, from: Point, to: Point, data?: Record<string, unknown>): EditorState {
  const box = roundedBox(rectOf(from, to));
  const geometry = geometryOf(widgetType);
  const r = Math.min(box.width, box.height) / 2;
  const size = { ...box, r, rx: box.width / 2, ry: box.height / 2, from: [from.x, from.y] as const, to: [to.x, to.y] as const };
  if (!largeEnough(geometry, size)) return editor;
  const present = editor.history.present;
  const refusal = countRefusal([...allWidgets(present.widgets)].map((w) => w.widgetType), [widgetType]);
  if (refusal) return { ...editor, notice: refusalNotice(refusal) };
  const id = newWidgetId(present.widgets, 'w');
  const raw: Record<string, unknown> = { id, widgetType, position: { ...box, rotate: 0 } };
  if (geometry === 'circle') raw.position = { ...box, rotate: 0, r };
  if (geometry === 'ellipse') raw.position = { ...box, rotate: 0, rx: box.width / 2, ry: box.height / 2 };
  if (geometry === 'line') raw.points = [[from.x, from.y], [to.x, to.y]];
  if (data) raw.data = structuredClone(data);
  const [widget] = parsePageDocument({ widgets: [raw] }).widgets;
  return withWidgets(editor, [...present.widgets, widget as Widget], [id]);
}
