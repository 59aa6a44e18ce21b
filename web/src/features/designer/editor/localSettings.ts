/**
 * The designer's local settings (spec section 3): kept in this browser per user, with the spec's defaults: grid and
 * adsorb on the toolbar, rulers and autosave with its interval in the settings popover (docs/designer.md).
 */
import { useCallback, useState } from 'react';

export interface DesignerSettings {
  autoSave: boolean;
  /** Minutes between automatic saves. */
  saveInterval: number;
  grid: boolean;
  ruler: boolean;
  /** Snap from 5 units away instead of 1. */
  adsorb: boolean;
}

export const DEFAULT_SETTINGS: DesignerSettings = { autoSave: false, saveInterval: 5, grid: true, ruler: true, adsorb: false };

const keyOf = (userId: string | number) => `ironsight.designer.${userId}`;

/** The stored settings over the defaults; anything unreadable or of the wrong type is the default. */
export function readSettings(userId: string | number, storage: Pick<Storage, 'getItem'> = localStorage): DesignerSettings {
  let stored: unknown = null;
  try {
    stored = JSON.parse(storage.getItem(keyOf(userId)) ?? 'null');
  } catch {
    stored = null;
  }
  const o = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const flag = (key: 'autoSave' | 'grid' | 'ruler' | 'adsorb') => (typeof o[key] === 'boolean' ? o[key] : DEFAULT_SETTINGS[key]);
  const interval = typeof o.saveInterval === 'number' && o.saveInterval >= 1 && o.saveInterval <= 60 ? o.saveInterval : 5;
  return { autoSave: flag('autoSave'), saveInterval: interval, grid: flag('grid'), ruler: flag('ruler'), adsorb: flag('adsorb') };
}

export function writeSettings(userId: string | number, settings: DesignerSettings, storage: Pick<Storage, 'setItem'> = localStorage) {
  try {
    storage.setItem(keyOf(userId), JSON.stringify(settings));
  } catch {
    // A full or blocked storage only loses the preference.
  }
}

/** The settings of `userId`, and a setter that keeps them. */
export function useDesignerSettings(userId: string | number) {
  const [settings, setSettings] = useState(() => readSettings(userId));
  const change = useCallback(
    (patch: Partial<DesignerSettings>) =>
      setSettings((current) => {
        const next = { ...current, ...patch };
        writeSettings(userId, next);
        return next;
      }),
    [userId],
  );
  return [settings, change] as const;
}
