/**
 * The GM screens' component tests: the detail screen's fake server (../detail/components/testSupport.ts) with the
 * equipment made GM equipment, a Sparkplug B analyser adopted from the edge node source 4, and its gateway answer the
 * source's link.
 */
import type { EquipmentDetail } from '@/generated/answers';
import { ok } from '@/test/fakeServer';
import { EQUIPMENT_ID, GATEWAY, P, installDetailServer, type Harness } from '../detail/components/testSupport';

export { EQUIPMENT_ID, P };

/** The demo-like equipment as GM equipment of `ruleType`, with `auths`. */
export function installGmServer(auths: string[], ruleType = '00'): Harness {
  const h = installDetailServer(auths);
  h.server.on(P.gateway, ok({ ...GATEWAY, link: 'sparkplug' }));
  h.server.on(
    P.detail,
    ok({
      equipment: {
        id: EQUIPMENT_ID,
        equipName: 'Water-quality analyser',
        display: 'list',
        ruleType,
        model: 'WQ-5',
        manufacturer: 'Ironsight',
        address: '',
        latitude: null,
        longitude: null,
        remark: '',
        gatewaySn: null,
        gatewayName: null,
        online: true,
        presence: 'online',
        driver: null,
        image: '',
        groupId: null,
        groupName: null,
        expireDate: null,
        gmtCreate: Date.UTC(2026, 10, 1, 0, 0, 0),
        gmtModified: Date.UTC(2026, 10, 2, 0, 0, 0),
        protocol: 'sparkplug',
        gmSourceId: 4,
        gmSourceName: 'QualityEdge',
      },
      gateway: null,
      signalCount: 4,
    } satisfies EquipmentDetail),
  );
  return h;
}
