/**
 * A stand-in for the Ironsight server in component tests: fetch is replaced by a table of path → answer, and every
 * request is recorded so tests can check what the console sent.
 */
import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
  headers: Record<string, string>;
}

export type Answer = { code: string; message?: string; data?: unknown } | ((request: RecordedRequest) => unknown);

export interface FakeServer {
  requests: RecordedRequest[];
  /** Sets (or replaces) the answer for a path. */
  on(path: string, answer: Answer): void;
  /** The requests made to a path. */
  calls(path: string): RecordedRequest[];
}

export const ok = (data: unknown = null) => ({ code: '200', message: 'success', data });
export const fail = (code: string, message = '', data: unknown = null) => ({ code, message, data });
/** A refused parameter as the server answers it: the message for people, `{field, reason}` for the screen. */
export const refuse = (field: string, message: string, code = '1100') => fail(code, message, { field, reason: { kind: 'notAllowed' } });

export const TEST_USER = {
  userId: 1,
  loginname: 'operator1',
  tel: '',
  email: '',
  styleId: 1,
  orgId: 1,
  deptId: 1,
  roleId: 1,
  roleType: 'user',
  authRegion: null,
  dataRange: 'all',
  prompType: [],
  scadaAdaption: null,
  equipDisplay: null,
  auths: ['manage'],
  mustChangePassword: false,
};

/** A 1×1 PNG as the captcha. */
export const CAPTCHA = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==';

/** Installs the fake server with answers for the calls every screen makes; `loggedIn` decides user info. */
export function installFakeServer({ loggedIn }: { loggedIn: boolean }): FakeServer {
  const answers = new Map<string, Answer>();
  const requests: RecordedRequest[] = [];
  const server: FakeServer = {
    requests,
    on: (path, answer) => void answers.set(path, answer),
    calls: (path) => requests.filter((request) => request.path === path),
  };
  server.on('/org/StyleAction!loadStyle.action', ok({ title: '测试电厂监控', faviconIco: '' }));
  server.on('/lfscada/user/showVcode', ok({ image: CAPTCHA, expiresIn: 600 }));
  server.on('/lfscada/user/info', loggedIn ? ok(TEST_USER) : fail('1010', '未登录，请先登录'));
  server.on('/lfscada/msg/queryUnReadMsgCount', ok(3));
  server.on('/lfscada/user/logout', ok(null));
  // The Manage side menu lists the organisation's external pages (docs/frame.md): none unless a test says so.
  server.on('/lfscada/system/frame/list', ok([]));

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://console.test');
      const request: RecordedRequest = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: init?.body ? String(init.body) : '',
        headers: { ...(init?.headers as Record<string, string> | undefined) },
      };
      requests.push(request);
      const answer = answers.get(url.pathname);
      if (!answer) return new Response(JSON.stringify(fail('1104', 'No such API path')));
      const body = typeof answer === 'function' ? answer(request) : answer;
      return new Response(JSON.stringify(body));
    }),
  );
  return server;
}
