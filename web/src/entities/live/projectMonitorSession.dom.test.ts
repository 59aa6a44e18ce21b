/**
 * The project monitor session (spec section 4, "Project monitor"; docs/project-monitor.md): one gateway query for the
 * page's equipment, each online non-VPN gateway opened with its interval, 100 ms apart, again every 3,570,000 ms; the
 * others not monitored; frames routed to their equipment, a newer value winning; everything ends with stop().
 */
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { ProjectFrame, ProjectGateway } from '@/generated/answers';
import { ApiError, ClientErrorCode } from '@/lib/api/errors';
import { EG_GATEWAY_POLL_MS, PROJECT_OPEN_REPEAT_MS, PROJECT_OPEN_SPACING_MS } from './liveConstants';
import type { ProjectMonitorApi, ProjectOpenRequest } from './projectMonitorApi';
import { ProjectMonitorSession, type ProjectMonitorStates } from './projectMonitorSession';

const T0 = new Date('2024-05-01T08:00:00Z').getTime();
const PAGE = { pageId: 22, projectId: 4 };

const item = (equipmentId: number, patch: Partial<ProjectGateway> = {}): ProjectGateway => ({
  equipmentId,
  sn: `EG-${equipmentId}`,
  interval: equipmentId * 1000,
  online: true,
  vpn: false,
  ...patch,
});

let gateways: ProjectGateway[] | ApiError;
let openFails: Set<number>;
let api: { queryGateways: Mock<ProjectMonitorApi['queryGateways']>; openGateway: Mock<ProjectMonitorApi['openGateway']> };
let pushFrame: (frame: ProjectFrame) => void;
let channelClose: Mock<() => void>;
let session: ProjectMonitorSession;

const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);
const opens = (): ProjectOpenRequest[] => api.openGateway.mock.calls.map((call) => call[0]);
/** When each open request was made, ms after the start. */
let openedAt: number[];
const state = (equipmentId: number) => session.getState()[String(equipmentId)]!;

async function start(equipmentIds: number[]): Promise<void> {
  session = new ProjectMonitorSession(PAGE, equipmentIds, {
    api,
    openValues: (onFrame) => {
      pushFrame = onFrame;
      return { close: channelClose };
    },
  });
  session.start();
  await advance(0);
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  gateways = [item(1), item(2), item(3)];
  openFails = new Set();
  openedAt = [];
  api = {
    queryGateways: vi.fn<ProjectMonitorApi['queryGateways']>((_page, ids) =>
      gateways instanceof ApiError ? Promise.reject(gateways) : Promise.resolve(gateways.filter((g) => ids.includes(g.equipmentId))),
    ),
    openGateway: vi.fn<ProjectMonitorApi['openGateway']>((request) => {
      openedAt.push(Date.now() - T0);
      return openFails.has(request.equipmentId) ? Promise.reject(new ApiError('1207', 'offline')) : Promise.resolve(null);
    }),
  };
  channelClose = vi.fn<() => void>();
});

afterEach(() => {
  session.stop();
  vi.useRealTimers();
});

describe('ProjectMonitorSession', () => {
  it("asks the page's gateways once and opens each reachable one with its interval, 100 ms apart", async () => {
    await start([1, 2, 3]);
    expect(api.queryGateways.mock.calls).toEqual([[22, [1, 2, 3]]]);
    expect(opens()).toEqual([{ projectId: 4, equipmentId: 1, interval: 1000 }]);
    await advance(PROJECT_OPEN_SPACING_MS - 1);
    expect(opens()).toHaveLength(1);
    await advance(1);
    await advance(PROJECT_OPEN_SPACING_MS);
    expect(opens().map((o) => [o.equipmentId, o.interval])).toEqual([
      [1, 1000],
      [2, 2000],
      [3, 3000],
    ]);
    expect(openedAt).toEqual([0, PROJECT_OPEN_SPACING_MS, 2 * PROJECT_OPEN_SPACING_MS]);
    expect([1, 2, 3].map((id) => state(id).monitoring)).toEqual([true, true, true]);
  });

  it('does not open an offline, VPN or missing gateway, and says so', async () => {
    gateways = [item(1, { online: false }), item(2, { vpn: true }), item(3, { sn: null, interval: null, online: false })];
    await start([1, 2, 3]);
    await advance(PROJECT_OPEN_REPEAT_MS);
    expect(opens()).toEqual([]);
    for (const id of [1, 2, 3]) expect([state(id).monitoring, state(id).loaded]).toEqual([false, true]);
    expect(state(1).gateway?.online).toBe(false);
    expect(state(3).gateway).toBeNull();
  });

  it('opens every reachable gateway again every 3,570,000 ms, and one that comes online at once', async () => {
    gateways = [item(1), item(2, { online: false })];
    await start([1, 2]);
    expect(opens().map((o) => o.equipmentId)).toEqual([1]);
    // Equipment 2's gateway comes online: the next status poll opens it without waiting for the repeat.
    gateways = [item(1), item(2)];
    await advance(EG_GATEWAY_POLL_MS);
    expect(opens().map((o) => o.equipmentId)).toEqual([1, 2]);
    expect(state(2).monitoring).toBe(true);
    await advance(PROJECT_OPEN_REPEAT_MS - EG_GATEWAY_POLL_MS - 1);
    expect(opens()).toHaveLength(2);
    await advance(1 + PROJECT_OPEN_SPACING_MS);
    expect(opens().map((o) => o.equipmentId)).toEqual([1, 2, 1, 2]);
    expect(openedAt.slice(2)).toEqual([PROJECT_OPEN_REPEAT_MS, PROJECT_OPEN_REPEAT_MS + PROJECT_OPEN_SPACING_MS]);
  });

  it('turns monitoring off where the open call fails, and tries again at the repeat', async () => {
    openFails.add(2);
    await start([1, 2]);
    await advance(PROJECT_OPEN_SPACING_MS);
    expect([state(1).monitoring, state(2).monitoring, state(2).loaded]).toEqual([true, false, true]);
    openFails.clear();
    await advance(PROJECT_OPEN_REPEAT_MS);
    expect(state(2).monitoring).toBe(true);
  });

  it('keeps the last gateways when the query fails, and asks again at the next poll', async () => {
    await start([1]);
    gateways = new ApiError(ClientErrorCode.Network, 'network');
    await advance(EG_GATEWAY_POLL_MS);
    expect(state(1).gateway?.sn).toBe('EG-1');
    gateways = [item(1, { online: false })];
    await advance(EG_GATEWAY_POLL_MS);
    expect([state(1).gateway?.online, state(1).monitoring]).toEqual([false, false]);
  });

  it('routes each frame to its equipment, a newer value winning, and ignores other equipment', async () => {
    await start([1, 2]);
    const seen: ProjectMonitorStates[] = [];
    session.subscribe((states) => seen.push(states));
    pushFrame({ equipmentId: 2, signalVal: { '20': { value: 5, time: T0 + 10, quality: 'good' } }, gatewayAlarm: 3, signalAlarm: { '20': 1 } });
    pushFrame({ equipmentId: 2, signalVal: { '20': { value: 4, time: T0 + 5, quality: 'good' } }, gatewayAlarm: 1, signalAlarm: {} });
    pushFrame({ equipmentId: 9, signalVal: { '90': { value: 1, time: T0, quality: 'good' } }, gatewayAlarm: 7, signalAlarm: {} });
    expect(state(2).values['20']?.value).toBe(5);
    expect([state(2).gatewayAlarm, state(2).loaded]).toEqual([1, true]);
    expect(state(1).values).toEqual({});
    expect(session.getState()['9']).toBeUndefined();
    expect(seen).toHaveLength(2);
  });

  it('stops for good: the channel closes and no call is made after', async () => {
    await start([1, 2]);
    session.stop();
    expect(channelClose).toHaveBeenCalledTimes(1);
    const calls = api.queryGateways.mock.calls.length + api.openGateway.mock.calls.length;
    await advance(PROJECT_OPEN_REPEAT_MS * 2);
    expect(api.queryGateways.mock.calls.length + api.openGateway.mock.calls.length).toBe(calls);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('runs nothing for a page without equipment', async () => {
    await start([]);
    expect(api.queryGateways).not.toHaveBeenCalled();
  });
});
