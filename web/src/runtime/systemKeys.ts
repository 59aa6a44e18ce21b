/**
 * A project page's statistics (spec section 7, "Project monitor"): a `system` binding names one of these keys,
 * and the viewer shows it like a live value, asked of the server while the page is shown
 * (runtime/live/projectStatistics.ts: `monitor/project/equip/queryCount` and `monitor/project/alarm/queryCount`).
 *
 * A widget reads its value from the page's value record by a key: a signal's id, `system:<key>` for a statistic,
 * or `mvar:<id>` for an intermediate variable (runtime/mvars.ts), so one record and one memo rule (WidgetNode)
 * serve them all.
 */
import widgetTypes from '@/generated/widgetTypes.json';
import type { Binding, PageDocument } from './document';
import { allWidgets } from './document';
import { mvarIdOf, mvarValueKey } from './mvars';
import type { RuntimeSignal } from './types';

/** A statistic's key; the list is the server's (crates/domain/src/page/check.rs `SYSTEM_KEYS`, generated). */
export type SystemKey = string;
export const SYSTEM_KEYS: readonly SystemKey[] = widgetTypes.systemKeys;

export function isSystemKey(value: unknown): value is SystemKey {
  return typeof value === 'string' && SYSTEM_KEYS.includes(value);
}

/** The statistic a binding names, or null (not a system binding, or an unknown key). */
export function systemKeyOf(binding: Binding): SystemKey | null {
  return binding.type === 'system' && isSystemKey(binding.systemKey) ? binding.systemKey : null;
}

/** Where a statistic sits in the page's value record. */
export const statisticValueKey = (key: SystemKey) => `system:${key}`;

/** The key of the value a binding reads in the page's value record, or null when it reads none. */
export function valueKeyOf(binding: Binding): string | null {
  if (binding.type === 'signal') return binding.signalId === null ? null : String(binding.signalId);
  if (binding.type === 'mvar') {
    const id = mvarIdOf(binding);
    return id === null ? null : mvarValueKey(id);
  }
  const key = systemKeyOf(binding);
  return key === null ? null : statisticValueKey(key);
}

/**
 * What a statistic is formatted and described as, in place of a signal: a whole number without a unit, titled
 * as the binding is (the designer writes the statistic's name there).
 */
export function statisticSignal(binding: Binding): RuntimeSignal {
  return {
    id: 0,
    equipId: 0,
    title: binding.title || binding.systemKey || '',
    dataType: 'uint32',
    unit: '',
    decimals: 0,
    writable: false,
    min: null,
    max: null,
    valueMap: [],
  };
}

/**
 * The statistics a page's widgets (group members included) show, by their binding or a chart's `systemArray`, each
 * once, in SYSTEM_KEYS order.
 */
export function systemKeysIn(document: PageDocument): SystemKey[] {
  const found = new Set<SystemKey>();
  for (const widget of allWidgets(document.widgets)) {
    for (const binding of [widget.data, ...(widget.data.systemArray ?? [])]) {
      const key = systemKeyOf(binding);
      if (key !== null) found.add(key);
    }
  }
  return SYSTEM_KEYS.filter((key) => found.has(key));
}
