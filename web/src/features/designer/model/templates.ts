/**
 * Templates ("faceplates"; docs/designer.md, "Templates"): a selection saved once and dropped on any page of the
 * organisation. A template binds signals by name only: saving one keeps each binding's signal title and forgets its
 * ids (and a click event's page, which is one equipment's), so the template reaches no equipment; dropping it on a
 * page binds each name to the page's equipment's signal of that name, and says which names that equipment lacks
 * (those bindings stay empty, as binding repair leaves a binding whose signal is gone).
 *
 * Pure functions: the editor sends and fetches templates (api/templates.ts) and commits what these answer as one
 * history step. The server checks a saved template again (no id of an equipment anywhere, the page rules).
 */
import { allWidgets, type Binding, type Widget } from '@/runtime/document';
import { mapWidgetBindings } from '@/runtime/bindings';
import { isRecord } from '@/runtime/documentValues';
import { renamed, shifted } from './clipboard';
import { countRefusal, type CountRefusal } from './rules';
import { boundsOf, shownBox } from './snap';
import { writeWidget } from './writeDocument';

/** A binding as a template keeps it: the signal's name, no ids. */
function unbound<B extends Binding>(binding: B): B {
  if (binding.signalId === null && binding.equipId === null && binding.subTitle === '') return binding;
  return { ...binding, signalId: null, equipId: null, subTitle: '' };
}

/** A drop-down's stored item without the page its click event opens. */
function itemWithoutPage(item: unknown): unknown {
  if (!isRecord(item) || !isRecord(item.clickEvent) || !isRecord(item.clickEvent.config)) return item;
  const { config } = item.clickEvent;
  if (config.pageId === null || config.pageId === undefined) return item;
  return { ...item, clickEvent: { ...item.clickEvent, config: { ...config, pageId: null } } };
}

/** `widget` as a template holds it: bindings by name, no page to open (a page is one equipment's). */
function detached(widget: Widget): Widget {
  const named = mapWidgetBindings(widget, unbound);
  const clearPage = (w: Widget): Widget => {
    const items = w.data.extra.items;
    return {
      ...w,
      data: Array.isArray(items) ? { ...w.data, extra: { ...w.data.extra, items: items.map(itemWithoutPage) } } : w.data,
      clickEvent: w.clickEvent.config.pageId === null ? w.clickEvent : { ...w.clickEvent, config: { ...w.clickEvent.config, pageId: null } },
      children: w.children.map(clearPage),
    };
  };
  return clearPage(named);
}

/**
 * The selected top-level widgets as a template's widgets: in page order, moved so that what they cover starts at
 * (0, 0), detached from the equipment. Undefined when nothing is selected.
 */
export function templateOf(widgets: readonly Widget[], ids: readonly string[]): Widget[] | undefined {
  const chosen = widgets.filter((w) => ids.includes(w.id));
  const box = boundsOf(chosen.map((w) => shownBox(w.position)));
  if (!box) return undefined;
  return chosen.map((w) => detached(shifted(w, -box.x, -box.y)));
}

/** The template's document text as the server stores it: `{"widgets": [...]}` in the page document's form. */
export function templateText(widgets: readonly Widget[]): string {
  return JSON.stringify({ widgets: widgets.map(writeWidget) });
}

/** The signal names the template's bindings name, once each. */
export function signalNamesOf(widgets: readonly Widget[]): string[] {
  const names = new Set<string>();
  for (const w of widgets) {
    mapWidgetBindings(w, (b) => {
      if (b.type === 'signal' && b.title.trim() !== '') names.add(b.title.trim());
      return b;
    });
  }
  return [...names];
}

/** A signal of the page's equipment a template's name can be bound to. */
export interface NamedSignal {
  id: number;
  equipId: number;
  title: string;
}

export type PlaceResult =
  | {
      ok: true;
      widgets: Widget[];
      /** The inserted top-level widgets' new ids (to select). */
      insertedIds: string[];
      /** Bindings bound to a signal of the page's equipment. */
      bound: number;
      /** Names the page's equipment has no signal of: those bindings stay empty. */
      missing: string[];
    }
  | { ok: false; refusal: CountRefusal };

/**
 * Adds `template`'s widgets on top of `page` with their box's top-left at `at` (whole units, kept on the canvas
 * as far as the template fits), new ids, and each named binding bound to `equipmentTitle`'s signal of the same
 * name (exact after trimming; the first when names repeat). Refused, adding nothing, past the page's counts.
 */
export function placeTemplate(
  page: readonly Widget[],
  template: readonly Widget[],
  signals: readonly NamedSignal[],
  equipment: { id: number; title: string },
  at: { x: number; y: number },
  canvas: { width: number; height: number },
): PlaceResult {
  const refusal = countRefusal(
    [...allWidgets(page)].map((w) => w.widgetType),
    [...allWidgets(template)].map((w) => w.widgetType),
  );
  if (refusal) return { ok: false, refusal };
  const byName = new Map<string, NamedSignal>();
  for (const s of signals) if (s.equipId === equipment.id && !byName.has(s.title.trim())) byName.set(s.title.trim(), s);
  let bound = 0;
  const missing = new Set<string>();
  const bind = <B extends Binding>(b: B): B => {
    if (b.type !== 'signal' || b.title.trim() === '') return b;
    const signal = byName.get(b.title.trim());
    if (!signal) {
      missing.add(b.title.trim());
      return { ...b, signalId: null, equipId: null, subTitle: '' };
    }
    bound++;
    return { ...b, signalId: signal.id, equipId: equipment.id, title: signal.title, subTitle: equipment.title };
  };
  const box = boundsOf(template.map((w) => shownBox(w.position))) ?? { x: 0, y: 0, width: 0, height: 0 };
  const x = Math.round(Math.max(0, Math.min(at.x, canvas.width - box.width)) - box.x);
  const y = Math.round(Math.max(0, Math.min(at.y, canvas.height - box.height)) - box.y);
  const reserved = [...allWidgets(page)];
  const inserted = template.map((w) => renamed(mapWidgetBindings(shifted(w, x, y), bind), reserved));
  return {
    ok: true,
    widgets: [...page, ...inserted],
    insertedIds: inserted.map((w) => w.id),
    bound,
    missing: [...missing],
  };
}
