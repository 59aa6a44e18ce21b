/**
 * Where the map's tiles come from. OpenStreetMap's by default; a build can point elsewhere (an internal tile
 * server, a Chinese provider) with `VITE_MAP_TILE_URL` (a Leaflet URL template with {z}/{x}/{y}, optionally {s})
 * and name its source with `VITE_MAP_TILE_ATTRIBUTION` (documented in web/README.md).
 */

export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** OpenStreetMap's tile policy asks for this credit on the map. */
export const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

export interface TileConfig {
  url: string;
  /** HTML credit shown in the map's corner; empty for none. */
  attribution: string;
}

/** The tile source from the build's variables; OpenStreetMap when none is set. */
export function tileConfig(env: Record<string, unknown> = import.meta.env): TileConfig {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const url = text(env.VITE_MAP_TILE_URL) || OSM_TILE_URL;
  const attribution = text(env.VITE_MAP_TILE_ATTRIBUTION) || (url === OSM_TILE_URL ? OSM_ATTRIBUTION : '');
  return { url, attribution };
}
