/**
 * The weather widget (ComplexWeather; spec section 3, "Weather: provinceId, cityId, countyId, title") as the viewer
 * reads it: the place, three GB/T 2260 codes (province, city, county; 6 digits), and the title, kept in
 * `data.dataAddon` (the parser's `dataAddon.extra`; `data.title` is the signal binding's). Only the county is
 * queried; the province and the city are what the designer's picker shows. A code that is not 6 digits is read as
 * none (the server's page rules refuse it too), so a widget never asks for a place it cannot name.
 *
 * The weather comes from the server (GET /lfscada/weather/query, 10 minutes cached there), never from a third
 * party in the browser; the place picker's tree from GET /lfscada/weather/regions, the server's one table.
 */
import { queryOptions } from '@tanstack/react-query';
import { get } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { Region, WeatherReport } from '@/generated/answers';
import type { WidgetData } from './document';

export interface WeatherSettings {
  provinceId: string;
  cityId: string;
  countyId: string;
  title: string;
}

/** A GB/T 2260 division code as the page stores it. */
export const REGION_CODE = /^\d{6}$/;
/** The longest title the widget keeps (the page rules' limit). */
export const MAX_WEATHER_TITLE = 60;
/** How often a live widget asks again (the server's cache keeps a county's weather as long). */
export const WEATHER_REFRESH_MS = 10 * 60 * 1000;

const code = (value: unknown): string => (typeof value === 'string' && REGION_CODE.test(value) ? value : '');

/** The widget's settings: codes (empty when absent or not 6 digits) and title (empty by default). */
export function weatherSettingsOf(data: WidgetData): WeatherSettings {
  const { extra } = data.dataAddon;
  return {
    provinceId: code(extra.provinceId),
    cityId: code(extra.cityId),
    countyId: code(extra.countyId),
    title: typeof extra.title === 'string' ? extra.title.slice(0, MAX_WEATHER_TITLE) : '',
  };
}

/** The condition a WMO weather code names (Open-Meteo's codes), as a text key and an icon. */
export type WeatherKind = 'clear' | 'cloudy' | 'fog' | 'drizzle' | 'rain' | 'snow' | 'showers' | 'thunder' | 'unknown';

export function weatherKindOf(wmo: number | null | undefined): WeatherKind {
  if (typeof wmo !== 'number' || !Number.isInteger(wmo)) return 'unknown';
  if (wmo === 0) return 'clear';
  if (wmo >= 1 && wmo <= 3) return 'cloudy';
  if (wmo === 45 || wmo === 48) return 'fog';
  if (wmo >= 51 && wmo <= 57) return 'drizzle';
  if (wmo >= 61 && wmo <= 67) return 'rain';
  if (wmo >= 71 && wmo <= 77) return 'snow';
  if (wmo >= 80 && wmo <= 82) return 'showers';
  if (wmo === 85 || wmo === 86) return 'snow';
  if (wmo >= 95 && wmo <= 99) return 'thunder';
  return 'unknown';
}

/** A temperature as drawn: whole degrees, "–" when there is none. */
export function degrees(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? `${Math.round(value)}°` : '–';
}

/** The picker's tree, once per session (it changes only with the server). */
export function regionsQuery() {
  return queryOptions<Region[], ApiError>({
    queryKey: ['weather', 'regions'],
    queryFn: ({ signal }) => get<Region[]>('/lfscada/weather/regions', undefined, { silent: true, signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** The county's weather, asked again every 10 minutes while the page is shown. */
export function weatherQuery(countyId: string) {
  return queryOptions<WeatherReport, ApiError>({
    queryKey: ['weather', 'county', countyId],
    queryFn: ({ signal }) => get<WeatherReport>('/lfscada/weather/query', { countyId }, { silent: true, signal }),
    refetchInterval: WEATHER_REFRESH_MS,
    refetchIntervalInBackground: false,
    staleTime: WEATHER_REFRESH_MS,
    retry: false,
  });
}

/** The names of the codes along the tree (for the designer's still frame); what is not found is left out. */
export function placeNames(regions: readonly Region[] | undefined, settings: WeatherSettings): string[] {
  const names: string[] = [];
  let level: readonly Region[] | undefined = regions;
  for (const id of [settings.provinceId, settings.cityId, settings.countyId]) {
    const found = level?.find((r) => r.code === id);
    if (!found) break;
    // A municipality's one city has the province's name: shown once.
    if (names[names.length - 1] !== found.name) names.push(found.name);
    level = found.children;
  }
  return names;
}
