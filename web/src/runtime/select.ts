/**
 * The drop-down select (UsualSelect; spec section 3: "UsualSelect has items (indexId, text, clickEvent,
 * pressDisabled) and selectDatas") as the viewer and the designer read it: pure functions, tested without a
 * browser. The fields sit in `data.extra` (the parser's place for what it does not name), so they are read here.
 *
 * - `data.items`: the choices, each `{ indexId, text, clickEvent, pressDisabled }`. `clickEvent` is a button's
 *   click event (docs/page-document.md, "Click event"), read by the same parser, so choosing an item writes,
 *   opens a page or a link exactly as a button would (env.runClick). An item's `clickEvent.enable` is taken as on
 *   when absent: an item is there to act. An item whose write names no signal of its own writes the widget's
 *   bound signal (so a mode selector is one binding and one value per item).
 * - `pressDisabled`: shown, greyed, never chosen.
 * - `data.selectDatas`: read as the list of the currently selected `indexId`s (compared as text); the first one
 *   that names an item is the choice shown when nothing else says which (an unbound widget before any choice, the
 *   designer's drawing).
 *
 * Which item shows as chosen (`currentItem`): bound to a signal, the item whose fixed write value equals the live
 * value, and none when no item's does (the plant is in a state the list does not name: showing an old choice
 * would lie); unbound, the last choice made in this view, else `selectDatas`' item. The designer draws the first
 * item when nothing is chosen, so the engineer sees the widget's look.
 */
import { boundSignalId, parseClickEvent, type ClickEvent, type Widget, type WidgetData } from './document';
import { isRecord } from './documentValues';
import type { RuntimeValue } from './types';
import widgetTypes from '@/generated/widgetTypes.json';

/** At most this many items (the server's limit, generated from the domain crate). */
export const MAX_SELECT_ITEMS: number = widgetTypes.maxSelectItems;
/** The longest item text, in characters (the server's limit). */
export const MAX_SELECT_TEXT_CHARS: number = widgetTypes.maxSelectTextChars;

export interface SelectItem {
  /** The item's `indexId` as text ('' when it has none: such an item can be chosen but not named in selectDatas). */
  indexId: string;
  text: string;
  clickEvent: ClickEvent;
  pressDisabled: boolean;
  /** The item as stored (fields this reader does not name are written back from here). */
  raw: Record<string, unknown>;
}

/** An indexId as text: numbers and texts alike, anything else none. */
export function indexIdText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** One stored item read (never throws). */
export function readSelectItem(raw: Record<string, unknown>): SelectItem {
  const event = parseClickEvent(raw.clickEvent);
  const rawEvent = isRecord(raw.clickEvent) ? raw.clickEvent : {};
  const enable = rawEvent.enable === undefined || rawEvent.enable === null ? true : event.enable;
  return {
    indexId: indexIdText(raw.indexId),
    text: typeof raw.text === 'string' ? raw.text : typeof raw.text === 'number' ? String(raw.text) : '',
    clickEvent: { ...event, enable },
    pressDisabled: raw.pressDisabled === true || raw.pressDisabled === 'true',
    raw,
  };
}

/** The items of `data.items` (objects only, at most {@link MAX_SELECT_ITEMS}); none when absent or not a list. */
export function selectItemsOf(data: WidgetData): SelectItem[] {
  const list = data.extra.items;
  if (!Array.isArray(list)) return [];
  return list.filter(isRecord).slice(0, MAX_SELECT_ITEMS).map(readSelectItem);
}

/** `data.selectDatas` as the list of selected indexIds (text); none when absent or not a list. */
export function selectedIdsOf(data: WidgetData): string[] {
  const list = data.extra.selectDatas;
  if (!Array.isArray(list)) return [];
  return list.map(indexIdText).filter((id) => id !== '');
}

/** The fixed value an item writes, when it writes one (what a bound select compares with the live value). */
export function itemWriteValue(item: SelectItem): number | null {
  const c = item.clickEvent.config;
  return c.action === 'write' && c.writeType === 'fixed' ? c.writeValue : null;
}

export interface ChoiceState {
  /** The widget is bound to a signal. */
  bound: boolean;
  /** The bound signal's live value. */
  value: RuntimeValue | undefined;
  /** The index of the item chosen last in this view, if any. */
  lastChoice: number | null;
  /** The indexIds of `selectDatas`. */
  selected: readonly string[];
}

/** The index of the item shown as chosen (see the file's comment), or -1 for none. */
export function currentItem(items: readonly SelectItem[], state: ChoiceState): number {
  if (state.bound) {
    const live = state.value?.value;
    if (live === null || live === undefined || !Number.isFinite(live)) return -1;
    return items.findIndex((item) => itemWriteValue(item) === live);
  }
  if (state.lastChoice !== null && state.lastChoice >= 0 && state.lastChoice < items.length) return state.lastChoice;
  for (const id of state.selected) {
    const index = items.findIndex((item) => item.indexId === id);
    if (index >= 0) return index;
  }
  return -1;
}

/** Whether `widget` is bound to a signal (its live value then says which item is chosen). */
export function isBoundSelect(widget: Widget): boolean {
  return boundSignalId(widget.data) !== null;
}

/**
 * The widget as env.runClick takes it for choosing `item`: the item's click event in the widget's place, and the
 * widget's bound signal as the write's target when the item names none. Everything else (the write rules, the
 * question, the delay, the feedback) is the runner's, as for a button.
 */
export function itemClickWidget(widget: Widget, item: SelectItem): Widget {
  const config = item.clickEvent.config;
  const data = boundSignalId(config.data) === null && isBoundSelect(widget) ? { ...config.data, ...bindingOfData(widget.data) } : config.data;
  return { ...widget, clickEvent: { enable: item.clickEvent.enable, config: { ...config, data } } };
}

function bindingOfData(d: WidgetData) {
  return { type: d.type, equipId: d.equipId, signalId: d.signalId, title: d.title, subTitle: d.subTitle };
}
