import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket, fakeSockets } from './fakeSocket';
import { liveSocketUrl, openLiveChannel, type LiveChannel, type LiveChannelStatus } from './liveChannel';
import { LIVE_IDLE_PING_MS, LIVE_RETRY_MS } from './liveConstants';

const IDLE = 'test idle';
const pagePrefix = () => `ws://${window.location.host}`;

let factory: ReturnType<typeof fakeSockets>;
let tokens: number;
let requestToken: ReturnType<typeof vi.fn<() => Promise<string>>>;
let messages: unknown[];
let statuses: LiveChannelStatus[];
let channel: LiveChannel | undefined;

/** Opens a channel with the fakes; tokens are t1, t2, ... unless the test replaces requestToken's answers. */
function open(): LiveChannel {
  channel = openLiveChannel({
    requestToken,
    socketPath: (token) => `/ws/test/${token}`,
    idleText: IDLE,
    onMessage: (data) => messages.push(data),
    onStatusChange: (status) => statuses.push(status),
    createSocket: factory.create,
  });
  return channel;
}

/** Lets the pending token promise settle without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  factory = fakeSockets();
  tokens = 0;
  requestToken = vi.fn(() => Promise.resolve(`t${++tokens}`));
  messages = [];
  statuses = [];
  channel = undefined;
});

afterEach(() => {
  channel?.close();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('liveSocketUrl: same host as the page (spec section 7)', () => {
  it('uses wss: on https pages', () => {
    expect(liveSocketUrl('/lfscada/ws/x/t', { protocol: 'https:', host: 'scada.example.com' })).toBe(
      'wss://scada.example.com/lfscada/ws/x/t',
    );
  });

  it('uses ws: otherwise and keeps the port', () => {
    expect(liveSocketUrl('/lfscada/ws/x/t', { protocol: 'http:', host: '10.0.0.5:8080' })).toBe(
      'ws://10.0.0.5:8080/lfscada/ws/x/t',
    );
  });

  it('reads the current page by default and adds a missing leading slash', () => {
    expect(liveSocketUrl('a/b')).toBe(`${pagePrefix()}/a/b`);
  });
});

describe('openLiveChannel: connecting', () => {
  it('requests a token at once, then opens the socket at the token path', async () => {
    open();
    expect(requestToken).toHaveBeenCalledTimes(1);
    expect(statuses).toEqual(['connecting']);
    await settle();
    expect(factory.sockets.map((s) => s.url)).toEqual([`${pagePrefix()}/ws/test/t1`]);
    factory.last().open();
    expect(statuses).toEqual(['connecting', 'open']);
  });

  it('uses the browser WebSocket when no createSocket is given', async () => {
    const made: string[] = [];
    vi.stubGlobal(
      'WebSocket',
      class extends FakeSocket {
        constructor(url: string) {
          super(url);
          made.push(url);
        }
      },
    );
    channel = openLiveChannel({ requestToken, socketPath: (t) => `/p/${t}`, idleText: IDLE, onMessage: () => undefined });
    await settle();
    expect(made).toEqual([`${pagePrefix()}/p/t1`]);
  });
});

describe('openLiveChannel: token failures are retried after 10 s (spec section 4)', () => {
  it('retries a rejected token request after exactly 10,000 ms', async () => {
    requestToken.mockRejectedValueOnce(new Error('1010'));
    open();
    await settle();
    expect(statuses).toEqual(['connecting', 'closed']);
    expect(factory.sockets).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(LIVE_RETRY_MS - 1);
    expect(requestToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requestToken).toHaveBeenCalledTimes(2);
    expect(factory.last().url).toBe(`${pagePrefix()}/ws/test/t1`);
    expect(statuses).toEqual(['connecting', 'closed', 'connecting']);
  });

  it('keeps retrying every 10 s while the token request fails', async () => {
    requestToken.mockRejectedValue(new Error('down'));
    open();
    await vi.advanceTimersByTimeAsync(3 * LIVE_RETRY_MS);
    expect(requestToken).toHaveBeenCalledTimes(4);
    expect(factory.sockets).toHaveLength(0);
  });

  it('treats a token request that throws at once like a rejected one', async () => {
    requestToken.mockImplementationOnce(() => {
      throw new Error('sync');
    });
    open();
    expect(statuses).toEqual(['connecting', 'closed']);
    await vi.advanceTimersByTimeAsync(LIVE_RETRY_MS);
    expect(requestToken).toHaveBeenCalledTimes(2);
  });

  it('retries when the socket cannot even be created', async () => {
    let calls = 0;
    channel = openLiveChannel({
      requestToken,
      socketPath: (t) => `/p/${t}`,
      idleText: IDLE,
      onMessage: () => undefined,
      createSocket: (url) => {
        if (calls++ === 0) throw new SyntaxError('bad url');
        return factory.create(url);
      },
    });
    await settle();
    expect(factory.sockets).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(LIVE_RETRY_MS);
    expect(factory.sockets.map((s) => s.url)).toEqual([`${pagePrefix()}/p/t2`]);
  });
});

describe('openLiveChannel: reconnects 10 s after a close, with a fresh token (spec section 4)', () => {
  it('reconnects after exactly 10,000 ms with a new token', async () => {
    open();
    await settle();
    factory.last().open();
    factory.last().drop();
    expect(statuses).toEqual(['connecting', 'open', 'closed']);
    await vi.advanceTimersByTimeAsync(LIVE_RETRY_MS - 1);
    expect(requestToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requestToken).toHaveBeenCalledTimes(2);
    expect(factory.sockets.map((s) => s.url)).toEqual([`${pagePrefix()}/ws/test/t1`, `${pagePrefix()}/ws/test/t2`]);
    factory.last().open();
    expect(statuses).toEqual(['connecting', 'open', 'closed', 'connecting', 'open']);
  });

  it('reconnects when a socket fails before it ever opened', async () => {
    open();
    await settle();
    factory.last().drop();
    await vi.advanceTimersByTimeAsync(LIVE_RETRY_MS);
    expect(factory.sockets).toHaveLength(2);
  });

  it('ignores late events from a socket it has replaced', async () => {
    open();
    await settle();
    const first = factory.last();
    first.open();
    first.drop();
    await vi.advanceTimersByTimeAsync(LIVE_RETRY_MS);
    const second = factory.last();
    second.open();
    // The old socket's handlers were cleared: a late frame or close from it reaches nobody.
    first.push({ late: true });
    first.drop();
    await vi.advanceTimersByTimeAsync(LIVE_RETRY_MS);
    expect(messages).toEqual([]);
    expect(requestToken).toHaveBeenCalledTimes(2);
    expect(factory.sockets).toHaveLength(2);
    second.push({ fresh: true });
    expect(messages).toEqual([{ fresh: true }]);
  });
});

describe('openLiveChannel: idle text every 60 s while open (spec section 4)', () => {
  it('sends nothing before the socket opens', async () => {
    open();
    await settle();
    await vi.advanceTimersByTimeAsync(LIVE_IDLE_PING_MS * 2);
    expect(factory.last().sent).toEqual([]);
  });

  it('sends the idle text every 60,000 ms after opening', async () => {
    open();
    await settle();
    const socket = factory.last();
    socket.open();
    await vi.advanceTimersByTimeAsync(LIVE_IDLE_PING_MS - 1);
    expect(socket.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.sent).toEqual([IDLE]);
    await vi.advanceTimersByTimeAsync(LIVE_IDLE_PING_MS * 2);
    expect(socket.sent).toEqual([IDLE, IDLE, IDLE]);
  });

  it('stops pinging a socket once it closed, and pings the new one on its own schedule', async () => {
    open();
    await settle();
    const first = factory.last();
    first.open();
    await vi.advanceTimersByTimeAsync(30_000);
    first.drop();
    await vi.advanceTimersByTimeAsync(LIVE_RETRY_MS);
    const second = factory.last();
    second.open();
    await vi.advanceTimersByTimeAsync(LIVE_IDLE_PING_MS);
    expect(first.sent).toEqual([]);
    expect(second.sent).toEqual([IDLE]);
  });

  it('survives a send that throws (socket closing)', async () => {
    open();
    await settle();
    const socket = factory.last();
    socket.send = () => {
      throw new DOMException('closing', 'InvalidStateError');
    };
    socket.open();
    await vi.advanceTimersByTimeAsync(LIVE_IDLE_PING_MS * 2);
    expect(statuses).toEqual(['connecting', 'open']);
    expect(requestToken).toHaveBeenCalledTimes(1);
  });
});

describe('openLiveChannel: frames', () => {
  it('delivers each frame parsed as JSON', async () => {
    open();
    await settle();
    const socket = factory.last();
    socket.open();
    socket.push({ a: 1 });
    socket.push('[1,2]');
    socket.push('null');
    expect(messages).toEqual([{ a: 1 }, [1, 2], null]);
  });

  it('drops frames that are not JSON, or not text, without throwing', async () => {
    open();
    await settle();
    const socket = factory.last();
    socket.open();
    expect(() => socket.push('eg monitor idle')).not.toThrow();
    expect(() => socket.push('{"broken"')).not.toThrow();
    socket.onmessage?.(new MessageEvent('message', { data: new ArrayBuffer(2) }));
    socket.push({ ok: true });
    expect(messages).toEqual([{ ok: true }]);
  });
});

describe('openLiveChannel: close() ends everything', () => {
  it('closes the open socket, stops pinging and never reconnects', async () => {
    const live = open();
    await settle();
    const socket = factory.last();
    socket.open();
    live.close();
    expect(socket.closedByClient).toBe(true);
    // A close event arriving after close() must not schedule anything.
    socket.onclose?.(new CloseEvent('close'));
    await vi.advanceTimersByTimeAsync(LIVE_IDLE_PING_MS * 3);
    expect(socket.sent).toEqual([]);
    expect(requestToken).toHaveBeenCalledTimes(1);
    expect(factory.sockets).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reports no status and no frame after close()', async () => {
    const live = open();
    await settle();
    const socket = factory.last();
    socket.open();
    const { onmessage } = socket;
    live.close();
    onmessage?.(new MessageEvent('message', { data: '{"a":1}' }));
    expect(statuses).toEqual(['connecting', 'open']);
  });

  it('opens no socket when closed while the token request is pending', async () => {
    let resolveToken: (token: string) => void = () => undefined;
    requestToken.mockImplementationOnce(() => new Promise((resolve) => (resolveToken = resolve)));
    const live = open();
    live.close();
    resolveToken('late');
    await settle();
    expect(factory.sockets).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not retry a token that fails after close()', async () => {
    let rejectToken: (error: Error) => void = () => undefined;
    requestToken.mockImplementationOnce(() => new Promise((_, reject) => (rejectToken = reject)));
    const live = open();
    live.close();
    rejectToken(new Error('late failure'));
    await vi.advanceTimersByTimeAsync(LIVE_RETRY_MS * 2);
    expect(requestToken).toHaveBeenCalledTimes(1);
    expect(statuses).toEqual(['connecting']);
  });

  it('cancels a pending reconnect', async () => {
    const live = open();
    await settle();
    factory.last().drop();
    expect(vi.getTimerCount()).toBe(1);
    live.close();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(LIVE_RETRY_MS * 2);
    expect(requestToken).toHaveBeenCalledTimes(1);
  });

  it('can be called twice', async () => {
    const live = open();
    await settle();
    live.close();
    expect(() => live.close()).not.toThrow();
  });
});
