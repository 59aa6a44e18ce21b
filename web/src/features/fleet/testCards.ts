/** Card fixtures for the fleet screens' component tests (not imported by the app). */
import type { Card, MapCard } from './model';

/** A card of online equipment updated two minutes ago; `patch` changes what a test is about. */
export function card(patch: Partial<Card>): Card {
  return {
    id: 1,
    equipName: 'Pump',
    display: 'list',
    ruleType: '00',
    model: 'PS-3',
    manufacturer: 'Ironsight',
    address: 'Hall 1',
    latitude: null,
    longitude: null,
    image: '',
    gatewaySn: 'EG-1',
    online: true,
    vpn: false,
    signalStrength: 80,
    alarmCount: 0,
    lastUpdate: Date.now() - 120_000,
    follow: false,
    stick: false,
    groupId: null,
    groupName: null,
    ...patch,
  };
}

export function mapCard(patch: Partial<MapCard>): MapCard {
  return { ...card(patch), keyValues: [], ...patch };
}
