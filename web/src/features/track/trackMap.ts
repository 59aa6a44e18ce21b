/**
 * The Leaflet side of the track page, loaded with it (the route's chunk), never with the rest of the console:
 * the path as a polyline fitted into view, its start and end, and the marker that plays along it. Tiles come from
 * the console's tile source and fail like every other map (lib/map/leafletBase.ts).
 */
import L from 'leaflet';
import type { TrackPoint } from '@/generated/answers';
import { addTiles, EMPTY_CENTRE, EMPTY_ZOOM, stateMarkerIcon } from '@/lib/map/leafletBase';
import type { TileConfig } from '@/lib/map/tiles';

const PATH_COLOUR = '#1677ff';

export interface TrackMap {
  /** Draws this path (replacing the last one) and fits the view to it. */
  setPath(points: readonly TrackPoint[]): void;
  /** Moves the playing marker. */
  moveTo(point: TrackPoint | null): void;
  destroy(): void;
}

export function createTrackMap(container: HTMLElement, tiles: TileConfig, onTilesFailed: (failed: boolean) => void): TrackMap {
  const map = L.map(container, { center: EMPTY_CENTRE, zoom: EMPTY_ZOOM, worldCopyJump: true });
  addTiles(map, tiles, onTilesFailed);
  const layer = L.layerGroup().addTo(map);
  const marker = L.marker(EMPTY_CENTRE, { icon: stateMarkerIcon('#fa541c'), interactive: false, keyboard: false });
  return {
    setPath(points) {
      layer.clearLayers();
      marker.remove();
      if (points.length === 0) return;
      const latLngs = points.map((p) => L.latLng(p.lat, p.lng));
      L.polyline(latLngs, { color: PATH_COLOUR, weight: 4, opacity: 0.85 }).addTo(layer);
      L.circleMarker(latLngs[0]!, { radius: 6, color: '#52c41a', fillOpacity: 1 }).addTo(layer);
      L.circleMarker(latLngs[latLngs.length - 1]!, { radius: 6, color: '#f5222d', fillOpacity: 1 }).addTo(layer);
      if (latLngs.length === 1) map.setView(latLngs[0]!, 15);
      else map.fitBounds(L.latLngBounds(latLngs), { padding: [30, 30], maxZoom: 17 });
      marker.setLatLng(latLngs[0]!).addTo(map);
      marker.getElement()?.setAttribute('data-testid', 'track-marker');
    },
    moveTo(point) {
      if (point) marker.setLatLng([point.lat, point.lng]);
    },
    destroy() {
      map.remove();
    },
  };
}
