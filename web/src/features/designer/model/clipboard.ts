/**
 * Copy, paste and duplicate. The clipboard holds copies of the selected top-level widgets (groups with their
 * members); each paste adds them again with new ids, shifted by 50 units more than the paste before (spec sections
 * 5 and 9: "repeated copies shift by 50"), on top of the drawing. A paste that would break the page's counts
 * (1,000 widgets, 3 ComplexWeather, 1 UsualWebgl) adds nothing and says why.
 */
import { allWidgets, type Widget } from '@/runtime/document';
import { newWidgetId } from './grouping';
import { copyOffset, countRefusal, edgeMargin, geometryOf, staysOnCanvas, type CountRefusal } from './rules';

export interface Clipboard {
  widgets: readonly Widget[];
  /** Pastes of these widgets so far: the next lands this many steps of 50 further. */
  pasted: number;
}

export function copySelection(widgets: readonly Widget[], ids: readonly string[]): Clipboard | undefined {
  const chosen = widgets.filter((w) => ids.includes(w.id));
  return chosen.length > 0 ? { widgets: chosen, pasted: 0 } : undefined;
}

/** `widget` moved by (dx, dy), members included (their positions are canvas positions too). */
export function shifted(widget: Widget, dx: number, dy: number): Widget {
  const p = widget.position;
  const position = { ...p, x: p.x + dx, y: p.y + dy };
  for (const [xKey, yKey] of [['x1', 'y1'], ['x2', 'y2'], ['x3', 'y3']] as const) {
    if (p[xKey] !== undefined) position[xKey] = p[xKey] + dx;
    if (p[yKey] !== undefined) position[yKey] = p[yKey] + dy;
  }
  return {
    ...widget,
    position,
    points: widget.points.map(([x, y]) => [x + dx, y + dy] as [number, number]),
    children: widget.children.map((child) => shifted(child, dx, dy)),
  };
}

/**
 * `widget` with a new id for it and every member, none of them taken on the page or by earlier renames (`page`, a
 * list of the page's widgets the new ones are added to as they are named).
 */
export function renamed(widget: Widget, page: Widget[]): Widget {
  const id = newWidgetId(page, 'w');
  // Reserve the id at once: the members' ids must differ from it.
  page.push({ ...widget, id, children: [] });
  return { ...widget, id, children: widget.children.map((child) => renamed(child, page)) };
}

export type PasteResult =
  | { ok: true; widgets: Widget[]; pastedIds: string[]; clipboard: Clipboard }
  | { ok: false; refusal: CountRefusal };

/**
 * Adds the clipboard's widgets on top of `widgets`, shifted by the next copy offset (or where they were, when the
 * shift would take one off the canvas).
 */
export function paste(
  widgets: readonly Widget[],
  clipboard: Clipboard,
  canvas: { width: number; height: number },
): PasteResult {
  const present = [...allWidgets(widgets)].map((w) => w.widgetType);
  const adding = [...allWidgets(clipboard.widgets)].map((w) => w.widgetType);
  const refusal = countRefusal(present, adding);
  if (refusal) return { ok: false, refusal };
  const pasted = clipboard.pasted + 1;
  const { dx, dy } = copyOffset(pasted);
  const fits = clipboard.widgets.every((w) =>
    staysOnCanvas({ ...w.position, x: w.position.x + dx, y: w.position.y + dy }, canvas, edgeMargin(geometryOf(w.widgetType))),
  );
  const reserved = [...allWidgets(widgets)];
  const copies = clipboard.widgets.map((w) => renamed(fits ? shifted(w, dx, dy) : w, reserved));
  return {
    ok: true,
    widgets: [...widgets, ...copies],
    pastedIds: copies.map((w) => w.id),
    clipboard: { widgets: clipboard.widgets, pasted },
  };
}
