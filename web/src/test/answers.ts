/**
 * Answers as the server gives them (the generated answer types), for component tests: complete and consistent,
 * with `patch` changing what a test is about. `online` in a patch sets the presence to match unless the patch
 * names one.
 */
import type { AlarmRecord, Card, Gateway, MapCard, Presence } from '@/generated/answers';

const presence = (patch: { online?: boolean; presence?: Presence }, fallback: boolean): Presence =>
  patch.presence ?? ((patch.online ?? fallback) ? 'online' : 'offline');

/** An online gateway heard from a minute ago with its configuration applied. */
export function gatewayAnswer(patch: Partial<Gateway> = {}): Gateway {
  const now = Date.now();
  return {
    id: 1,
    sn: 'EG-1',
    name: 'Boiler house',
    model: 'EG-200',
    firmware: '1.4.2',
    online: true,
    presence: presence(patch, true),
    vpn: false,
    signalStrength: 80,
    interval: 5000,
    sampleInterval: 1000,
    economizeOpen: false,
    lastSeenMs: now - 60_000,
    configVersion: 2,
    appliedVersion: 2,
    configError: null,
    futureReadings: 0,
    clockAheadMs: null,
    expireDate: null,
    gmtCreate: now - 86_400_000,
    link: 'gateway',
    ...patch,
  };
}

/** A card of online equipment updated two minutes ago. */
export function cardAnswer(patch: Partial<Card> = {}): Card {
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
    presence: presence(patch, true),
    vpn: false,
    signalStrength: 80,
    alarmCount: 0,
    lastUpdate: Date.now() - 120_000,
    follow: false,
    stick: false,
    groupId: null,
    groupName: null,
    gmtCreate: Date.now() - 86_400_000,
    homePageId: null,
    protocol: 'eg',
    gmSourceId: null,
    ...patch,
  };
}

/** A card with its key values (the map, a scene). */
export function mapCardAnswer(patch: Partial<MapCard> = {}): MapCard {
  return { ...cardAnswer(patch), keyValues: [], ...patch };
}

/** An unreleased, unconfirmed level-2 alarm of a tank-level rule, with its message in both languages. */
export function alarmAnswer(patch: Partial<AlarmRecord> = {}): AlarmRecord {
  return {
    id: 41,
    equipId: 7,
    equipTitle: '1# Pump station',
    signalId: 3,
    signalTitle: 'Tank level',
    ruleId: 5,
    type: 'signal',
    level: 2,
    gmtTrigger: Date.UTC(2026, 10, 23, 2, 0, 0),
    gmtRelease: null,
    value: 90.5,
    msg: '储罐液位过高',
    msgZh: '储罐液位过高',
    msgEn: 'Tank level high',
    confirmedBy: null,
    confirmUser: null,
    gmtConfirm: null,
    released: false,
    confirmed: false,
    ...patch,
  };
}
