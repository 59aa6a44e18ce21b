import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, readSettings, writeSettings } from './localSettings';

function memory() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

describe('designer local settings', () => {
  it('start from the spec defaults and are kept per user', () => {
    const storage = memory();
    expect(readSettings(1, storage)).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toEqual({ autoSave: false, saveInterval: 5, grid: true, ruler: true, adsorb: false });
    writeSettings(1, { ...DEFAULT_SETTINGS, adsorb: true, grid: false }, storage);
    expect(readSettings(1, storage)).toMatchObject({ adsorb: true, grid: false });
    expect(readSettings(2, storage)).toEqual(DEFAULT_SETTINGS);
  });

  it('take the default for anything unreadable', () => {
    const storage = memory();
    storage.map.set('ironsight.designer.1', '{"grid": "yes", "saveInterval": 0, "adsorb": true');
    expect(readSettings(1, storage)).toEqual(DEFAULT_SETTINGS);
    storage.map.set('ironsight.designer.1', '{"grid": "yes", "saveInterval": 0, "adsorb": true}');
    expect(readSettings(1, storage)).toEqual({ ...DEFAULT_SETTINGS, adsorb: true });
  });
});
