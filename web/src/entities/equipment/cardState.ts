/**
 * What every map of the console says about an equipment (the monitor list's map screen, a configuration page's
 * map widget): its state (offline, online, online with open alarms), the colour of that state, whether it can be
 * placed, and the zoom the spec opens a map at. Shared here so the page viewer (web/src/runtime) draws the same
 * markers as the monitor's map without importing a feature.
 */
import type { Card } from '@/generated/answers';

/** What a card, a marker and a legend say about an equipment: offline, online, or online with open alarms. */
export type CardState = 'offline' | 'online' | 'alarm';

/**
 * Offline wins: an offline gateway's alarm count may be stale, and "cannot reach it" is what the operator must
 * act on first. Online with open alarms is 'alarm'.
 */
export function cardState(card: Pick<Card, 'online' | 'alarmCount'>): CardState {
  if (!card.online) return 'offline';
  return card.alarmCount > 0 ? 'alarm' : 'online';
}

/** Marker and state-dot colours: grey offline, green online, red online with alarms. */
export const STATE_COLOUR: Record<CardState, string> = {
  offline: '#8c8c8c',
  online: '#52c41a',
  alarm: '#f5222d',
};

/** The colour of an equipment's marker on the map. */
export function markerColour(card: Pick<Card, 'online' | 'alarmCount'>): string {
  return STATE_COLOUR[cardState(card)];
}

/** Map zoom (spec section 9). */
export const MAP_ZOOM = 12;

/** A usable coordinate pair: both present, finite and in range (0, 0 is a real place and is kept). */
export function hasCoordinates(card: Pick<Card, 'latitude' | 'longitude'>): boolean {
  const { latitude, longitude } = card;
  return (
    typeof latitude === 'number' &&
    typeof longitude === 'number' &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180
  );
}
