import type { Equipment } from './model';

/** An equipment as the server answers it, bound to an online gateway with a driver, for the screens' tests. */
export function testEquipment(patch: Partial<Equipment> = {}): Equipment {
  const now = Date.now();
  return {
    id: 7,
    equipName: 'Boiler feed pump',
    display: 'list',
    ruleType: '00',
    model: 'P-200',
    manufacturer: 'Acme',
    address: 'Hall 2',
    latitude: 31.2,
    longitude: 121.5,
    remark: '',
    gatewaySn: 'EG-A',
    gatewayName: 'Hall gateway',
    online: patch.online ?? true,
    presence: (patch.online ?? true) ? 'online' : 'offline',
    image: '',
    groupId: null,
    groupName: null,
    expireDate: null,
    driver: { kind: 'modbus_tcp', host: '10.0.0.5', port: 502, unitId: 1, timeoutMs: 1000, pollIntervalMs: 1000 },
    gmtCreate: now - 86_400_000,
    gmtModified: now,
    protocol: 'eg',
    gmSourceId: null,
    gmSourceName: null,
    ...patch,
  };
}
