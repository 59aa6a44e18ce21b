/**
 * Binding repair (spec section 4; docs/page-document.md, "Binding repair"). When the viewer loads a page, a
 * signal binding whose signal is no longer in the equipment's catalogue, or whose equipment differs, is cleared
 * (the widget shows "no value"); a title that differs from the catalogue's is refreshed. It applies to the
 * widget's own binding, the click event's write binding and chart signal lists, group children included.
 *
 * Pure: the input is not changed (the stored document is not changed by viewing). Widgets whose bindings are
 * fine keep their identity, so the view's memoised renderers see them as unchanged.
 */
import type { Binding, PageDocument, Widget } from './document';
import type { RuntimeSignal } from './types';

export interface RepairResult {
  document: PageDocument;
  /** Bindings cleared: their signal is gone or belongs to another equipment. */
  cleared: number;
  /** Bindings whose title was refreshed from the catalogue. */
  refreshed: number;
  /** The page's top-level widgets that changed (a group counts its children's), for the designer to point at. */
  widgets: RepairedWidget[];
}

export interface RepairedWidget {
  id: string;
  cleared: number;
  refreshed: number;
}

interface Tally {
  cleared: number;
  refreshed: number;
}

/** The repaired binding, or the same object when nothing changes. */
function repairBinding<B extends Binding>(
  binding: B,
  signals: ReadonlyMap<number, RuntimeSignal>,
  equipmentId: number,
  tally: Tally,
): B {
  if (binding.type !== 'signal' || binding.signalId === null) return binding;
  const signal = signals.get(binding.signalId);
  const otherEquipment =
    !signal || signal.equipId !== equipmentId || (binding.equipId !== null && binding.equipId !== equipmentId);
  if (otherEquipment) {
    tally.cleared++;
    return { ...binding, signalId: null, equipId: null, title: '', subTitle: '' };
  }
  if (binding.title !== signal.title) {
    tally.refreshed++;
    return { ...binding, title: signal.title, equipId: equipmentId };
  }
  return binding;
}

function repairWidget(widget: Widget, signals: ReadonlyMap<number, RuntimeSignal>, equipmentId: number, tally: Tally): Widget {
  const data = repairBinding(widget.data, signals, equipmentId, tally);
  let signalArray = data.signalArray;
  if (signalArray) {
    const repaired = signalArray.map((binding) => repairBinding(binding, signals, equipmentId, tally));
    if (repaired.some((binding, i) => binding !== signalArray?.[i])) signalArray = repaired;
  }
  const clickData = repairBinding(widget.clickEvent.config.data, signals, equipmentId, tally);
  const children = repairWidgets(widget.children, signals, equipmentId, tally);
  if (data === widget.data && signalArray === widget.data.signalArray && clickData === widget.clickEvent.config.data && children === widget.children) {
    return widget;
  }
  return {
    ...widget,
    data: signalArray === data.signalArray ? data : { ...data, signalArray },
    clickEvent:
      clickData === widget.clickEvent.config.data
        ? widget.clickEvent
        : { ...widget.clickEvent, config: { ...widget.clickEvent.config, data: clickData } },
    children,
  };
}

function repairWidgets(widgets: Widget[], signals: ReadonlyMap<number, RuntimeSignal>, equipmentId: number, tally: Tally): Widget[] {
  const repaired = widgets.map((widget) => repairWidget(widget, signals, equipmentId, tally));
  return repaired.some((widget, i) => widget !== widgets[i]) ? repaired : widgets;
}

/** The document with its signal bindings checked against the equipment's catalogue (see the module comment). */
export function repairBindings(
  doc: PageDocument,
  signals: ReadonlyMap<number, RuntimeSignal>,
  equipmentId: number,
): RepairResult {
  const tally: Tally = { cleared: 0, refreshed: 0 };
  const repairedWidgets: RepairedWidget[] = [];
  const repaired = doc.widgets.map((widget) => {
    const before = { ...tally };
    const next = repairWidget(widget, signals, equipmentId, tally);
    if (next !== widget) {
      repairedWidgets.push({ id: widget.id, cleared: tally.cleared - before.cleared, refreshed: tally.refreshed - before.refreshed });
    }
    return next;
  });
  const widgets = repairedWidgets.length > 0 ? repaired : doc.widgets;
  return { document: widgets === doc.widgets ? doc : { ...doc, widgets }, ...tally, widgets: repairedWidgets };
}
