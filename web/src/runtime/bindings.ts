/**
 * Binding repair (spec section 4; docs/page-document.md, "Binding repair"). When the viewer loads a page, a
 * signal binding whose signal is no longer in the catalogue, or whose signal is not of one of the page owner's
 * equipment (an equipment page: that equipment; a project page: the project's equipment), or whose binding names
 * another equipment than its signal's, is cleared (the widget shows "no value"); a title that differs from the
 * catalogue's is refreshed. It applies to the
 * widget's own binding, the click event's write binding, chart signal lists and a drop-down's items' write bindings,
 * group children included.
 *
 * Intermediate variables are handled likewise where the project's list is given (the designer, on open): an mvar
 * binding to a variable the project no longer has is cleared, a title that differs from the variable's name is
 * refreshed. (The viewer shows no value for an unknown one: the server answers only the project's variables.)
 *
 * Charts bound to a report or a custom report are repaired where the definitions are given (the designer, on
 * open; runtime/reportRepair.ts): a deleted report clears the chart's report, a column no longer in the definition
 * is removed.
 *
 * Pure: the input is not changed (the stored document is not changed by viewing). Widgets whose bindings are
 * fine keep their identity, so the view's memoised renderers see them as unchanged.
 */
import { parseBinding, type Binding, type PageDocument, type Widget } from './document';
import { isRecord } from './documentValues';
import { repairReportCharts, type KnownReports } from './reportRepair';
import type { RuntimeSignal } from './types';

export interface RepairResult {
  document: PageDocument;
  /** Bindings cleared: their signal is gone or belongs to an equipment not the owner's. */
  cleared: number;
  /** Bindings whose title was refreshed from the catalogue. */
  refreshed: number;
  /** Charts whose report or custom report was cleared (deleted, or of an equipment not the owner's). */
  reportsCleared: number;
  /** Report columns removed from charts (no longer in the definition). */
  columnsRemoved: number;
  /** The page's top-level widgets that changed (a group counts its children's), for the designer to point at. */
  widgets: RepairedWidget[];
}

export interface RepairedWidget {
  id: string;
  cleared: number;
  refreshed: number;
  /** Reports cleared and report columns removed in it, when any. */
  reports?: number;
}

interface Tally {
  cleared: number;
  refreshed: number;
  reportsCleared: number;
  columnsRemoved: number;
}

/**
 * The equipment a page's bindings may reach: an equipment page's one equipment (its id), or a project page's
 * equipment (the set of their ids).
 */
export type OwnedEquipment = number | ReadonlySet<number>;

const owns = (owned: OwnedEquipment, equipmentId: number) =>
  typeof owned === 'number' ? owned === equipmentId : owned.has(equipmentId);

/** The project's intermediate variables by id, with their names: what an mvar binding may name. */
export type KnownMvars = ReadonlyMap<number, string>;

/** The repaired mvar binding, or the same object when nothing changes (or the project's list is not known). */
function repairMvarBinding<B extends Binding>(binding: B, mvars: KnownMvars | undefined, tally: Tally): B {
  const id = binding.mvarId;
  if (!mvars || id === undefined || id === null) return binding;
  const name = mvars.get(id);
  if (name === undefined) {
    tally.cleared++;
    return { ...binding, mvarId: null, title: '' };
  }
  if (binding.title !== name) {
    tally.refreshed++;
    return { ...binding, title: name };
  }
  return binding;
}

/** The repaired binding, or the same object when nothing changes. */
function repairBinding<B extends Binding>(
  binding: B,
  signals: ReadonlyMap<number, RuntimeSignal>,
  owned: OwnedEquipment,
  tally: Tally,
  mvars?: KnownMvars,
): B {
  if (binding.type === 'mvar') return repairMvarBinding(binding, mvars, tally);
  if (binding.type !== 'signal' || binding.signalId === null) return binding;
  const signal = signals.get(binding.signalId);
  const otherEquipment =
    !signal || !owns(owned, signal.equipId) || (binding.equipId !== null && binding.equipId !== signal.equipId);
  if (otherEquipment) {
    tally.cleared++;
    return { ...binding, signalId: null, equipId: null, title: '', subTitle: '' };
  }
  if (binding.title !== signal.title) {
    tally.refreshed++;
    return { ...binding, title: signal.title, equipId: signal.equipId };
  }
  return binding;
}

/** A change of one binding that keeps its other fields (a widget's `data` is a binding with more fields). */
export type BindingMap = <B extends Binding>(binding: B) => B;

/**
 * A drop-down's item (`data.extra.items[]`, stored as it came: runtime/select.ts) with `map` applied to its click
 * event's write binding; the same item when `map` changed nothing or it has none.
 */
function mapItemBinding(item: unknown, map: BindingMap): unknown {
  if (!isRecord(item) || !isRecord(item.clickEvent) || !isRecord(item.clickEvent.config) || !isRecord(item.clickEvent.config.data)) {
    return item;
  }
  const raw = item.clickEvent.config.data;
  const before = parseBinding(raw);
  const after = map(before);
  if (after === before) return item;
  const data = { ...raw, type: after.type, equipId: after.equipId, signalId: after.signalId, title: after.title, subTitle: after.subTitle };
  return { ...item, clickEvent: { ...item.clickEvent, config: { ...item.clickEvent.config, data } } };
}

/**
 * `widget` with `map` applied to each of its bindings (its own, its chart lists', its click event's write
 * binding, a drop-down's items' write bindings) and its members'; the same widget, member or binding object where
 * `map` changed nothing, so memoised renderers and snapshots see it unchanged. THE list of where a widget holds a
 * binding: binding repair and templates (designer/model/templates.ts) both walk it.
 */
export function mapWidgetBindings(widget: Widget, map: BindingMap): Widget {
  let data = map(widget.data);
  for (const key of ['signalArray', 'mvarArray'] as const) {
    const list = data[key];
    if (!list) continue;
    const mapped = list.map((binding) => map(binding));
    if (mapped.some((binding, i) => binding !== list[i])) data = { ...data, [key]: mapped };
  }
  const items = data.extra.items;
  if (Array.isArray(items)) {
    const mapped = items.map((item) => mapItemBinding(item, map));
    if (mapped.some((item, i) => item !== items[i])) data = { ...data, extra: { ...data.extra, items: mapped } };
  }
  const clickData = map(widget.clickEvent.config.data);
  const mappedChildren = widget.children.map((child) => mapWidgetBindings(child, map));
  const children = mappedChildren.some((child, i) => child !== widget.children[i]) ? mappedChildren : widget.children;
  if (data === widget.data && clickData === widget.clickEvent.config.data && children === widget.children) return widget;
  return {
    ...widget,
    data,
    clickEvent:
      clickData === widget.clickEvent.config.data
        ? widget.clickEvent
        : { ...widget.clickEvent, config: { ...widget.clickEvent.config, data: clickData } },
    children,
  };
}

function repairWidget(
  widget: Widget,
  signals: ReadonlyMap<number, RuntimeSignal>,
  owned: OwnedEquipment,
  tally: Tally,
  mvars: KnownMvars | undefined,
): Widget {
  return mapWidgetBindings(widget, (binding) => repairBinding(binding, signals, owned, tally, mvars));
}

/**
 * The document with its signal bindings checked against the catalogue of the owner's equipment (see the module
 * comment): `owned` is the page's equipment, or the project's equipment for a project page; `mvars` the project's
 * intermediate variables, when known; `reports` the report definitions, when known.
 */
export function repairBindings(
  doc: PageDocument,
  signals: ReadonlyMap<number, RuntimeSignal>,
  owned: OwnedEquipment,
  mvars?: KnownMvars,
  reports?: KnownReports,
): RepairResult {
  const tally: Tally = { cleared: 0, refreshed: 0, reportsCleared: 0, columnsRemoved: 0 };
  const repairedWidgets: RepairedWidget[] = [];
  const ownsEquipment = (equipmentId: number) => owns(owned, equipmentId);
  const repaired = doc.widgets.map((widget) => {
    const before = { ...tally };
    let next = repairWidget(widget, signals, owned, tally, mvars);
    if (reports) next = repairReportCharts(next, reports, ownsEquipment, tally);
    if (next !== widget) {
      const changed: RepairedWidget = { id: widget.id, cleared: tally.cleared - before.cleared, refreshed: tally.refreshed - before.refreshed };
      const inReports = tally.reportsCleared - before.reportsCleared + tally.columnsRemoved - before.columnsRemoved;
      if (inReports > 0) changed.reports = inReports;
      repairedWidgets.push(changed);
    }
    return next;
  });
  const widgets = repairedWidgets.length > 0 ? repaired : doc.widgets;
  return { document: widgets === doc.widgets ? doc : { ...doc, widgets }, ...tally, widgets: repairedWidgets };
}

/**
 * The equipment of the signals the document's bindings name (by the catalogue, so a binding stored without its
 * `equipId` counts too), each once, in the order first met: the equipment a project page's viewer monitors. Read
 * after repair, so every one is the owner's.
 */
export function boundEquipment(doc: PageDocument, signals: ReadonlyMap<number, RuntimeSignal>): number[] {
  const found = new Set<number>();
  const note: BindingMap = (binding) => {
    const signal = binding.type === 'signal' && binding.signalId !== null ? signals.get(binding.signalId) : undefined;
    if (signal) found.add(signal.equipId);
    return binding;
  };
  for (const widget of doc.widgets) mapWidgetBindings(widget, note);
  return [...found];
}
