/**
 * The live state of a set of equipment (a project's page binds several): one monitor session per equipment, the
 * values of all of them together, each equipment's staleness from its own gateway, the alarms of the whole set
 * and one status; every session ends with the view.
 */
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import { installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { BOUND_GATEWAY_PATH } from '@/entities/gateways/api';
import { EG_OPEN_PATH } from './egMonitorApi';
import { EG_SIGNAL_TOKEN_PATH } from './egSignalChannel';
import { fakeSockets, type FakeSocket } from './fakeSocket';
import { EG_OPEN_REPEAT_MS } from './liveConstants';
import { useLiveEquipments } from './useLiveEquipments';

const LATEST_PATH = '/lfscada/monitor/multi/signal/data';
/** Equipment 1 reports every second, equipment 2 every 5 s: each one's values go stale on its own gateway's clock. */
const gateways: Record<string, object> = {
  '1': { sn: 'EG-1', online: true, vpn: false, interval: 1000, economizeOpen: false },
  '2': { sn: 'EG-2', online: true, vpn: false, interval: 5000, economizeOpen: false },
};

let server: FakeServer;
let sockets: ReturnType<typeof fakeSockets>;

const equipmentOf = (body: string) => new URLSearchParams(body).get('equipmentId') ?? '';
const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

function render(ids: number[]) {
  return renderHook(({ list }: { list: number[] }) => useLiveEquipments(list, { createSocket: sockets.create }), {
    initialProps: { list: ids },
    wrapper,
  });
}

/** The socket of an equipment (its token names it). */
function socketOf(equipmentId: number): FakeSocket {
  const socket = sockets.sockets.find((s) => s.url.endsWith(`/tok-${equipmentId}`));
  if (!socket) throw new Error(`no socket for equipment ${equipmentId}`);
  return socket;
}

const frame = (signalId: string, value: number, gatewayAlarm: number, time = Date.now()) => ({
  signalVal: { [signalId]: { value, time, quality: 'good' } },
  gatewayAlarm,
  signalAlarm: { [signalId]: gatewayAlarm },
});

beforeEach(() => {
  vi.useFakeTimers();
  server = installFakeServer({ loggedIn: true });
  server.on(BOUND_GATEWAY_PATH, (request) => ok(gateways[equipmentOf(request.body)]));
  server.on(EG_OPEN_PATH, ok(null));
  server.on(EG_SIGNAL_TOKEN_PATH, (request) => ok(`tok-${equipmentOf(request.body)}`));
  // Stored values: equipment 2 has an older reading of its signal, equipment 1 none.
  server.on(LATEST_PATH, (request) =>
    ok(equipmentOf(request.body) === '2' ? frame('21', 7, 0, Date.now() - 1000) : { signalVal: {}, gatewayAlarm: 0, signalAlarm: {} }),
  );
  sockets = fakeSockets();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('useLiveEquipments', () => {
  it('runs one session per equipment and merges the values of both', async () => {
    const { result } = render([1, 2]);
    await flush();
    expect(server.calls(BOUND_GATEWAY_PATH).map((r) => r.body).sort()).toEqual(['equipmentId=1', 'equipmentId=2']);
    expect(server.calls(EG_OPEN_PATH).map((r) => r.body).sort()).toEqual([
      'interval=1000&delay=600&equipmentId=1',
      'interval=5000&delay=600&equipmentId=2',
    ]);
    expect(sockets.sockets).toHaveLength(2);
    // The stored reading of equipment 2 shows before any push.
    expect(result.current.values['21']).toMatchObject({ value: 7 });

    act(() => {
      socketOf(1).open();
      socketOf(1).push(frame('11', 3, 1));
      socketOf(2).open();
      socketOf(2).push(frame('21', 8, 2));
    });
    expect(result.current.values).toMatchObject({ '11': { value: 3 }, '21': { value: 8 } });
    expect(result.current.signalAlarm).toEqual({ '11': 1, '21': 2 });
    expect(result.current.gatewayAlarm).toBe(3);
    expect(result.current.status).toEqual({ status: 'on', notMonitored: 0, total: 2 });
    expect(result.current.equipment.map((e) => [e.equipmentId, e.status, e.staleMs])).toEqual([
      [1, 'on', 3000],
      [2, 'on', 15_000],
    ]);
    // Each equipment keeps only its own signals.
    expect(Object.keys(result.current.equipment[0]!.values)).toEqual(['11']);
  });

  it('counts an equipment whose gateway is offline, while the other is monitored', async () => {
    server.on(BOUND_GATEWAY_PATH, (request) =>
      ok(equipmentOf(request.body) === '2' ? { ...gateways['2'], online: false } : gateways['1']),
    );
    const { result } = render([1, 2]);
    await flush();
    act(() => {
      socketOf(1).open();
      socketOf(1).push(frame('11', 3, 0));
    });
    expect(result.current.status).toEqual({ status: 'on', notMonitored: 1, total: 2 });
    expect(result.current.equipment[1]!.status).toBe('offline');
    expect(server.calls(EG_OPEN_PATH).map((r) => r.body)).toEqual(['interval=1000&delay=600&equipmentId=1']);
  });

  it('keeps the sessions when an equal set is passed again, and starts afresh when the set changes', async () => {
    const { result, rerender } = render([1, 2]);
    await flush();
    rerender({ list: [1, 2] });
    await flush();
    expect(sockets.sockets).toHaveLength(2);
    act(() => {
      socketOf(1).open();
      socketOf(1).push(frame('11', 3, 0));
    });
    rerender({ list: [1] });
    expect(socketOf(1).closedByClient).toBe(true);
    expect(socketOf(2).closedByClient).toBe(true);
    // A new set starts afresh: no value of the old one shows under it before its own arrive.
    expect(result.current.equipment.map((e) => e.equipmentId)).toEqual([1]);
    expect(result.current.equipment[0]!.live.values).toEqual({});
    await flush();
    expect(sockets.sockets).toHaveLength(3);
  });

  it('stops every session on unmount', async () => {
    const { unmount } = render([1, 2]);
    await flush();
    const requests = server.requests.length;
    unmount();
    expect(sockets.sockets.every((s) => s.closedByClient)).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(EG_OPEN_REPEAT_MS));
    expect(server.requests).toHaveLength(requests);
  });

  it('runs nothing for an empty set', async () => {
    const { result } = render([]);
    await flush();
    expect(result.current.status).toBeNull();
    expect(result.current.equipment).toEqual([]);
    expect(server.requests.filter((r) => r.path !== '/lfscada/user/info')).toHaveLength(0);
  });
});
