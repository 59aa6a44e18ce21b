import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorNotifier, setSessionLostHandler } from '@/lib/api/client';
import { createQueryClient } from '@/lib/queryClient';
import { fail, installFakeServer, ok, TEST_USER } from '@/test/fakeServer';
import { PUBLIC_QUERY_SCOPE, clearSessionData, fetchUserInfo, sessionKeys } from './session';

beforeEach(() => {
  setErrorNotifier(() => undefined);
  setSessionLostHandler(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('session', () => {
  it('user info is a GET with a time parameter', async () => {
    const server = installFakeServer({ loggedIn: true });
    await expect(fetchUserInfo({ silent: true })).resolves.toEqual(TEST_USER);
    const [request] = server.calls('/lfscada/user/info');
    expect(request?.method).toBe('GET');
    expect(Number(request?.query.get('t'))).toBeGreaterThan(0);
  });

  it('empty user info is "failed to get permission information" (1013)', async () => {
    const server = installFakeServer({ loggedIn: true });
    server.on('/lfscada/user/info', ok(null));
    await expect(fetchUserInfo({ silent: true })).rejects.toMatchObject({ code: '1013' });
  });

  it('a failed user info call rejects with its code', async () => {
    const server = installFakeServer({ loggedIn: true });
    server.on('/lfscada/user/info', fail('1006', 'session lost'));
    await expect(fetchUserInfo({ silent: true })).rejects.toMatchObject({ code: '1006' });
  });

  it('clearing the session forgets the user and session data but keeps public data', () => {
    installFakeServer({ loggedIn: false });
    const client = createQueryClient();
    client.setQueryData(sessionKeys.user, TEST_USER);
    client.setQueryData(['messages', 'unreadCount'], 5);
    client.setQueryData([PUBLIC_QUERY_SCOPE, 'vcode'], { image: 'x' });
    clearSessionData(client);
    expect(client.getQueryData(sessionKeys.user)).toBeUndefined();
    expect(client.getQueryData(['messages', 'unreadCount'])).toBeUndefined();
    expect(client.getQueryData([PUBLIC_QUERY_SCOPE, 'vcode'])).toEqual({ image: 'x' });
  });
});
