/**
 * What every Leaflet map of the console shares (the monitor list's map, the location picker): where a map opens
 * with nothing placed, and the tile layer with its failure report. Leaflet is imported here, so this module too is
 * loaded only by the dynamic imports of the screens that draw a map.
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


/**
 * A marker drawn by CSS (a coloured dot with a white ring), so maps need no image assets: the monitor list's map's
 * and a configuration page's map widget's markers look alike.
 */
export function stateMarkerIcon(colour: string): L.DivIcon {
  return L.divIcon({
    className: 'fleet-marker',
    html: `<span style="display:block;width:16px;height:16px;border-radius:50%;border:2px solid #fff;box-shadow:0 0 0 1px rgba(0,0,0,.35),0 1px 4px rgba(0,0,0,.4);background:${colour}"></span>`,
    iconSize: [20, 20],
    iconAnchor: [10, 10],
    popupAnchor: [0, -10],
  });
}

/**
 * After a refresh of a map's equipment: the markers of equipment no longer listed (`seen`) removed, and, the first
 * time there are markers and `fitted` is false, the view fitted to them (one marker: centred at `zoom`; several:
 * their bounds, zoomed in at most to `zoom`). Answers whether the view has been fitted. The monitor list's map and
 * the page's map widget keep their markers alike.
 */
export function pruneAndFit(
  map: L.Map,
  markers: Map<number, { marker: L.Marker }>,
  seen: ReadonlySet<number>,
  fit: { fitted: boolean; zoom: number; padding: number },
): boolean {
  for (const [id, { marker }] of markers) {
    if (!seen.has(id)) {
      marker.remove();
      markers.delete(id);
    }
  }
  if (fit.fitted || markers.size === 0) return fit.fitted;
  const points = [...markers.values()].map(({ marker }) => marker.getLatLng());
  if (points.length === 1) map.setView(points[0] as L.LatLng, fit.zoom);
  else map.fitBounds(L.latLngBounds(points), { padding: [fit.padding, fit.padding], maxZoom: fit.zoom });
  return true;
}
