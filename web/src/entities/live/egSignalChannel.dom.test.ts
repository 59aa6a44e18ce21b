import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EgFrame } from '@/generated/answers';
import { fail, installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { fakeSockets } from './fakeSocket';
import {
  EG_SIGNAL_TOKEN_PATH,
  egSignalSocketPath,
  openEgSignalChannel,
  parseEgSignalFrame,
} from './egSignalChannel';
import type { LiveChannel } from './liveChannel';
import { EG_MONITOR_IDLE_TEXT, LIVE_IDLE_PING_MS, LIVE_RETRY_MS } from './liveConstants';

const good = {
  signalVal: {
    s1: { value: 12.5, time: 1_700_000_000_000, quality: 'good' },
    s2: { value: null, time: 1_700_000_000_500, quality: 'bad' },
  },
  gatewayAlarm: 2,
  signalAlarm: { s1: 1 },
};

describe('parseEgSignalFrame', () => {
  it('accepts a well-formed frame and keeps only the known fields', () => {
    const frame = parseEgSignalFrame({ ...good, extra: 'x', signalVal: { s1: { ...good.signalVal.s1, unit: '°C' } } });
    expect(frame).toEqual({
      signalVal: { s1: { value: 12.5, time: 1_700_000_000_000, quality: 'good' } },
      gatewayAlarm: 2,
      signalAlarm: { s1: 1 },
    });
  });

  it('accepts empty maps', () => {
    expect(parseEgSignalFrame({ signalVal: {}, gatewayAlarm: 0, signalAlarm: {} })).toEqual({
      signalVal: {},
      gatewayAlarm: 0,
      signalAlarm: {},
    });
  });

  it.each([
    ['null', null],
    ['a string', 'eg monitor idle'],
    ['an array', [good]],
    ['a message frame', { type: 'message', data: {} }],
    ['no signalVal', { gatewayAlarm: 0, signalAlarm: {} }],
    ['no gatewayAlarm', { signalVal: {}, signalAlarm: {} }],
    ['no signalAlarm', { signalVal: {}, gatewayAlarm: 0 }],
    ['signalVal an array', { ...good, signalVal: [] }],
    ['gatewayAlarm a string', { ...good, gatewayAlarm: '2' }],
    ['gatewayAlarm NaN-like', { ...good, gatewayAlarm: Number.NaN }],
    ['a signal alarm not a number', { ...good, signalAlarm: { s1: 'x' } }],
    ['a value entry not an object', { ...good, signalVal: { s1: 3 } }],
    ['a value that is a string', { ...good, signalVal: { s1: { value: '3', time: 1, quality: 'good' } } }],
    ['a value without time', { ...good, signalVal: { s1: { value: 3, quality: 'good' } } }],
    ['a value with a string time', { ...good, signalVal: { s1: { value: 3, time: '1', quality: 'good' } } }],
    ['an unknown quality', { ...good, signalVal: { s1: { value: 3, time: 1, quality: 'ok' } } }],
  ])('drops a frame with %s', (_, data) => {
    expect(parseEgSignalFrame(data)).toBeNull();
  });

  it("keeps a bad value's device error code, and ignores one on a good value or one that is unreadable", () => {
    const frame = parseEgSignalFrame({
      ...good,
      signalVal: {
        a: { value: 1, time: 1, quality: 'bad', code: 1715 },
        b: { value: 1, time: 1, quality: 'bad', code: '99902' },
        c: { value: 1, time: 1, quality: 'good', code: '1715' },
        d: { value: 1, time: 1, quality: 'bad', code: { x: 1 } },
      },
    });
    expect(frame?.signalVal).toEqual({
      a: { value: 1, time: 1, quality: 'bad', code: '1715' },
      b: { value: 1, time: 1, quality: 'bad', code: '99902' },
      c: { value: 1, time: 1, quality: 'good' },
      d: { value: 1, time: 1, quality: 'bad' },
    });
  });

  it('drops the whole frame when one entry among good ones is malformed', () => {
    const data = { ...good, signalVal: { ...good.signalVal, s3: { value: 1, time: 1 } } };
    expect(parseEgSignalFrame(data)).toBeNull();
  });
});

describe('openEgSignalChannel (spec section 7)', () => {
  let server: FakeServer;
  let factory: ReturnType<typeof fakeSockets>;
  let frames: EgFrame[];
  let channel: LiveChannel | undefined;

  beforeEach(() => {
    vi.useFakeTimers();
    server = installFakeServer({ loggedIn: true });
    let issued = 0;
    server.on(EG_SIGNAL_TOKEN_PATH, () => ok(`tok-${++issued}`));
    factory = fakeSockets();
    frames = [];
  });

  afterEach(() => {
    channel?.close();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const open = () => {
    channel = openEgSignalChannel({ equipmentId: 42, onFrame: (frame) => frames.push(frame), createSocket: factory.create });
  };

  it('asks for a token with the equipment id and subscribes with it', async () => {
    open();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls(EG_SIGNAL_TOKEN_PATH).map((r) => r.body)).toEqual(['equipmentId=42']);
    expect(factory.last().url).toBe(`ws://${window.location.host}/lfscada/ws/eg/signal/subscribe/tok-1`);
  });

  it('sends "eg monitor idle" every minute', async () => {
    open();
    await vi.advanceTimersByTimeAsync(0);
    factory.last().open();
    await vi.advanceTimersByTimeAsync(LIVE_IDLE_PING_MS);
    expect(factory.last().sent).toEqual([EG_MONITOR_IDLE_TEXT]);
    expect(EG_MONITOR_IDLE_TEXT).toBe('eg monitor idle');
  });

  it('passes on well-formed frames only', async () => {
    open();
    await vi.advanceTimersByTimeAsync(0);
    const socket = factory.last();
    socket.open();
    socket.push({ gatewayAlarm: 'x' });
    socket.push(good);
    socket.push('not json');
    expect(frames).toEqual([good]);
  });

  it('retries a refused token request, and one whose answer carries no token', async () => {
    server.on(EG_SIGNAL_TOKEN_PATH, fail('1010', '未登录'));
    open();
    await vi.advanceTimersByTimeAsync(0);
    server.on(EG_SIGNAL_TOKEN_PATH, ok(null));
    await vi.advanceTimersByTimeAsync(LIVE_RETRY_MS);
    server.on(EG_SIGNAL_TOKEN_PATH, ok('fresh'));
    await vi.advanceTimersByTimeAsync(LIVE_RETRY_MS);
    expect(server.calls(EG_SIGNAL_TOKEN_PATH)).toHaveLength(3);
    expect(factory.sockets.map((s) => s.url)).toEqual([`ws://${window.location.host}/lfscada/ws/eg/signal/subscribe/fresh`]);
  });

  it('escapes the token in the path', () => {
    expect(egSignalSocketPath('a/b?c')).toBe('/lfscada/ws/eg/signal/subscribe/a%2Fb%3Fc');
  });
});
