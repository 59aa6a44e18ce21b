/**
 * The weather widget's own settings (ComplexWeather; spec section 3, "Weather: provinceId, cityId, countyId,
 * title"), read as the viewer reads them (runtime/weather.ts `weatherSettingsOf`, widgets/weather.tsx) and written
 * where it reads them, `data.dataAddon` (`data.title` is the signal binding's): the place, picked province → city →
 * county from the server's table (the `region` kind) and stored as three GB/T 2260 codes, and the title.
 */
import type { Widget } from '@/runtime/document';
import { MAX_WEATHER_TITLE, REGION_CODE, weatherSettingsOf } from '@/runtime/weather';
import { addon, text } from './helpers';
import type { FieldDef } from './types';

/** The widget with `dataAddon.<key>` set where the viewer reads it (the parser keeps it in `dataAddon.extra`). */
const withWeather = (w: Widget, patch: Record<string, unknown>): Widget => addon(w, { extra: { ...w.data.dataAddon.extra, ...patch } });

/** A picked path as the three codes: a full, valid path or none at all (never a county without its province). */
export function placeOf(path: unknown): { provinceId: string; cityId: string; countyId: string } {
  const codes = Array.isArray(path) ? path : [];
  const [provinceId, cityId, countyId] = codes;
  const valid = codes.length === 3 && codes.every((c) => typeof c === 'string' && REGION_CODE.test(c));
  return valid ? { provinceId, cityId, countyId } : { provinceId: '', cityId: '', countyId: '' };
}

export const WEATHER_FIELDS: readonly FieldDef[] = [
  {
    id: 'weatherPlace',
    type: { kind: 'region' },
    get: (w) => {
      const s = weatherSettingsOf(w.data);
      return s.countyId ? [s.provinceId, s.cityId, s.countyId] : [];
    },
    set: (w, v) => withWeather(w, placeOf(v)),
  },
  {
    id: 'weatherTitle',
    type: { kind: 'text', max: MAX_WEATHER_TITLE },
    get: (w) => weatherSettingsOf(w.data).title,
    set: (w, v) => withWeather(w, { title: text(v).slice(0, MAX_WEATHER_TITLE) }),
  },
];
