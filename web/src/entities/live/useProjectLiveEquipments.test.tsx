/**
 * A project page's live set (docs/project-monitor.md): one project session (one token, one socket, one gateway
 * query) for the equipment it binds, the stored values of the page's signals split by equipment, each equipment's
 * status and staleness from its own gateway item, everything ended with the view; nothing at all without a project.
 */
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import { installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { fakeSockets } from './fakeSocket';
import { PROJECT_GATEWAYS_PATH, PROJECT_OPEN_PATH, PROJECT_VALUES_PATH } from './projectMonitorApi';
import { PROJECT_SIGNAL_TOKEN_PATH } from './projectSignalChannel';
import { useProjectLiveEquipments, type ProjectLiveRef } from './useProjectLiveEquipments';

/** Equipment 7 on an online gateway reporting every second, 8 on an offline one. */
const GATEWAYS = [
  { equipmentId: 7, sn: 'EG-7', interval: 1000, online: true, vpn: false },
  { equipmentId: 8, sn: 'EG-8', interval: 5000, online: false, vpn: false },
];
const PAGE: ProjectLiveRef = {
  pageId: 22,
  projectId: 4,
  signals: [
    { id: 1, equipId: 7 },
    { id: 50, equipId: 8 },
    { id: 60, equipId: 9 },
  ],
};

let server: FakeServer;
let sockets: ReturnType<typeof fakeSockets>;
const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
const field = (body: string, name: string) => new URLSearchParams(body).get(name);

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

function render(ids: number[], page: ProjectLiveRef | null) {
  return renderHook(() => useProjectLiveEquipments(ids, page, { createSocket: sockets.create }), { wrapper });
}

beforeEach(() => {
  vi.useFakeTimers();
  server = installFakeServer({ loggedIn: true });
  server.on(PROJECT_GATEWAYS_PATH, ok(GATEWAYS));
  server.on(PROJECT_OPEN_PATH, ok(null));
  server.on(PROJECT_SIGNAL_TOKEN_PATH, ok('tok-22'));
  server.on(PROJECT_VALUES_PATH, ok({ signalVal: { '50': { value: 7, time: Date.now() - 1000, quality: 'good' } } }));
  sockets = fakeSockets();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('useProjectLiveEquipments', () => {
  it("watches the page's equipment through one session and splits the values by equipment", async () => {
    const { result, unmount } = render([7, 8], PAGE);
    await flush();
    expect(server.calls(PROJECT_SIGNAL_TOKEN_PATH).map((r) => [field(r.body, 'pageId'), field(r.body, 'dataEquip')])).toEqual([['22', '7,8']]);
    expect(server.calls(PROJECT_GATEWAYS_PATH)).toHaveLength(1);
    // The stored values of the watched equipment's signals only (60 is equipment 9's, not watched).
    expect(server.calls(PROJECT_VALUES_PATH).map((r) => field(r.body, 'dataSignal'))).toEqual(['1,50']);
    expect(server.calls(PROJECT_OPEN_PATH).map((r) => field(r.body, 'equipmentId'))).toEqual(['7']);
    expect(sockets.sockets).toHaveLength(1);
    expect(result.current.equipment[1]!.values['50']).toMatchObject({ value: 7 });

    const socket = sockets.last();
    act(() => {
      socket.open();
      socket.push({ equipmentId: 7, signalVal: { '1': { value: 3, time: Date.now(), quality: 'good' } }, gatewayAlarm: 2, signalAlarm: { '1': 1 } });
    });
    expect(result.current.equipment.map((e) => [e.equipmentId, e.status, e.staleMs, Object.keys(e.values)])).toEqual([
      [7, 'on', 3000, ['1']],
      [8, 'offline', 180_000, ['50']],
    ]);
    expect(result.current.values).toMatchObject({ '1': { value: 3 }, '50': { value: 7 } });
    expect([result.current.gatewayAlarm, result.current.signalAlarm]).toEqual([2, { '1': 1 }]);
    expect(result.current.status).toEqual({ status: 'on', notMonitored: 1, total: 2 });

    unmount();
    expect(socket.closedByClient).toBe(true);
  });

  it('asks nothing without a project', async () => {
    const { result } = render([7, 8], null);
    await flush();
    expect(server.calls(PROJECT_SIGNAL_TOKEN_PATH)).toHaveLength(0);
    expect(server.calls(PROJECT_GATEWAYS_PATH)).toHaveLength(0);
    expect(server.calls(PROJECT_VALUES_PATH)).toHaveLength(0);
    expect(result.current.equipment).toEqual([]);
    expect(result.current.status).toBeNull();
  });
});
