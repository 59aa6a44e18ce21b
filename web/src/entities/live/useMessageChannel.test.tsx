import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { fakeSockets } from './fakeSocket';
import { MESSAGE_TOKEN_PATH, type MessageFrame } from './messageChannel';
import { useMessageChannel } from './useMessageChannel';

const message = (id: number) => ({ type: 'message', data: { id, title: `t${id}`, msgType: 'notice' } });

let server: FakeServer;
let sockets: ReturnType<typeof fakeSockets>;

const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

function render(onMessage: (frame: MessageFrame) => void, enabled = true) {
  return renderHook(
    ({ handler, on }: { handler: (frame: MessageFrame) => void; on: boolean }) =>
      useMessageChannel(handler, { enabled: on, createSocket: sockets.create }),
    { initialProps: { handler: onMessage, on: enabled } },
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  server = installFakeServer({ loggedIn: true });
  let issued = 0;
  server.on(MESSAGE_TOKEN_PATH, () => ok(`m-${++issued}`));
  sockets = fakeSockets();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('useMessageChannel', () => {
  it('opens the channel, reports its status and delivers messages', async () => {
    const received: MessageFrame[] = [];
    const { result } = render((frame) => received.push(frame));
    expect(result.current).toBe('connecting');
    await flush();
    act(() => sockets.last().open());
    expect(result.current).toBe('open');
    act(() => sockets.last().push(message(1)));
    expect(received).toEqual([message(1)]);
  });

  it('uses the latest callback without reconnecting', async () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = render(first);
    await flush();
    act(() => sockets.last().open());
    rerender({ handler: second, on: true });
    act(() => sockets.last().push(message(2)));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith(message(2));
    expect(sockets.sockets).toHaveLength(1);
    expect(server.calls(MESSAGE_TOKEN_PATH)).toHaveLength(1);
  });

  it('stays closed while disabled and closes when disabled (logout)', async () => {
    const { result, rerender } = render(() => undefined, false);
    await flush();
    expect(result.current).toBe('closed');
    expect(server.calls(MESSAGE_TOKEN_PATH)).toHaveLength(0);
    rerender({ handler: () => undefined, on: true });
    await flush();
    act(() => sockets.last().open());
    rerender({ handler: () => undefined, on: false });
    expect(sockets.last().closedByClient).toBe(true);
    expect(result.current).toBe('closed');
  });

  it('closes on unmount and never reconnects', async () => {
    const { unmount } = render(() => undefined);
    await flush();
    unmount();
    expect(sockets.last().closedByClient).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(server.calls(MESSAGE_TOKEN_PATH)).toHaveLength(1);
  });
});
