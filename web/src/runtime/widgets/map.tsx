/**
 * The map widget (ComplexMap): equipment on a map in the widget's box (a <foreignObject>, like the tables), read
 * through `mapSettingsOf` (runtime/mapWidget.ts). Leaflet is imported lazily (./mapLeaflet), only when a page
 * shows a map.
 *
 * Live (`env.live` set) the equipment comes from queryAllForMap, which answers only the equipment the viewing
 * account is granted (so a page listing another's equipment shows nothing of it), again every 60 s; markers are
 * coloured by state as on the monitor list's map and a click opens a popup with the name, the state and a link to the
 * equipment's monitor page. In the designer and version previews (`env.live` null) nothing is queried: the tiles
 * (or the plain background) at the widget's centre and zoom, still and not interactive, with a note that the
 * equipment is shown when the page runs. Without internet the tiles fail: the markers still show on the plain
 * background and a notice says the map tiles are missing.
 */
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { MapCard } from '@/generated/answers';
import type { ApiError } from '@/lib/api/errors';
import { STATE_COLOUR, cardState } from '@/entities/equipment/cardState';
import type { RecordCalls } from '../recordCalls';
import { tileConfig } from '@/lib/map/tiles';
import { monitorPath } from '@/lib/paths';
import { mapSettingsOf, mapTotals, shareOf, shownCards, type MapSettings } from '../mapWidget';
import type { WidgetMap } from './mapLeaflet';
import { boxOf, type WidgetRenderProps } from './common';

/** The spec's polling of the monitor's lists: equipment states are refreshed every 60 s. */
export const MAP_REFRESH_MS = 60_000;

type Load = { kind: 'loading' } | { kind: 'ready'; map: WidgetMap } | { kind: 'failed' };

/** A popup's content as DOM (Leaflet's popups live outside React); every text is set as text, never HTML. */
export function mapPopup(card: MapCard, t: TFunction): HTMLElement {
  const root = document.createElement('div');
  root.style.cssText = 'display:flex;flex-direction:column;gap:4px;font-size:13px';
  root.dataset.testid = `map-popup-${card.id}`;
  const name = document.createElement('strong');
  name.textContent = card.equipName;
  const line = document.createElement('div');
  line.style.cssText = 'display:flex;align-items:center;gap:6px';
  const dot = document.createElement('span');
  const state = cardState(card);
  dot.style.cssText = `width:10px;height:10px;border-radius:50%;background:${STATE_COLOUR[state]}`;
  const words = document.createElement('span');
  words.textContent = state === 'alarm' ? t('runtime.map.alarmState', { count: card.alarmCount }) : t(`runtime.map.state.${state}`);
  line.append(dot, words);
  const link = document.createElement('a');
  link.href = monitorPath(card);
  link.textContent = t('runtime.map.openMonitor');
  link.dataset.testid = 'map-popup-monitor';
  root.append(name, line, link);
  return root;
}

function overlay(style: CSSProperties): CSSProperties {
  return {
    position: 'absolute',
    zIndex: 1000,
    background: 'rgba(255,255,255,0.9)',
    color: '#262626',
    borderRadius: 4,
    boxShadow: '0 1px 4px rgba(0,0,0,0.25)',
    padding: '4px 8px',
    fontSize: 12,
    lineHeight: 1.5,
    pointerEvents: 'none',
    ...style,
  };
}

interface MapFrameProps extends Pick<WidgetRenderProps, 'widget'> {
  settings: MapSettings;
  live: boolean;
  /** The equipment shown (live), null where none is queried (designer, loading). */
  cards: MapCard[] | null;
  error: string | null;
}

/** The map, its notices and overlays, in the widget's box. */
function MapFrame({ widget, settings, live, cards, error }: MapFrameProps) {
  const { t, i18n } = useTranslation();
  const b = boxOf(widget);
  const container = useRef<HTMLDivElement>(null);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [tilesFailed, setTilesFailed] = useState(false);
  const { zoom, theme } = settings;
  const lat = settings.centre?.latitude;
  const lng = settings.centre?.longitude;

  useEffect(() => {
    let cancelled = false;
    let created: WidgetMap | null = null;
    setLoad({ kind: 'loading' });
    setTilesFailed(false);
    import('./mapLeaflet').then(
      ({ createWidgetMap }) => {
        if (cancelled || !container.current) return;
        const centre = lat !== undefined && lng !== undefined ? { latitude: lat, longitude: lng } : null;
        created = createWidgetMap(container.current, {
          interactive: live,
          tiles: tileConfig(),
          zoom,
          centre,
          theme,
          onTilesFailed: (failed) => {
            if (!cancelled) setTilesFailed(failed);
          },
        });
        setLoad({ kind: 'ready', map: created });
      },
      () => {
        if (!cancelled) setLoad({ kind: 'failed' });
      },
    );
    return () => {
      cancelled = true;
      created?.destroy();
    };
  }, [live, zoom, lat, lng, theme]);

  const map = load.kind === 'ready' ? load.map : null;
  useEffect(() => {
    if (map && cards) map.setCards(cards, (card) => mapPopup(card, t), `map-marker-${widget.id}-`);
    // Popups are rebuilt when the language changes: their texts are plain DOM.
  }, [map, cards, t, i18n.language, widget.id]);

  const totals = cards ? mapTotals(cards) : null;
  const showTotals = settings.totalCount || settings.equipProportion;
  const notes: string[] = [];
  if (!live) notes.push(t('runtime.map.still'));
  if (load.kind === 'failed') notes.push(t('runtime.map.leafletFailed'));
  if (tilesFailed) notes.push(t('runtime.map.tilesMissing'));
  if (error) notes.push(t('runtime.map.failed', { message: error }));
  else if (live && cards && cards.length === 0) notes.push(t('runtime.map.none'));

  return (
    <foreignObject x={b.x} y={b.y} width={b.width} height={b.height} data-map={widget.id}>
      <div
        data-testid={`map-${widget.id}`}
        data-theme={theme}
        style={{
          position: 'relative',
          width: b.width,
          height: b.height,
          overflow: 'hidden',
          boxSizing: 'border-box',
          border: '1px solid #D9D9D9',
          borderRadius: 2,
          // The designer's map is a picture of the widget: a press on it is the designer's, never the map's.
          pointerEvents: live ? undefined : 'none',
        }}
      >
        <div
          ref={container}
          role="region"
          aria-label={settings.address || t('runtime.map.label')}
          style={{ position: 'absolute', inset: 0, background: theme === 'dark' ? '#2b3138' : '#e9eef2' }}
        />
        {settings.address && (
          <div data-testid={`map-address-${widget.id}`} style={overlay({ left: 6, bottom: 18, maxWidth: '70%' })}>
            {settings.address}
          </div>
        )}
        {showTotals && (
          <div data-testid={`map-totals-${widget.id}`} style={overlay({ right: 6, top: 6 })}>
            {settings.totalCount && <div>{t('runtime.map.total', { n: totals ? String(totals.total) : '–' })}</div>}
            {settings.equipProportion &&
              (['online', 'offline', 'alarm'] as const).map((state) => (
                <div key={state} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
                  <span style={{ width: 8, height: 8, borderRadius: '50%', background: STATE_COLOUR[state] }} />
                  <span>
                    {t(`runtime.map.state.${state}`)} {totals ? `${totals[state]} · ${shareOf(totals[state], totals.total)}` : '–'}
                  </span>
                </div>
              ))}
          </div>
        )}
        {notes.length > 0 && (
          <div data-testid={`map-note-${widget.id}`} role={error ? 'alert' : undefined} style={overlay({ left: 6, top: live ? 78 : 6, maxWidth: '80%', whiteSpace: 'normal' })}>
            {notes.map((note) => (
              <div key={note}>{note}</div>
            ))}
          </div>
        )}
      </div>
    </foreignObject>
  );
}

type MapCardsCall = NonNullable<RecordCalls['mapCards']>;

/** Live: the equipment of queryAllForMap the widget lists (through the screen's calls), refreshed every 60 s. */
function LiveMap({ widget, settings, mapCards }: Pick<WidgetRenderProps, 'widget'> & { settings: MapSettings; mapCards: MapCardsCall }) {
  const query = useQuery<MapCard[], ApiError>({
    queryKey: ['runtime', 'map'],
    queryFn: ({ signal }) => mapCards(signal),
    refetchInterval: MAP_REFRESH_MS,
  });
  const cards = useMemo(() => (query.data ? shownCards(query.data, settings) : null), [query.data, settings]);
  const error = query.isError ? query.error.message : null;
  return <MapFrame widget={widget} settings={settings} live cards={cards} error={error} />;
}

export function ComplexMap({ widget, env }: WidgetRenderProps) {
  const settings = useMemo(() => mapSettingsOf(widget.data), [widget.data]);
  // The share view shows no organisation map (its calls have none): the widget draws its frame, as in the designer.
  const mapCards = env.live?.calls.mapCards;
  return mapCards ? (
    <LiveMap widget={widget} settings={settings} mapCards={mapCards} />
  ) : (
    <MapFrame widget={widget} settings={settings} live={false} cards={null} error={null} />
  );
}
