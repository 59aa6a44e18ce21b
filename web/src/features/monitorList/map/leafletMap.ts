/**
 * The Leaflet side of the map screen. This module, Leaflet and its stylesheet are loaded only when the map screen
 * imports it (a dynamic import), so they never weigh on the login page or the equipment list.
 *
 * Markers are divIcons (a coloured dot drawn by CSS) so the map needs no image assets and works where SVG or
 * canvas do not. Tiles that cannot load (no internet, a blocked tile server) are reported once, so the screen
 * can say so while the markers stay usable on the plain background.
 */
import L from 'leaflet';
import { MAP_ZOOM, cardState, markerColour, type MapCard } from '../model';
import { EMPTY_CENTRE, EMPTY_ZOOM, addTiles, pruneAndFit, stateMarkerIcon } from '@/lib/map/leafletBase';
import type { TileConfig } from '@/lib/map/tiles';


export interface MonitorListMapOptions {
  tiles: TileConfig;
  /** Called with true when tiles fail and none has loaded, false once one loads. */
  onTilesFailed: (failed: boolean) => void;
}

export interface MonitorListMap {
  /** Shows these cards; the view is fitted to them the first time there are any. `popup` builds a popup's content. */
  setCards(cards: readonly MapCard[], popup: (card: MapCard) => HTMLElement): void;
  /** Opens the popup of an equipment, if it is on the map. */
  openPopup(id: number): void;
  destroy(): void;
}

function icon(card: MapCard): L.DivIcon {
  return stateMarkerIcon(markerColour(card));
}

/** Ids and state on the marker's element, for people reading the page and for tests. */
function tag(marker: L.Marker, card: MapCard) {
  const element = marker.getElement();
  if (!element) return;
  element.dataset.testid = `fleet-marker-${card.id}`;
  element.dataset.state = cardState(card);
}

export function createMonitorListMap(container: HTMLElement, options: MonitorListMapOptions): MonitorListMap {
  const map = L.map(container, { center: EMPTY_CENTRE, zoom: EMPTY_ZOOM, worldCopyJump: true });
  addTiles(map, options.tiles, options.onTilesFailed);

  const markers = new Map<number, { marker: L.Marker; key: string }>();
  let fitted = false;

  return {
    setCards(cards, popup) {
      const seen = new Set<number>();
      for (const card of cards) {
        if (card.latitude === null || card.longitude === null) continue;
        seen.add(card.id);
        const at: L.LatLngExpression = [card.latitude, card.longitude];
        const key = `${cardState(card)}`;
        const existing = markers.get(card.id);
        if (existing) {
          // Updated in place, so a refresh keeps an open popup open.
          existing.marker.setLatLng(at);
          if (existing.key !== key) {
            existing.marker.setIcon(icon(card));
            existing.key = key;
          }
          existing.marker.setPopupContent(popup(card));
          existing.marker.options.title = card.equipName;
          tag(existing.marker, card);
        } else {
          const marker = L.marker(at, { icon: icon(card), title: card.equipName, alt: card.equipName, riseOnHover: true });
          marker.bindPopup(popup(card), { minWidth: 220, maxWidth: 320 });
          marker.addTo(map);
          tag(marker, card);
          markers.set(card.id, { marker, key });
        }
      }
      fitted = pruneAndFit(map, markers, seen, { fitted, zoom: MAP_ZOOM, padding: 40 });
    },
    openPopup(id) {
      const found = markers.get(id);
      if (!found) return;
      map.setView(found.marker.getLatLng(), Math.max(map.getZoom(), MAP_ZOOM));
      found.marker.openPopup();
    },
    destroy() {
      map.remove();
      markers.clear();
    },
  };
}
