/**
 * Whether the server can be reached: told by every call's outcome and the browser's offline event, probed every
 * 10 s while it cannot be (the shell's banner that shows it: app/shell/ConnectionBanner.test.tsx).
 */
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { post } from '@/lib/api/client';
import { changeLanguage } from '@/lib/i18n';
import { fail, installFakeServer, ok } from '@/test/fakeServer';
import { PROBE_MS, connectionNow, installConnectionWatch, resetConnection } from './connection';

const THEME = '/org/StyleAction!loadStyle.action';
const down = () => {
  throw new TypeError('Failed to fetch');
};

beforeEach(async () => {
  await changeLanguage('zh-CN');
  installConnectionWatch();
  resetConnection();
});

afterEach(() => {
  resetConnection();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the connection watch', () => {
  it('hears every call: an answer of any code is reachable, a network failure or a proxy 502 is not', async () => {
    const server = installFakeServer({ loggedIn: true });
    server.on('/x', fail('1205', 'not found'));
    await post('/x', undefined, { silent: true }).catch(() => undefined);
    expect(connectionNow().reachable).toBe(true);
    const answered = connectionNow().lastAnswer;
    expect(answered).not.toBeNull();

    server.on('/x', down);
    await post('/x', undefined, { silent: true }).catch(() => undefined);
    expect(connectionNow()).toEqual({ reachable: false, lastAnswer: answered });

    await post(THEME, undefined, { silent: true });
    expect(connectionNow().reachable).toBe(true);

    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })));
    await post('/x', undefined, { silent: true }).catch(() => undefined);
    expect(connectionNow().reachable).toBe(false);
  });

  it('takes the browser’s offline event at once, and probes until the server answers again', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const server = installFakeServer({ loggedIn: true });
    server.on(THEME, down);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(connectionNow().reachable).toBe(false);
    await act(async () => {
      vi.advanceTimersByTime(PROBE_MS);
    });
    expect(server.calls(THEME)).toHaveLength(1);
    expect(connectionNow().reachable).toBe(false);
    server.on(THEME, ok({ title: 'x' }));
    await act(async () => {
      vi.advanceTimersByTime(PROBE_MS);
    });
    await vi.waitFor(() => expect(connectionNow().reachable).toBe(true));
    // Reachable again: no more probes.
    await act(async () => {
      vi.advanceTimersByTime(PROBE_MS * 3);
    });
    expect(server.calls(THEME)).toHaveLength(2);
  });
});
