/**
 * The Leaflet side of a configuration page's map widget (ComplexMap). Loaded only by the widget's dynamic import,
 * so Leaflet never weighs on pages without a map. Tiles, their failure report and the markers' look are the
 * console's shared ones (lib/map/leafletBase.ts), so the widget looks and fails like the monitor list's map.
 *
 * `interactive: false` (the designer) draws a still picture: no dragging, zooming, keyboard or popups, so a press
 * on the widget is the designer's (select, move), never the map's.
 */
import L from 'leaflet';
import type { MapCard } from '@/generated/answers';
import { cardState, markerColour } from '@/entities/equipment/cardState';
import { EMPTY_CENTRE, EMPTY_ZOOM, addTiles, pruneAndFit, stateMarkerIcon } from '@/lib/map/leafletBase';
import type { TileConfig } from '@/lib/map/tiles';
import type { MapTheme } from '../mapWidget';

export interface WidgetMapOptions {
  interactive: boolean;
  tiles: TileConfig;
  zoom: number;
  centre: { latitude: number; longitude: number } | null;
  theme: MapTheme;
  onTilesFailed(failed: boolean): void;
}

export interface WidgetMap {
  /** Shows these cards (updated in place, so a refresh keeps an open popup); fits them the first time when the
   * widget has no centre. */
  setCards(cards: readonly MapCard[], popup: (card: MapCard) => HTMLElement, testIdPrefix: string): void;
  destroy(): void;
}

/** Tiles darkened for the dark theme (markers, popups and overlays keep their colours). */
export const DARK_TILES_FILTER = 'invert(1) hue-rotate(180deg) brightness(0.85) contrast(0.9)';

export function createWidgetMap(container: HTMLElement, options: WidgetMapOptions): WidgetMap {
  const { interactive, centre, zoom } = options;
  const map = L.map(container, {
    center: centre ? [centre.latitude, centre.longitude] : EMPTY_CENTRE,
    zoom: centre ? zoom : EMPTY_ZOOM,
    zoomControl: interactive,
    dragging: interactive,
    touchZoom: interactive,
    scrollWheelZoom: interactive,
    doubleClickZoom: interactive,
    boxZoom: interactive,
    keyboard: interactive,
    attributionControl: true,
    fadeAnimation: interactive,
    zoomAnimation: interactive,
  });
  addTiles(map, options.tiles, options.onTilesFailed);
  const tilePane = map.getPane('tilePane');
  if (tilePane && options.theme === 'dark') tilePane.style.filter = DARK_TILES_FILTER;

  const markers = new Map<number, { marker: L.Marker; state: string }>();
  let fitted = centre !== null;

  return {
    setCards(cards, popup, testIdPrefix) {
      const seen = new Set<number>();
      for (const card of cards) {
        if (card.latitude === null || card.longitude === null) continue;
        seen.add(card.id);
        const at: L.LatLngExpression = [card.latitude, card.longitude];
        const state = cardState(card);
        let entry = markers.get(card.id);
        if (entry) {
          entry.marker.setLatLng(at);
          if (entry.state !== state) entry.marker.setIcon(stateMarkerIcon(markerColour(card)));
          entry.state = state;
          if (interactive) entry.marker.setPopupContent(popup(card));
        } else {
          const marker = L.marker(at, { icon: stateMarkerIcon(markerColour(card)), title: card.equipName, alt: card.equipName, interactive });
          if (interactive) marker.bindPopup(popup(card), { minWidth: 160, maxWidth: 260 });
          marker.addTo(map);
          entry = { marker, state };
          markers.set(card.id, entry);
        }
        const element = entry.marker.getElement();
        if (element) {
          element.dataset.testid = `${testIdPrefix}${card.id}`;
          element.dataset.state = state;
        }
      }
      fitted = pruneAndFit(map, markers, seen, { fitted, zoom: zoom, padding: 24 });
    },
    destroy() {
      map.remove();
      markers.clear();
    },
  };
}
