/** Small readers and writers the field descriptions share; each write answers a new widget. */
import { CONDITION_SYMBOLS, type Binding, type ConditionSymbol, type Widget } from '@/runtime/document';
import { isSystemKey, statisticValueKey, systemKeyOf } from '@/runtime/systemKeys';
import { mvarIdOf, mvarValueKey } from '@/runtime/mvars';
import type { BindableSignal, MvarPick, StatisticPick } from './types';

export const num = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
export const text = (value: unknown) => (typeof value === 'string' ? value : '');
export const symbol = (value: unknown): ConditionSymbol =>
  CONDITION_SYMBOLS.includes(value as ConditionSymbol) ? (value as ConditionSymbol) : '==';
/** Document values are read as the viewer reads them. */
export { finiteOf, isRecord } from '@/runtime/documentValues';

export const style = (w: Widget, patch: Partial<Widget['style']>): Widget => ({ ...w, style: { ...w.style, ...patch } });
export const data = (w: Widget, patch: Partial<Widget['data']>): Widget => ({ ...w, data: { ...w.data, ...patch } });
/** The widget with `data.<key>` set among the fields the contract's parser keeps as they are (`data.extra`). */
export const dataExtra = (w: Widget, patch: Record<string, unknown>): Widget => data(w, { extra: { ...w.data.extra, ...patch } });
export const addon = (w: Widget, patch: Partial<Widget['data']['dataAddon']>): Widget =>
  data(w, { dataAddon: { ...w.data.dataAddon, ...patch } });

/** The binding to `signal`, or none (`null`), with the signal's and the equipment's titles. */
export const bindingOf = (signal: BindableSignal | null): Binding =>
  signal
    ? { type: 'signal', equipId: signal.equipId, signalId: signal.id, title: signal.title, subTitle: signal.equipTitle }
    : { type: '', equipId: null, signalId: null, title: '', subTitle: '' };

/** A pick of the binding picker that is a project's statistic, not a signal. */
export function isStatisticPick(value: unknown): value is StatisticPick {
  return typeof value === 'object' && value !== null && isSystemKey((value as { systemKey?: unknown }).systemKey);
}

/** A pick of the binding picker that is a project's intermediate variable. */
export function isMvarPick(value: unknown): value is MvarPick {
  const id = typeof value === 'object' && value !== null ? (value as { mvarId?: unknown }).mvarId : undefined;
  return typeof id === 'number' && Number.isInteger(id) && id > 0;
}

/** The binding of a picker's pick: a signal, a project's statistic or intermediate variable, or none. */
export function bindingOfPick(pick: unknown): Binding {
  if (isStatisticPick(pick)) {
    return { type: 'system', equipId: null, signalId: null, title: pick.title, subTitle: '', systemKey: pick.systemKey };
  }
  if (isMvarPick(pick)) return { type: 'mvar', equipId: null, signalId: null, title: pick.title, subTitle: '', mvarId: pick.mvarId };
  return bindingOf((pick as BindableSignal | null) ?? null);
}

/**
 * What the binding picker shows as bound: the signal's id, `system:<key>` for a statistic, `mvar:<id>` for an
 * intermediate variable, or null.
 */
export function pickedOf(binding: Binding): number | string | null {
  const key = systemKeyOf(binding);
  if (key !== null) return statisticValueKey(key);
  const mvar = mvarIdOf(binding);
  return mvar !== null ? mvarValueKey(mvar) : binding.signalId;
}

/**
 * A bound of a min / max pair as typed; one typed on the wrong side of the other bound (or on it) becomes the
 * other bound less (or plus) 1, so the range never closes: the viewer draws nothing on an empty range.
 */
export function bound(value: unknown, fallback: number, other: number | undefined, side: 'min' | 'max'): number {
  const v = num(value, fallback);
  if (other === undefined || !Number.isFinite(other)) return v;
  if (side === 'min') return v < other ? v : other - 1;
  return v > other ? v : other + 1;
}
