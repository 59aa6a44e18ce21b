import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { EgFrame, Gateway, LiveValue } from '@/generated/answers';
import { ApiError, ClientErrorCode } from '@/lib/api/errors';
import { gatewayAnswer as completeGateway } from '@/test/answers';
import { trackActivity, type ActivityTracker } from './activity';
import type { EgMonitorApi, EgOpenRequest } from './egMonitorApi';
import {
  EgMonitorSession,
  INITIAL_EG_MONITOR_STATE,
  mergeSignalValues,
  type EgMonitorState,
} from './egMonitorSession';
import { parseEgSignalFrame } from './egSignalChannel';
import { fakeSockets } from './fakeSocket';
import { openLiveChannel } from './liveChannel';
import {
  ACTIVITY_IDLE_MS,
  EG_GATEWAY_POLL_MS,
  EG_OPEN_REPEAT_MS,
  LIVE_RETRY_MS,
  NO_GATEWAY_CODE,
} from './liveConstants';

const T0 = new Date('2024-05-01T08:00:00Z').getTime();
const EQUIPMENT = 42;

const gateway = (patch: Partial<Gateway> = {}): Gateway =>
  completeGateway({
    sn: 'EG-0001',
    online: true,
    vpn: false,
    interval: 5_000,
    economizeOpen: false,
    signalStrength: 80,
    model: 'EG-100',
    firmware: '1.2.3',
    lastSeenMs: T0,
    gmtCreate: T0,
    ...patch,
  });

const noGateway = () => new ApiError(NO_GATEWAY_CODE, '暂无网关或报警数据');
const networkDown = () => new ApiError(ClientErrorCode.Network, 'network');

const value = (v: number | null, time: number, quality: LiveValue['quality'] = 'good'): LiveValue => ({
  value: v,
  time,
  quality,
});

const frame = (patch: Partial<EgFrame> = {}): EgFrame => ({
  signalVal: {},
  gatewayAlarm: 0,
  signalAlarm: {},
  ...patch,
});

/** What the fake API answers next; tests change these between polls. */
let gatewayAnswer: () => Promise<Gateway>;
let openAnswer: () => Promise<unknown>;
let api: { fetchGatewayInfo: Mock<EgMonitorApi['fetchGatewayInfo']>; openMonitor: Mock<EgMonitorApi['openMonitor']> };
let activityTarget: EventTarget;
let activity: ActivityTracker;
let pushFrame: (frame: EgFrame) => void;
let channelClose: Mock<() => void>;
let session: EgMonitorSession;
let emitted: EgMonitorState[];

const answerGateway = (info: Gateway | ApiError) => {
  gatewayAnswer = () => (info instanceof ApiError ? Promise.reject(info) : Promise.resolve(info));
};
const answerOpen = (outcome: 'ok' | ApiError) => {
  openAnswer = () => (outcome === 'ok' ? Promise.resolve(null) : Promise.reject(outcome));
};

const state = () => session.getState();
const opens = (): EgOpenRequest[] => api.openMonitor.mock.calls.map((call) => call[0]);
/** Moves the clock and lets every answer that became due settle. */
const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);
/** Mouse or key activity now. */
const operatorActs = () => activityTarget.dispatchEvent(new Event('mousemove'));

async function startSession(): Promise<void> {
  activity = trackActivity({ target: activityTarget });
  session = new EgMonitorSession(EQUIPMENT, {
    api,
    activity,
    openValues: (onFrame) => {
      pushFrame = onFrame;
      return { close: channelClose };
    },
  });
  session.subscribe((next) => emitted.push(next));
  session.start();
  await advance(0);
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  answerGateway(gateway());
  answerOpen('ok');
  api = {
    fetchGatewayInfo: vi.fn<EgMonitorApi['fetchGatewayInfo']>(() => gatewayAnswer()),
    openMonitor: vi.fn<EgMonitorApi['openMonitor']>(() => openAnswer()),
  };
  activityTarget = new EventTarget();
  channelClose = vi.fn<() => void>();
  emitted = [];
});

afterEach(() => {
  session?.stop();
  activity?.dispose();
  vi.useRealTimers();
});

describe('EgMonitorSession: start', () => {
  it('starts with monitoring on and nothing loaded', () => {
    expect(INITIAL_EG_MONITOR_STATE).toEqual({
      monitoring: true,
      loaded: false,
      gateway: null,
      gatewayAlarm: 0,
      values: {},
      signalAlarm: {},
    });
    session = new EgMonitorSession(EQUIPMENT, {
      api,
      activity: trackActivity({ target: new EventTarget() }),
      openValues: () => ({ close: () => undefined }),
    });
    expect(session.getState()).toBe(INITIAL_EG_MONITOR_STATE);
    expect(api.fetchGatewayInfo).not.toHaveBeenCalled();
  });

  it('fetches the gateway status at once and opens the values channel', async () => {
    await startSession();
    expect(api.fetchGatewayInfo).toHaveBeenCalledWith(EQUIPMENT);
    expect(pushFrame).toBeTypeOf('function');
    expect(state().gateway).toEqual(gateway());
  });

  it('opens monitoring at once with the gateway interval when the gateway is online', async () => {
    answerGateway(gateway({ interval: 3_000 }));
    await startSession();
    expect(opens()).toEqual([{ equipmentId: EQUIPMENT, interval: 3_000 }]);
    expect(state()).toMatchObject({ monitoring: true, loaded: false });
  });

  it('does nothing more when started twice', async () => {
    await startSession();
    session.start();
    await advance(0);
    expect(api.fetchGatewayInfo).toHaveBeenCalledTimes(1);
    expect(api.openMonitor).toHaveBeenCalledTimes(1);
  });
});

describe('EgMonitorSession: monitoring turns off (spec section 4)', () => {
  it('when the gateway is offline: no open call, and loading ends', async () => {
    answerGateway(gateway({ online: false }));
    await startSession();
    expect(api.openMonitor).not.toHaveBeenCalled();
    expect(state()).toMatchObject({ monitoring: false, loaded: true, gateway: gateway({ online: false }) });
  });

  it('when the gateway is in VPN mode', async () => {
    answerGateway(gateway({ vpn: true }));
    await startSession();
    expect(api.openMonitor).not.toHaveBeenCalled();
    expect(state()).toMatchObject({ monitoring: false, loaded: true });
  });

  it('when the open call fails, and loading ends', async () => {
    answerOpen(new ApiError('1301', '通信超时'));
    await startSession();
    expect(api.openMonitor).toHaveBeenCalledTimes(1);
    expect(state()).toMatchObject({ monitoring: false, loaded: true });
  });

  it('when the gateway goes offline later, and the open stops repeating', async () => {
    await startSession();
    answerGateway(gateway({ online: false }));
    await advance(EG_GATEWAY_POLL_MS);
    expect(state().monitoring).toBe(false);
    await advance(EG_OPEN_REPEAT_MS);
    expect(api.openMonitor).toHaveBeenCalledTimes(1);
  });

  it('comes back on with an immediate open when the gateway is reachable again', async () => {
    answerGateway(gateway({ vpn: true }));
    await startSession();
    answerGateway(gateway());
    await advance(EG_GATEWAY_POLL_MS);
    expect(api.openMonitor).toHaveBeenCalledTimes(1);
    expect(state().monitoring).toBe(true);
    // …and the repeat runs from that open.
    await advance(EG_OPEN_REPEAT_MS - 1);
    expect(api.openMonitor).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(api.openMonitor).toHaveBeenCalledTimes(2);
  });

  it('ignores a late open success that arrives after the gateway went offline', async () => {
    let succeed: (value: unknown) => void = () => undefined;
    openAnswer = () => new Promise((resolve) => (succeed = resolve));
    await startSession();
    answerGateway(gateway({ online: false }));
    await advance(EG_GATEWAY_POLL_MS);
    succeed(null);
    await advance(0);
    expect(state().monitoring).toBe(false);
  });
});

describe('EgMonitorSession: gateway code 2001 (no gateway bound)', () => {
  it('clears the gateway and the alarm count, and ends loading', async () => {
    await startSession();
    pushFrame(frame({ gatewayAlarm: 5 }));
    expect(state().gatewayAlarm).toBe(5);
    answerGateway(noGateway());
    await advance(EG_GATEWAY_POLL_MS);
    expect(state()).toMatchObject({ gateway: null, gatewayAlarm: 0, monitoring: false, loaded: true });
  });

  it('on the first answer: nothing is opened', async () => {
    answerGateway(noGateway());
    await startSession();
    expect(api.openMonitor).not.toHaveBeenCalled();
    expect(state()).toMatchObject({ gateway: null, monitoring: false, loaded: true });
    await advance(EG_OPEN_REPEAT_MS);
    expect(api.openMonitor).not.toHaveBeenCalled();
  });

  it('opens once a gateway is bound later', async () => {
    answerGateway(noGateway());
    await startSession();
    answerGateway(gateway());
    await advance(EG_GATEWAY_POLL_MS);
    expect(api.openMonitor).toHaveBeenCalledTimes(1);
    expect(state()).toMatchObject({ gateway: gateway(), monitoring: true });
  });

  it('other failures keep the last known gateway and end loading; polling goes on', async () => {
    await startSession();
    answerGateway(networkDown());
    await advance(EG_GATEWAY_POLL_MS);
    expect(state()).toMatchObject({ gateway: gateway(), monitoring: true, loaded: true });
    answerGateway(gateway({ signalStrength: 40 }));
    await advance(EG_GATEWAY_POLL_MS);
    expect(state().gateway?.signalStrength).toBe(40);
    expect(api.openMonitor).toHaveBeenCalledTimes(1);
  });

  it('a failed first status leaves monitoring as it started', async () => {
    answerGateway(networkDown());
    await startSession();
    expect(state()).toMatchObject({ gateway: null, monitoring: true, loaded: true });
    expect(api.openMonitor).not.toHaveBeenCalled();
  });
});

describe('EgMonitorSession: timing (spec section 9)', () => {
  it('polls the gateway status every 60,000 ms', async () => {
    await startSession();
    await advance(EG_GATEWAY_POLL_MS - 1);
    expect(api.fetchGatewayInfo).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(api.fetchGatewayInfo).toHaveBeenCalledTimes(2);
    await advance(EG_GATEWAY_POLL_MS * 3);
    expect(api.fetchGatewayInfo).toHaveBeenCalledTimes(5);
  });

  it('counts the next poll from the answer, so slow answers never overlap', async () => {
    let answer: (info: Gateway) => void = () => undefined;
    gatewayAnswer = () => new Promise((resolve) => (answer = resolve));
    await startSession();
    await advance(90_000);
    expect(api.fetchGatewayInfo).toHaveBeenCalledTimes(1);
    answer(gateway());
    await advance(EG_GATEWAY_POLL_MS - 1);
    expect(api.fetchGatewayInfo).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(api.fetchGatewayInfo).toHaveBeenCalledTimes(2);
  });

  it('repeats the open call every 580,000 ms, not on every status poll', async () => {
    await startSession();
    await advance(EG_OPEN_REPEAT_MS - 1);
    expect(api.openMonitor).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(api.openMonitor).toHaveBeenCalledTimes(2);
    await advance(EG_OPEN_REPEAT_MS);
    expect(api.openMonitor).toHaveBeenCalledTimes(3);
  });

  it('sends the latest interval with each repeat', async () => {
    await startSession();
    answerGateway(gateway({ interval: 1_000 }));
    await advance(EG_OPEN_REPEAT_MS);
    expect(opens().map((o) => o.interval)).toEqual([5_000, 1_000]);
  });

  it('tries a failed open again at the next repeat, and a success turns monitoring back on', async () => {
    answerOpen(new ApiError('90099', '未知异常'));
    await startSession();
    expect(state().monitoring).toBe(false);
    answerOpen('ok');
    await advance(EG_OPEN_REPEAT_MS);
    expect(api.openMonitor).toHaveBeenCalledTimes(2);
    expect(state().monitoring).toBe(true);
  });
});

describe('EgMonitorSession: economize mode and operator activity (spec section 4)', () => {
  it('skips the repeat when nobody has acted for 120 s, then opens at once on activity', async () => {
    answerGateway(gateway({ economizeOpen: true }));
    await startSession();
    await advance(EG_OPEN_REPEAT_MS);
    expect(api.openMonitor).toHaveBeenCalledTimes(1);
    expect(state().monitoring).toBe(false);
    // However long the operator stays away, nothing is opened.
    await advance(EG_OPEN_REPEAT_MS * 3);
    expect(api.openMonitor).toHaveBeenCalledTimes(1);
    operatorActs();
    await advance(0);
    expect(api.openMonitor).toHaveBeenCalledTimes(2);
    expect(state().monitoring).toBe(true);
    // The repeat restarts from the activity-triggered open.
    await advance(EG_OPEN_REPEAT_MS - 1);
    expect(api.openMonitor).toHaveBeenCalledTimes(2);
    operatorActs();
    await advance(1);
    expect(api.openMonitor).toHaveBeenCalledTimes(3);
  });

  it('treats exactly 120,000 ms without activity as away, and one ms less as present', async () => {
    answerGateway(gateway({ economizeOpen: true }));
    await startSession();
    await advance(EG_OPEN_REPEAT_MS - ACTIVITY_IDLE_MS + 1);
    operatorActs(); // 119,999 ms before the repeat
    await advance(ACTIVITY_IDLE_MS - 1);
    expect(api.openMonitor).toHaveBeenCalledTimes(2);

    await advance(EG_OPEN_REPEAT_MS - ACTIVITY_IDLE_MS);
    operatorActs(); // exactly 120,000 ms before the next repeat
    await advance(ACTIVITY_IDLE_MS);
    expect(api.openMonitor).toHaveBeenCalledTimes(2);
    expect(state().monitoring).toBe(false);
  });

  it('keeps repeating for an operator who keeps working', async () => {
    answerGateway(gateway({ economizeOpen: true }));
    await startSession();
    for (let minute = 1; minute <= 20; minute++) {
      await advance(60_000);
      operatorActs();
    }
    expect(api.openMonitor).toHaveBeenCalledTimes(3); // at 0, 580 s and 1,160 s
    expect(state().monitoring).toBe(true);
  });

  it('repeats regardless of activity when economize mode is off', async () => {
    await startSession();
    await advance(EG_OPEN_REPEAT_MS * 2);
    expect(api.openMonitor).toHaveBeenCalledTimes(3);
    expect(state().monitoring).toBe(true);
  });

  it('does not open on activity when no open is waiting for it', async () => {
    answerGateway(gateway({ economizeOpen: true }));
    await startSession();
    await advance(5_000);
    operatorActs();
    await advance(0);
    expect(api.openMonitor).toHaveBeenCalledTimes(1);
  });

  it('waits for activity when the gateway comes back while the operator is away', async () => {
    answerGateway(gateway({ economizeOpen: true, online: false }));
    await startSession();
    await advance(ACTIVITY_IDLE_MS); // offline at 60 s and 120 s; the operator is away from 120 s on
    answerGateway(gateway({ economizeOpen: true }));
    await advance(EG_GATEWAY_POLL_MS); // online at 180 s
    expect(state().gateway?.online).toBe(true);
    expect(api.openMonitor).not.toHaveBeenCalled();
    operatorActs();
    await advance(0);
    expect(api.openMonitor).toHaveBeenCalledTimes(1);
  });

  it('does not open on activity once the gateway went offline meanwhile', async () => {
    answerGateway(gateway({ economizeOpen: true }));
    await startSession();
    await advance(EG_OPEN_REPEAT_MS); // skipped: away
    answerGateway(gateway({ economizeOpen: true, online: false }));
    await advance(EG_GATEWAY_POLL_MS);
    operatorActs();
    await advance(0);
    expect(api.openMonitor).toHaveBeenCalledTimes(1);
  });

  it('opens without waiting for activity once economize mode is switched off', async () => {
    answerGateway(gateway({ economizeOpen: true }));
    await startSession();
    await advance(EG_OPEN_REPEAT_MS); // skipped: away
    answerGateway(gateway({ economizeOpen: false }));
    await advance(EG_GATEWAY_POLL_MS);
    expect(api.openMonitor).toHaveBeenCalledTimes(2);
    expect(state().monitoring).toBe(true);
  });

  it('reads economize mode from the latest status', async () => {
    await startSession();
    answerGateway(gateway({ economizeOpen: true }));
    await advance(EG_OPEN_REPEAT_MS);
    expect(api.openMonitor).toHaveBeenCalledTimes(1);
    expect(state().monitoring).toBe(false);
  });
});

describe('EgMonitorSession: values', () => {
  it('loading ends with the first frame', async () => {
    await startSession();
    expect(state().loaded).toBe(false);
    pushFrame(frame());
    expect(state().loaded).toBe(true);
  });

  it('takes alarm counts from the latest frame and merges values by time', async () => {
    await startSession();
    pushFrame(frame({ signalVal: { a: value(1, 100), b: value(2, 100) }, gatewayAlarm: 3, signalAlarm: { a: 1 } }));
    pushFrame(frame({ signalVal: { a: value(10, 200) }, gatewayAlarm: 1, signalAlarm: { b: 2 } }));
    expect(state()).toMatchObject({
      values: { a: value(10, 200), b: value(2, 100) },
      gatewayAlarm: 1,
      signalAlarm: { b: 2 },
    });
  });

  it('never lets an older value replace a newer one', async () => {
    await startSession();
    pushFrame(frame({ signalVal: { a: value(10, 200) } }));
    pushFrame(frame({ signalVal: { a: value(1, 199, 'bad'), b: value(5, 50) } }));
    expect(state().values).toEqual({ a: value(10, 200), b: value(5, 50) });
  });

  it('lets a value with the same time replace the one held (a resend may correct it)', async () => {
    await startSession();
    pushFrame(frame({ signalVal: { a: value(10, 200) } }));
    pushFrame(frame({ signalVal: { a: value(null, 200, 'bad') } }));
    expect(state().values.a).toEqual(value(null, 200, 'bad'));
  });

  it('mergeSignalValues keeps the same object when nothing is newer', () => {
    const held = { a: value(1, 100) };
    expect(mergeSignalValues(held, { a: value(0, 99) })).toBe(held);
    expect(mergeSignalValues(held, {})).toBe(held);
    expect(mergeSignalValues(held, { b: value(2, 1) })).not.toBe(held);
    expect(held).toEqual({ a: value(1, 100) });
  });

  it('works over a real live channel: frames pushed on the socket reach the state', async () => {
    const sockets = fakeSockets();
    activity = trackActivity({ target: activityTarget });
    session = new EgMonitorSession(EQUIPMENT, {
      api,
      activity,
      openValues: (onFrame) =>
        openLiveChannel({
          requestToken: async () => 'tok',
          socketPath: (token) => `/lfscada/ws/eg/signal/subscribe/${token}`,
          idleText: 'eg monitor idle',
          onMessage: (data) => {
            const parsed = parseEgSignalFrame(data);
            if (parsed) onFrame(parsed);
          },
          createSocket: sockets.create,
        }),
    });
    session.start();
    await advance(0);
    const socket = sockets.last();
    socket.open();
    socket.push({ signalVal: { s1: { value: 7, time: 1, quality: 'good' } }, gatewayAlarm: 0, signalAlarm: {} });
    socket.push({ signalVal: 'garbage' });
    expect(state()).toMatchObject({ loaded: true, values: { s1: value(7, 1) } });
    session.stop();
    expect(socket.closedByClient).toBe(true);
    await advance(LIVE_RETRY_MS * 2);
    expect(sockets.sockets).toHaveLength(1);
  });
});

describe('EgMonitorSession: subscribe and stop', () => {
  it('emits every new state to subscribers until they unsubscribe', async () => {
    await startSession();
    const seen: EgMonitorState[] = [];
    const unsubscribe = session.subscribe((next) => seen.push(next));
    pushFrame(frame({ gatewayAlarm: 1 }));
    unsubscribe();
    pushFrame(frame({ gatewayAlarm: 2 }));
    expect(seen.map((s) => s.gatewayAlarm)).toEqual([1]);
    expect(emitted.at(-1)).toBe(state());
  });

  it('stop() ends polling, repeats, the channel and the activity subscription', async () => {
    answerGateway(gateway({ economizeOpen: true }));
    await startSession();
    await advance(EG_OPEN_REPEAT_MS); // now waiting for activity
    const polls = api.fetchGatewayInfo.mock.calls.length;
    session.stop();
    expect(channelClose).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
    operatorActs();
    await advance(EG_OPEN_REPEAT_MS * 2);
    expect(api.fetchGatewayInfo).toHaveBeenCalledTimes(polls);
    expect(api.openMonitor).toHaveBeenCalledTimes(1);
  });

  it('ignores answers and frames that arrive after stop()', async () => {
    let answer: (info: Gateway) => void = () => undefined;
    gatewayAnswer = () => new Promise((resolve) => (answer = resolve));
    await startSession();
    const before = emitted.length;
    session.stop();
    answer(gateway());
    pushFrame(frame({ gatewayAlarm: 9 }));
    await advance(EG_GATEWAY_POLL_MS * 2);
    expect(api.openMonitor).not.toHaveBeenCalled();
    expect(emitted).toHaveLength(before);
    expect(state().gatewayAlarm).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ignores a failed open that settles after stop()', async () => {
    let reject: (error: unknown) => void = () => undefined;
    openAnswer = () => new Promise((_, fail) => (reject = fail));
    await startSession();
    session.stop();
    reject(new ApiError('90099', 'x'));
    await advance(0);
    expect(state()).toMatchObject({ monitoring: true, loaded: false });
  });
});
