import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { BOUND_GATEWAY_PATH } from '@/entities/gateways/api';
import { EG_OPEN_PATH, type EquipmentId } from './egMonitorApi';
import { INITIAL_EG_MONITOR_STATE } from './egMonitorSession';
import { EG_SIGNAL_TOKEN_PATH } from './egSignalChannel';
import { fakeSockets } from './fakeSocket';
import { ACTIVITY_THROTTLE_MS, EG_OPEN_REPEAT_MS } from './liveConstants';
import { useEgMonitorSession } from './useEgMonitorSession';

const gatewayInfo = { sn: 'EG-1', online: true, vpn: false, interval: 5000, economizeOpen: false };
const pushed = (signalId: string, value: number) => ({
  signalVal: { [signalId]: { value, time: Date.now(), quality: 'good' } },
  gatewayAlarm: 1,
  signalAlarm: {},
});

let server: FakeServer;
let sockets: ReturnType<typeof fakeSockets>;

const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

function render(initial: EquipmentId | undefined) {
  return renderHook(({ id }: { id: EquipmentId | undefined }) => useEgMonitorSession(id, { createSocket: sockets.create }), {
    initialProps: { id: initial },
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  server = installFakeServer({ loggedIn: true });
  server.on(BOUND_GATEWAY_PATH, ok(gatewayInfo));
  server.on(EG_OPEN_PATH, ok(null));
  let issued = 0;
  server.on(EG_SIGNAL_TOKEN_PATH, () => ok(`tok-${++issued}`));
  sockets = fakeSockets();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('useEgMonitorSession', () => {
  it('does nothing without an equipment id', async () => {
    const { result } = render(undefined);
    await flush();
    expect(result.current).toBe(INITIAL_EG_MONITOR_STATE);
    expect(server.requests).toHaveLength(0);
  });

  it('runs a session: status, open with delay 600, values from the socket', async () => {
    const { result } = render(42);
    await flush();
    expect(server.calls(BOUND_GATEWAY_PATH).map((r) => r.body)).toEqual(['equipmentId=42']);
    expect(server.calls(EG_OPEN_PATH).map((r) => r.body)).toEqual(['interval=5000&delay=600&equipmentId=42']);
    expect(server.calls(EG_SIGNAL_TOKEN_PATH).map((r) => r.body)).toEqual(['equipmentId=42']);
    expect(result.current).toMatchObject({ monitoring: true, loaded: false, gateway: gatewayInfo });
    const socket = sockets.last();
    act(() => {
      socket.open();
      socket.push(pushed('s1', 3));
    });
    expect(result.current).toMatchObject({ loaded: true, gatewayAlarm: 1, values: { s1: { value: 3 } } });
  });

  it('clears the gateway on 2001', async () => {
    server.on(BOUND_GATEWAY_PATH, fail('2001', '暂无网关或报警数据'));
    const { result } = render(42);
    await flush();
    expect(result.current).toMatchObject({ gateway: null, monitoring: false, loaded: true });
    expect(server.calls(EG_OPEN_PATH)).toHaveLength(0);
  });

  it('starts afresh when the equipment changes, and stops the old session', async () => {
    const { result, rerender } = render(1);
    await flush();
    const first = sockets.last();
    act(() => {
      first.open();
      first.push(pushed('old', 1));
    });
    rerender({ id: 2 });
    expect(result.current).toBe(INITIAL_EG_MONITOR_STATE);
    expect(first.closedByClient).toBe(true);
    await flush();
    expect(server.calls(BOUND_GATEWAY_PATH).map((r) => r.body)).toEqual(['equipmentId=1', 'equipmentId=2']);
    expect(result.current.values).toEqual({});
  });

  it('stops everything on unmount', async () => {
    const { unmount } = render(42);
    await flush();
    const requests = server.requests.length;
    unmount();
    expect(sockets.last().closedByClient).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(EG_OPEN_REPEAT_MS));
    expect(server.requests).toHaveLength(requests);
  });

  it('re-opens an economizing gateway when the window sees activity again', async () => {
    server.on(BOUND_GATEWAY_PATH, ok({ ...gatewayInfo, economizeOpen: true }));
    const { result } = render(42);
    await flush();
    await act(() => vi.advanceTimersByTimeAsync(EG_OPEN_REPEAT_MS));
    expect(server.calls(EG_OPEN_PATH)).toHaveLength(1);
    expect(result.current.monitoring).toBe(false);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ACTIVITY_THROTTLE_MS);
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(server.calls(EG_OPEN_PATH)).toHaveLength(2);
    expect(result.current.monitoring).toBe(true);
  });
});
