/**
 * The project signal channel (spec sections 4 and 7; docs/project-monitor.md): the token names the page and its
 * bound equipment, the socket is the project one, the idle text is 'project monitor idle', and a frame must name its
 * equipment besides being a well-formed EG frame.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProjectFrame } from '@/generated/answers';
import { installFakeServer, ok } from '@/test/fakeServer';
import { fakeSockets } from './fakeSocket';
import { LIVE_IDLE_PING_MS, LIVE_RETRY_MS, PROJECT_MONITOR_IDLE_TEXT } from './liveConstants';
import { PROJECT_SIGNAL_TOKEN_PATH, openProjectSignalChannel, parseProjectFrame } from './projectSignalChannel';

const eg = { signalVal: { '50': { value: 3.25, time: 1_700_000_000_000, quality: 'good' } }, gatewayAlarm: 2, signalAlarm: {} };

describe('parseProjectFrame', () => {
  it('keeps the equipment id with the EG fields, and nothing else', () => {
    expect(parseProjectFrame({ equipmentId: 8, ...eg, extra: true })).toEqual({ equipmentId: 8, ...eg });
  });

  it.each([
    ['no equipment id', eg],
    ['an equipment id as text', { ...eg, equipmentId: '8' }],
    ['a fractional equipment id', { ...eg, equipmentId: 8.5 }],
    ['equipment id 0', { ...eg, equipmentId: 0 }],
    ['a malformed EG part', { equipmentId: 8, signalVal: {}, signalAlarm: {} }],
    ['null', null],
  ])('drops a frame with %s', (_, data) => {
    expect(parseProjectFrame(data)).toBeNull();
  });
});

describe('openProjectSignalChannel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('asks for a token with the page and its equipment, subscribes, idles and passes only good frames', async () => {
    vi.useFakeTimers();
    const server = installFakeServer({ loggedIn: true });
    const tokens = ['tok-1', 'tok-2'];
    server.on(PROJECT_SIGNAL_TOKEN_PATH, () => ok(tokens.shift()));
    const factory = fakeSockets();
    const frames: ProjectFrame[] = [];
    const channel = openProjectSignalChannel({ pageId: 22, equipmentIds: [7, 8], onFrame: (f) => frames.push(f), createSocket: factory.create });
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls(PROJECT_SIGNAL_TOKEN_PATH).map((r) => r.body)).toEqual(['pageId=22&dataEquip=7%2C8']);
    const socket = factory.last();
    expect(socket.url).toBe(`ws://${window.location.host}/lfscada/ws/project/signal/subscribe/tok-1`);
    socket.open();
    socket.push({ equipmentId: 8, ...eg });
    socket.push(eg);
    expect(frames).toEqual([{ equipmentId: 8, ...eg }]);
    await vi.advanceTimersByTimeAsync(LIVE_IDLE_PING_MS);
    expect(socket.sent).toEqual([PROJECT_MONITOR_IDLE_TEXT]);
    // Closed by the server: a fresh token 10 s later.
    socket.drop();
    await vi.advanceTimersByTimeAsync(LIVE_RETRY_MS);
    expect(server.calls(PROJECT_SIGNAL_TOKEN_PATH)).toHaveLength(2);
    expect(factory.last().url).toMatch(/tok-2$/);
    channel.close();
    expect(factory.last().closedByClient).toBe(true);
  });
});
