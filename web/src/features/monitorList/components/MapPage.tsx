/**
 * /map: the organisation's equipment on a map (spec zoom 12). Markers are coloured by state (offline grey,
 * online green, online with open alarms red); a marker's popup shows the name, state, latest key values and a link
 * to the detail. Equipment without coordinates is listed beside the map as "not placed".
 *
 * Leaflet is imported here, lazily, and nowhere else. Tiles come from OpenStreetMap unless the build says
 * otherwise (lib/map/tiles.ts); when they cannot load (no internet) the markers still show on a plain background and
 * a notice says the map tiles are missing.
 */
import { monitorPath, trackPath } from '@/lib/paths';
import { currentLanguage } from '@/lib/i18n';
import { stateLabel } from '@/entities/signals/states';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Empty, Flex, List, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TFunction } from 'i18next';
import { Permission, hasAuth } from '@/lib/access';
import { useUser } from '@/lib/session';
import { useAllCards } from '../api/queryAllCards';
import { useMapCards } from '../api/queryMapCards';
import type { MonitorListMap } from '../map/leafletMap';
import { formatBaseTime } from '@/lib/chinaTime';
import { tileConfig } from '@/lib/map/tiles';
import {
  STATE_COLOUR,
  cardState,
  formatKeyValue,
  hasCoordinates,
  type CardState,
  type MapCard,
} from '../model';
import { StatusAlert } from './StatusAlert';

type MapLoad = { kind: 'loading' } | { kind: 'ready'; map: MonitorListMap } | { kind: 'failed' };

const STATES: CardState[] = ['online', 'alarm', 'offline'];

/** A popup's content, built as DOM (Leaflet's popups live outside React); every text is set as text, never HTML. */
export function buildPopup(card: MapCard, t: TFunction, open: (path: string) => void): HTMLElement {
  const el = (tag: string, style = '', text?: string) => {
    const node = document.createElement(tag);
    if (style) node.setAttribute('style', style);
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const root = el('div', 'display:flex;flex-direction:column;gap:6px;font-size:13px');
  root.dataset.testid = `fleet-popup-${card.id}`;
  root.append(el('strong', 'font-size:14px', card.equipName));
  const state = cardState(card);
  const stateLine = el('div', 'display:flex;align-items:center;gap:6px');
  stateLine.append(el('span', `width:10px;height:10px;border-radius:50%;background:${STATE_COLOUR[state]}`));
  stateLine.append(
    el('span', '', state === 'alarm' ? t('monitorList.map.alarmState', { count: card.alarmCount }) : t(`monitorList.state.${state}`)),
  );
  root.append(stateLine);
  if (card.keyValues.length === 0) {
    root.append(el('span', 'color:#8c8c8c', t('monitorList.map.noValues')));
  } else {
    const table = el('table', 'border-collapse:collapse;width:100%');
    for (const kv of card.keyValues) {
      const row = el('tr');
      row.append(el('td', 'padding:2px 8px 2px 0;color:#595959', kv.name));
      // A mapped value reads as its state ("运行" in green); the number stays in the hover text.
      const number = formatKeyValue(kv.value, kv.unit);
      const shown = kv.state ? stateLabel(kv.state, currentLanguage()) : number;
      const value = el('td', 'padding:2px 0;text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap', shown);
      const time = kv.time !== null ? t('monitorList.card.timeInZone', { time: formatBaseTime(kv.time) }) : '';
      value.title = [kv.state ? number : '', time].filter(Boolean).join(' · ');
      if (kv.state?.color) value.style.color = kv.state.color;
      if (kv.quality === 'bad') value.style.color = '#d4380d';
      row.append(value);
      table.append(row);
    }
    root.append(table);
  }
  const link = el('a', 'align-self:flex-start', t('monitorList.map.openDetail')) as HTMLAnchorElement;
  link.href = monitorPath(card);
  link.dataset.testid = 'fleet-popup-detail';
  link.addEventListener('click', (event) => {
    event.preventDefault();
    open(monitorPath(card));
  });
  const links = el('div', 'display:flex;gap:12px');
  links.append(link);
  const track = el('a', '', t('monitorList.map.openTrack')) as HTMLAnchorElement;
  track.href = trackPath(card.id);
  track.dataset.testid = 'fleet-popup-track';
  track.addEventListener('click', (event) => {
    event.preventDefault();
    open(trackPath(card.id));
  });
  links.append(track);
  root.append(links);
  return root;
}

export default function MapPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const canManage = hasAuth(useUser(), Permission.Manage);
  const mapCards = useMapCards();
  const allCards = useAllCards();
  const container = useRef<HTMLDivElement>(null);
  const [load, setLoad] = useState<MapLoad>({ kind: 'loading' });
  const [tilesFailed, setTilesFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    let created: MonitorListMap | null = null;
    setLoad({ kind: 'loading' });
    import('../map/leafletMap').then(
      ({ createMonitorListMap }) => {
        if (cancelled || !container.current) return;
        created = createMonitorListMap(container.current, { tiles: tileConfig(), onTilesFailed: setTilesFailed });
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
  }, [attempt]);

  const open = useCallback((path: string) => void navigate(path), [navigate]);
  const map = load.kind === 'ready' ? load.map : null;
  const cards = mapCards.data;
  useEffect(() => {
    if (map && cards) map.setCards(cards, (card) => buildPopup(card, t, open));
    // Popups are rebuilt when the language changes: their texts are plain DOM.
  }, [map, cards, t, open, i18n.language]);

  const unplaced = (allCards.data ?? []).filter((card) => !hasCoordinates(card));
  const placedCount = cards?.length ?? 0;

  return (
    <Flex vertical gap={12} data-testid="fleet-map-page">
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('route.map')}
        </Typography.Title>
        <Space size={16} wrap data-testid="fleet-map-legend">
          {STATES.map((state) => (
            <Space key={state} size={6}>
              <span style={{ display: 'inline-block', width: 12, height: 12, borderRadius: '50%', background: STATE_COLOUR[state] }} />
              <span>{state === 'alarm' ? t('monitorList.map.legendAlarm') : t(`monitorList.state.${state}`)}</span>
            </Space>
          ))}
        </Space>
      </Flex>

      {mapCards.isError && (
        <StatusAlert loading={false} error={mapCards.error} onRetry={() => void mapCards.refetch()} failedText={t('monitorList.map.loadFailed')} />
      )}
      {load.kind === 'failed' && (
        <Alert
          type="error"
          showIcon
          data-testid="fleet-map-failed"
          message={t('monitorList.map.leafletFailed')}
          action={
            <Button size="small" onClick={() => setAttempt((n) => n + 1)}>
              {t('common.retry')}
            </Button>
          }
        />
      )}
      {tilesFailed && (
        <Alert type="warning" showIcon data-testid="fleet-map-tiles-failed" message={t('monitorList.map.tilesFailed')} />
      )}
      {cards && placedCount === 0 && (
        <Alert type="info" showIcon data-testid="fleet-map-none-placed" message={t('monitorList.map.nonePlaced')} />
      )}

      <Flex gap={12} align="stretch" wrap>
        <div style={{ flex: '1 1 520px', minWidth: 0, position: 'relative' }}>
          <div
            ref={container}
            data-testid="fleet-map"
            role="region"
            aria-label={t('route.map')}
            style={{ height: 'calc(100vh - 260px)', minHeight: 420, borderRadius: 8, background: '#e9eef2', overflow: 'hidden' }}
          />
          {(load.kind === 'loading' || mapCards.isLoading) && (
            <Flex
              justify="center"
              align="center"
              style={{ position: 'absolute', inset: 0, background: 'rgba(255,255,255,0.5)', zIndex: 1000 }}
            >
              <Spin />
            </Flex>
          )}
        </div>
        <Card size="small" title={t('monitorList.map.unplacedTitle')} style={{ width: 280, flex: 'none' }} data-testid="fleet-map-unplaced">
          {allCards.data ? (
            unplaced.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('monitorList.map.allPlaced')} />
            ) : (
              <>
                <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
                  {t('monitorList.map.unplacedHint')}
                </Typography.Paragraph>
                <List
                  size="small"
                  dataSource={unplaced}
                  renderItem={(card) => (
                    <List.Item
                      key={card.id}
                      data-testid={`fleet-unplaced-${card.id}`}
                      actions={
                        canManage
                          ? [
                              <Typography.Link
                                key="place"
                                href={`/manage/eg/equipment/edit/${card.id}/info`}
                                onClick={(event) => {
                                  event.preventDefault();
                                  open(`/manage/eg/equipment/edit/${card.id}/info`);
                                }}
                              >
                                {t('monitorList.map.setLocation')}
                              </Typography.Link>,
                            ]
                          : undefined
                      }
                    >
                      <Space size={6}>
                        <span style={{ display: 'inline-block', width: 10, height: 10, borderRadius: '50%', background: STATE_COLOUR[cardState(card)] }} />
                        <Typography.Link
                          href={monitorPath(card)}
                          onClick={(event) => {
                            event.preventDefault();
                            open(monitorPath(card));
                          }}
                        >
                          {card.equipName}
                        </Typography.Link>
                      </Space>
                    </List.Item>
                  )}
                />
              </>
            )
          ) : (
            <StatusAlert
              loading={allCards.isLoading}
              error={allCards.error}
              onRetry={() => void allCards.refetch()}
              failedText={t('monitorList.loadFailed')}
            />
          )}
        </Card>
      </Flex>
    </Flex>
  );
}
