/**
 * The map widget (ComplexMap) as the viewer reads it. Spec section 3: "Map: equipments, totalCount,
 * equipProportion, zoom 12, centre latitude and longitude, address, theme white". All in `data` (the parser keeps
 * them in `data.extra`, the designer writes them back there), read here with the spec's defaults; a field the
 * viewer cannot use reads as its default, never as a broken map.
 *
 * Readings of the spec where it is terse:
 * - `equipments` `[{equipmentId, title}]`: which equipment the map shows; empty (or absent) shows every equipment
 *   the viewing account may see. The ids are a wish, not a grant: the equipment comes from the server's
 *   queryAllForMap, which answers only what the viewer is granted, and the list only narrows that.
 * - `totalCount` (default off): an overlay in the corner with the number of equipment shown.
 * - `equipProportion` (default off): the same overlay with how many of them are online, offline and alarming, each
 *   with its share of the total. Either flag on shows the overlay; both off, none.
 * - `latitude` / `longitude`: the centre; when either is missing the map fits its markers (as the monitor list's
 *   map does).
 * - `theme`: `white` (the tiles as they are) or `dark` (the tiles darkened by a CSS filter; markers unchanged).
 */
import widgetTypes from '@/generated/widgetTypes.json';
import type { MapCard } from '@/generated/answers';
import { cardState, hasCoordinates, MAP_ZOOM, type CardState } from '@/entities/equipment/cardState';
import type { WidgetData } from './document';
import { finiteOf, isRecord } from './documentValues';

export const MAP_THEMES = ['white', 'dark'] as const;
export type MapTheme = (typeof MAP_THEMES)[number];

/** An equipment the map lists: its id and the title it had when it was chosen (shown in the designer). */
export interface MapEquipment {
  equipmentId: number;
  title: string;
}

export interface MapSettings {
  equipments: MapEquipment[];
  totalCount: boolean;
  equipProportion: boolean;
  zoom: number;
  /** The centre, or null: fit the markers. */
  centre: { latitude: number; longitude: number } | null;
  address: string;
  theme: MapTheme;
}

/** The server's bounds (crates/domain/src/page/map_model.rs), generated. */
export const MAP_ZOOM_BOUNDS = widgetTypes.mapZoom;
export const LATITUDE_BOUNDS = widgetTypes.latitude;
export const LONGITUDE_BOUNDS = widgetTypes.longitude;
export const MAX_MAP_EQUIPMENTS = widgetTypes.maxMapEquipments;
/** The spec's zoom, 12. */
export const DEFAULT_MAP_ZOOM = MAP_ZOOM;

const within = (value: number | undefined, bounds: { min: number; max: number }) =>
  value !== undefined && value >= bounds.min && value <= bounds.max ? value : undefined;

/** The whole equipment ids of `raw` (a document's `equipments`), first of each id kept, at most the server's bound. */
export function mapEquipmentsOf(raw: unknown): MapEquipment[] {
  if (!Array.isArray(raw)) return [];
  const seen = new Set<number>();
  const out: MapEquipment[] = [];
  for (const entry of raw) {
    if (!isRecord(entry)) continue;
    const id = finiteOf(entry.equipmentId);
    if (id === undefined || !Number.isInteger(id) || seen.has(id)) continue;
    seen.add(id);
    out.push({ equipmentId: id, title: typeof entry.title === 'string' ? entry.title : '' });
    if (out.length >= MAX_MAP_EQUIPMENTS) break;
  }
  return out;
}

/** The map's settings with the spec's defaults. */
export function mapSettingsOf(data: WidgetData): MapSettings {
  const x = data.extra;
  const zoomRaw = finiteOf(x.zoom);
  const zoom = within(zoomRaw === undefined ? undefined : Math.round(zoomRaw), MAP_ZOOM_BOUNDS) ?? DEFAULT_MAP_ZOOM;
  const latitude = within(finiteOf(x.latitude), LATITUDE_BOUNDS);
  const longitude = within(finiteOf(x.longitude), LONGITUDE_BOUNDS);
  return {
    equipments: mapEquipmentsOf(x.equipments),
    totalCount: x.totalCount === true,
    equipProportion: x.equipProportion === true,
    zoom,
    centre: latitude !== undefined && longitude !== undefined ? { latitude, longitude } : null,
    address: typeof x.address === 'string' ? x.address.trim() : '',
    theme: MAP_THEMES.find((t) => t === x.theme) ?? 'white',
  };
}

/** The cards the map shows: those the settings list (all when none are listed) that have coordinates. */
export function shownCards(cards: readonly MapCard[], settings: Pick<MapSettings, 'equipments'>): MapCard[] {
  const wanted = new Set(settings.equipments.map((e) => e.equipmentId));
  return cards.filter((card) => (wanted.size === 0 || wanted.has(card.id)) && hasCoordinates(card));
}

export interface MapTotals {
  total: number;
  online: number;
  offline: number;
  alarm: number;
}

/** How many of the shown equipment are in each state (an alarming one counts as alarm, not online). */
export function mapTotals(cards: readonly MapCard[]): MapTotals {
  const totals: MapTotals = { total: cards.length, online: 0, offline: 0, alarm: 0 };
  for (const card of cards) totals[cardState(card) satisfies CardState]++;
  return totals;
}

/** A share of the total as a whole percentage ("0%" of none). */
export function shareOf(count: number, total: number): string {
  return `${total > 0 ? Math.round((count / total) * 100) : 0}%`;
}
