/**
 * What every Leaflet map of the console shares (the fleet map, the location picker): where a map opens with nothing
 * placed, and the tile layer with its failure report. Leaflet is imported here, so this module too is loaded only
 * by the dynamic imports of the screens that draw a map.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { TileConfig } from './tiles';

/** Where the map opens when no equipment is placed: mainland China, zoomed out. */
export const EMPTY_CENTRE: L.LatLngExpression = [35, 105];
export const EMPTY_ZOOM = 4;

/**
 * Adds the tile layer to a map and reports, once, when tiles fail while none has loaded (and again when one
 * loads after all). Every map of the console uses it, so all behave alike offline.
 */
export function addTiles(map: L.Map, config: TileConfig, onTilesFailed: (failed: boolean) => void): L.TileLayer {
  let loadedTiles = 0;
  let reported = false;
  const tiles = L.tileLayer(config.url, { attribution: config.attribution, maxZoom: 19 });
  tiles.on('tileload', () => {
    loadedTiles++;
    if (reported) {
      reported = false;
      onTilesFailed(false);
    }
  });
  tiles.on('tileerror', () => {
    if (loadedTiles === 0 && !reported) {
      reported = true;
      onTilesFailed(true);
    }
  });
  return tiles.addTo(map);
}

