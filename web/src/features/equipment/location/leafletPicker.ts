/**
 * The Leaflet side of the location picker. This module (with Leaflet and its stylesheet) is imported only when
 * the picker dialog opens, so neither the equipment list nor the info tab carries Leaflet in its first download.
 *
 * It uses the console's tile source and tile-failure reporting (lib/map), so without reachable tiles the
 * picker behaves like the map screen: a plain background, clicks still pick a place, and the dialog says so.
 * The marker is a divIcon (a CSS dot), which needs no image assets.
 */
import L from 'leaflet';
import { EMPTY_CENTRE, EMPTY_ZOOM, addTiles } from '@/lib/map/leafletBase';
import type { TileConfig } from '@/lib/map/tiles';
import { LOCATION_ZOOM, pickedPoint, type LatLng } from './model';

export interface LocationPickerOptions {
  tiles: TileConfig;
  /** The place the form already has: the map opens there with the marker; null opens the default view. */
  initial: LatLng | null;
  /** The marker's tooltip and accessible name. */
  markerTitle: string;
  /** A click on the map or the end of a marker drag, as the form's rounded latitude and longitude. */
  onPick: (point: LatLng) => void;
  /** Called with true when tiles fail and none has loaded, false once one loads. */
  onTilesFailed: (failed: boolean) => void;
}

export interface LocationPicker {
  /** Re-measures the container (after the dialog has its final size). */
  refresh(): void;
  destroy(): void;
}

const MARKER_ICON_HTML =
  '<span style="display:block;width:18px;height:18px;border-radius:50%;border:3px solid #fff;' +
  'box-shadow:0 0 0 1px rgba(0,0,0,.35),0 1px 4px rgba(0,0,0,.45);background:#1677ff"></span>';

export function createLocationPicker(container: HTMLElement, options: LocationPickerOptions): LocationPicker {
  const { initial } = options;
  const map = L.map(container, {
    center: initial ? [initial.latitude, initial.longitude] : EMPTY_CENTRE,
    zoom: initial ? LOCATION_ZOOM : EMPTY_ZOOM,
    worldCopyJump: true,
  });
  addTiles(map, options.tiles, options.onTilesFailed);

  const icon = L.divIcon({ className: 'location-marker', html: MARKER_ICON_HTML, iconSize: [24, 24], iconAnchor: [12, 12] });
  let marker: L.Marker | null = null;

  const place = (at: L.LatLngExpression) => {
    if (marker) {
      marker.setLatLng(at);
      return;
    }
    marker = L.marker(at, { icon, draggable: true, title: options.markerTitle, alt: options.markerTitle, autoPan: true });
    marker.on('dragend', () => {
      const moved = marker?.getLatLng();
      if (moved) options.onPick(pickedPoint(moved.lat, moved.lng));
    });
    marker.addTo(map);
    const element = marker.getElement();
    if (element) element.dataset.testid = 'location-marker';
  };

  if (initial) place([initial.latitude, initial.longitude]);
  map.on('click', (event: L.LeafletMouseEvent) => {
    // The marker stays where the click was (on whichever copy of the world); the form gets the wrapped place.
    place(event.latlng);
    options.onPick(pickedPoint(event.latlng.lat, event.latlng.lng));
  });

  return {
    refresh() {
      map.invalidateSize();
    },
    destroy() {
      map.remove();
      marker = null;
    },
  };
}
