import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { REQUEST_TIMEOUT_MS, get, getJson, post, setErrorNotifier, setSessionLostHandler, upload } from './client';
import { ApiError, ClientErrorCode } from './errors';

type FetchArgs = [RequestInfo | URL, RequestInit | undefined];

let fetchMock: Mock<(...args: FetchArgs) => Promise<Response>>;
let toasts: Array<{ text: string; key: string }>;
let sessionLost: Mock<() => void>;

function reply(body: unknown, status = 200): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
}

function lastCall(): { url: string; init: RequestInit } {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  return { url: String(call[0]), init: call[1] ?? {} };
}

function header(init: RequestInit, name: string): string | undefined {
  return (init.headers as Record<string, string> | undefined)?.[name];
}

beforeEach(async () => {
  await changeLanguage('zh-CN');
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
  toasts = [];
  setErrorNotifier((text, key) => toasts.push({ text, key }));
  sessionLost = vi.fn<() => void>();
  setSessionLostHandler(sessionLost);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('success: only the string codes "200" and "201"', () => {
  it('resolves with data on "200"', async () => {
    fetchMock.mockResolvedValue(reply({ code: '200', message: 'ok', data: { n: 1 } }));
    await expect(post('/lfscada/x')).resolves.toEqual({ n: 1 });
  });

  it('resolves with data on "201"', async () => {
    fetchMock.mockResolvedValue(reply({ code: '201', message: '', data: 7 }));
    await expect(post('/lfscada/x')).resolves.toBe(7);
  });

  it('rejects a numeric 200: the code must be the string', async () => {
    fetchMock.mockResolvedValue(reply({ code: 200, message: '', data: 1 }));
    await expect(post('/lfscada/x')).rejects.toMatchObject({ code: '200' });
  });
});

describe('requests', () => {
  it('POSTs a dotted form body with credentials, the language and a timeout signal', async () => {
    fetchMock.mockResolvedValue(reply({ code: '200', data: null }));
    await post('/lfscada/msg/query', { query: { page: 1 }, ids: [1, 2] });
    const { url, init } = lastCall();
    expect(url).toBe('/lfscada/msg/query');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(String(init.body)).toBe('query.page=1&ids=1&ids=2');
    expect(init.body).toBeInstanceOf(URLSearchParams);
    expect(header(init, 'Accept-Language')).toBe('zh-CN');
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('sends the current language after a switch', async () => {
    await changeLanguage('en');
    fetchMock.mockResolvedValue(reply({ code: '200', data: null }));
    await post('/lfscada/x');
    expect(header(lastCall().init, 'Accept-Language')).toBe('en');
  });

  it('can send a POST payload as query parameters with an empty body (login)', async () => {
    fetchMock.mockResolvedValue(reply({ code: '200', data: null }));
    await post('/lfscada/user/login', undefined, { query: { loginname: 'op', password: 'p&w', vcode: 'ab12' } });
    const { url, init } = lastCall();
    expect(url).toBe('/lfscada/user/login?loginname=op&password=p%26w&vcode=ab12');
    expect(init.body).toBeUndefined();
  });

  it('GETs with query parameters', async () => {
    fetchMock.mockResolvedValue(reply({ code: '200', data: { loginname: 'op' } }));
    await expect(get('/lfscada/user/info', { t: 123 })).resolves.toEqual({ loginname: 'op' });
    const { url, init } = lastCall();
    expect(url).toBe('/lfscada/user/info?t=123');
    expect(init.method).toBe('GET');
  });

  it('uploads multipart with the file and dotted fields', async () => {
    fetchMock.mockResolvedValue(reply({ code: '200', data: '/userimg/a.png' }));
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    await expect(upload('/lfscada/upload', file, { fields: { meta: { kind: 'avatar' } } })).resolves.toBe('/userimg/a.png');
    const body = lastCall().init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('meta.kind')).toBe('avatar');
    expect((body.get('file') as File).name).toBe('a.png');
  });

  it('getJson returns a plain JSON document without an envelope', async () => {
    fetchMock.mockResolvedValue(reply({ widgets: [] }));
    await expect(getJson('/pages/1.json')).resolves.toEqual({ widgets: [] });
    expect(lastCall().init.credentials).toBe('include');
  });
});

describe('failures', () => {
  it("toasts the server's message and rejects with ApiError {code, message}", async () => {
    fetchMock.mockResolvedValue(reply({ code: '2004', message: '变量只读', data: null }));
    const error = await post('/lfscada/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: '2004', message: '变量只读' });
    expect(toasts).toEqual([{ text: '变量只读', key: 'api-error-2004' }]);
  });

  it('falls back to the catalogue text for the code in the current language', async () => {
    fetchMock.mockResolvedValue(reply({ code: '1301', message: '', data: null }));
    await expect(post('/lfscada/x')).rejects.toMatchObject({ code: '1301', message: '通信超时' });
    await changeLanguage('en');
    fetchMock.mockResolvedValue(reply({ code: '1301', message: '', data: null }));
    await expect(post('/lfscada/x')).rejects.toMatchObject({ message: 'Communication timeout' });
  });

  it('falls back to a generic text naming an unknown code', async () => {
    fetchMock.mockResolvedValue(reply({ code: '4242', data: null }));
    await expect(post('/lfscada/x')).rejects.toMatchObject({ code: '4242', message: '通信异常（代码 4242）' });
  });

  it('does not toast when silent', async () => {
    fetchMock.mockResolvedValue(reply({ code: '1002', message: 'bad', data: null }));
    await expect(post('/lfscada/x', undefined, { silent: true })).rejects.toMatchObject({ code: '1002' });
    expect(toasts).toEqual([]);
  });

  it.each(['1010', '1006'])('code %s calls the session-lost handler (clear user, go to /login)', async (code) => {
    fetchMock.mockResolvedValue(reply({ code, message: 'session', data: null }));
    await expect(post('/lfscada/x', undefined, { silent: true })).rejects.toMatchObject({ code });
    expect(sessionLost).toHaveBeenCalledTimes(1);
  });

  it('other codes do not touch the session', async () => {
    fetchMock.mockResolvedValue(reply({ code: '1011', message: 'no', data: null }));
    await expect(post('/lfscada/x')).rejects.toBeInstanceOf(ApiError);
    expect(sessionLost).not.toHaveBeenCalled();
  });

  it('a network failure rejects with a localized network error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(post('/lfscada/x')).rejects.toMatchObject({
      code: ClientErrorCode.Network,
      message: '无法连接服务器，请检查网络后重试',
    });
    expect(toasts).toHaveLength(1);
  });

  it('an answer that is not the JSON envelope rejects as a bad response', async () => {
    fetchMock.mockResolvedValue(reply('<html>502 Bad Gateway</html>', 502));
    await expect(post('/lfscada/x')).rejects.toMatchObject({
      code: ClientErrorCode.BadResponse,
      message: expect.stringContaining('502') as unknown,
    });
  });

  it('times out after 120 000 ms with a localized timeout error', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const outcome = post('/lfscada/x').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(lastCall().init.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toMatchObject({ code: ClientErrorCode.Timeout, message: expect.stringContaining('120') as unknown });
  });

  it("a caller's cancel rejects as aborted and is never toasted", async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const outcome = post('/lfscada/x', undefined, { signal: controller.signal });
    controller.abort();
    await expect(outcome).rejects.toMatchObject({ code: ClientErrorCode.Aborted });
    expect(toasts).toEqual([]);
  });
});
