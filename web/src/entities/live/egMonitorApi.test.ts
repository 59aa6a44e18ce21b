import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorNotifier } from '@/lib/api/client';
import { fail, installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { BOUND_GATEWAY_PATH } from '@/entities/gateways/api';
import { EG_OPEN_PATH, fetchGatewayInfo, openMonitor } from './egMonitorApi';

let server: FakeServer;
let toasts: string[];

beforeEach(() => {
  server = installFakeServer({ loggedIn: true });
  toasts = [];
  setErrorNotifier((text) => toasts.push(text));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('EG monitor calls (spec section 7)', () => {
  it('gateway info posts the equipment id and resolves with the gateway', async () => {
    const info = { sn: 'EG-1', online: true, vpn: false, interval: 5000, economizeOpen: true };
    server.on(BOUND_GATEWAY_PATH, ok(info));
    await expect(fetchGatewayInfo('e-7')).resolves.toEqual(info);
    expect(server.calls(BOUND_GATEWAY_PATH)[0]?.body).toBe('equipmentId=e-7');
  });

  it('gateway info rejects quietly with 2001, and reads an empty success as 2001', async () => {
    server.on(BOUND_GATEWAY_PATH, fail('2001', '暂无网关或报警数据'));
    await expect(fetchGatewayInfo(1)).rejects.toMatchObject({ code: '2001' });
    server.on(BOUND_GATEWAY_PATH, ok(null));
    await expect(fetchGatewayInfo(1)).rejects.toMatchObject({ code: '2001' });
    expect(toasts).toEqual([]);
  });

  it('open sends interval, delay 600 and the equipment id, and shows its failure', async () => {
    server.on(EG_OPEN_PATH, ok(null));
    await openMonitor({ equipmentId: 9, interval: 3000 });
    expect(Object.fromEntries(new URLSearchParams(server.calls(EG_OPEN_PATH)[0]?.body))).toEqual({
      interval: '3000',
      delay: '600',
      equipmentId: '9',
    });
    server.on(EG_OPEN_PATH, fail('1301', '通信超时'));
    await expect(openMonitor({ equipmentId: 9, interval: 3000 })).rejects.toMatchObject({ code: '1301' });
    expect(toasts).toEqual(['通信超时']);
  });
});
