import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { fakeSockets } from './fakeSocket';
import type { LiveChannel } from './liveChannel';
import { LIVE_IDLE_PING_MS, LIVE_RETRY_MS, MESSAGE_IDLE_TEXT } from './liveConstants';
import { MESSAGE_TOKEN_PATH, isMessageFrame, openMessageChannel, type MessageFrame } from './messageChannel';

const message = {
  type: 'message',
  data: { id: 7, title: '报警', content: '温度过高', msgType: 'alarm', gmtCreate: 1_700_000_000_000, dataId: 3 },
};

describe('isMessageFrame', () => {
  it('accepts a message with extra fields', () => {
    expect(isMessageFrame(message)).toBe(true);
    expect(isMessageFrame({ type: 'message', data: {} })).toBe(true);
  });

  it.each([
    ['null', null],
    ['another type', { type: 'ping', data: {} }],
    ['no data', { type: 'message' }],
    ['data null', { type: 'message', data: null }],
    ['data an array', { type: 'message', data: [] }],
    ['a string', 'message'],
  ])('rejects %s', (_, data) => {
    expect(isMessageFrame(data)).toBe(false);
  });
});

describe('openMessageChannel (spec section 7)', () => {
  let server: FakeServer;
  let factory: ReturnType<typeof fakeSockets>;
  let received: MessageFrame[];
  let channel: LiveChannel | undefined;

  beforeEach(() => {
    vi.useFakeTimers();
    server = installFakeServer({ loggedIn: true });
    let issued = 0;
    server.on(MESSAGE_TOKEN_PATH, () => ok(`m-${++issued}`));
    factory = fakeSockets();
    received = [];
    channel = openMessageChannel({ onMessage: (frame) => received.push(frame), createSocket: factory.create });
  });

  afterEach(() => {
    channel?.close();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('asks for a token without payload and subscribes with it', async () => {
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls(MESSAGE_TOKEN_PATH).map((r) => r.body)).toEqual(['']);
    expect(factory.last().url).toBe(`ws://${window.location.host}/lfscada/ws/message/subscribe/m-1`);
  });

  it('sends "msg idle" every minute and delivers messages only', async () => {
    await vi.advanceTimersByTimeAsync(0);
    const socket = factory.last();
    socket.open();
    socket.push({ type: 'other' });
    socket.push(message);
    await vi.advanceTimersByTimeAsync(LIVE_IDLE_PING_MS);
    expect(socket.sent).toEqual([MESSAGE_IDLE_TEXT]);
    expect(MESSAGE_IDLE_TEXT).toBe('msg idle');
    expect(received).toEqual([message]);
  });

  it('reconnects with a fresh token 10 s after the socket closes', async () => {
    await vi.advanceTimersByTimeAsync(0);
    factory.last().open();
    factory.last().drop();
    await vi.advanceTimersByTimeAsync(LIVE_RETRY_MS);
    expect(factory.sockets.map((s) => s.url.split('/').pop())).toEqual(['m-1', 'm-2']);
  });
});
