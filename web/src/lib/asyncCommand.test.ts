import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { setErrorNotifier, setSessionLostHandler } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { changeLanguage } from '@/lib/i18n';
import { DEFAULT_CALLBACK_PATH, MAX_POLL_ATTEMPTS, pollDelay, runAsyncCommand, type CallbackRecord } from './asyncCommand';

type FetchArgs = [RequestInfo | URL, RequestInit | undefined];
let fetchMock: Mock<(...args: FetchArgs) => Promise<Response>>;
let toasts: string[];

/** Answers each callback poll with the next record (the last one repeats). */
function callbackAnswers(...records: CallbackRecord[]) {
  let index = 0;
  fetchMock.mockImplementation(async () => {
    const record = records[Math.min(index++, records.length - 1)];
    return new Response(JSON.stringify({ code: '200', message: '', data: record }));
  });
}

const pending: CallbackRecord = { status: 'pending' };

beforeEach(async () => {
  vi.useFakeTimers();
  await changeLanguage('zh-CN');
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
  toasts = [];
  setErrorNotifier((text) => toasts.push(text));
  setSessionLostHandler(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('pollDelay: the wait before attempt n (spec section 9)', () => {
  it.each([
    [0, 500],
    [1, 2_000],
    [4, 2_000],
    [5, 5_000],
    [9, 5_000],
    [10, 10_000],
    [29, 10_000],
    [30, 30_000],
    [179, 30_000],
  ])('attempt %i waits %i ms', (attempt, ms) => {
    expect(pollDelay(attempt)).toBe(ms);
  });

  it('"1 s under 1" applies only between 0 and 1', () => {
    expect(pollDelay(0.5)).toBe(1_000);
  });
});

describe('runAsyncCommand (spec section 4)', () => {
  it('returns the first result as is when the device is offline', async () => {
    const first = { online: false, uuid: 'u-1' };
    await expect(runAsyncCommand(async () => first)).resolves.toBe(first);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('returns the first result as is when there is no uuid', async () => {
    const first = { online: true, value: 3 };
    await expect(runAsyncCommand(async () => first)).resolves.toBe(first);
    await expect(runAsyncCommand(async () => null)).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('polls the callback with the uuid and resolves with data on success', async () => {
    callbackAnswers(pending, pending, { status: 'success', code: '200', data: { written: 42 } });
    const progress: number[] = [];
    const outcome = runAsyncCommand(async () => ({ online: true, uuid: 'u-1' }), undefined, {
      onProgress: (attempt) => progress.push(attempt),
    });
    // Waits 500 + 2000 + 2000 ms before the three polls.
    await vi.advanceTimersByTimeAsync(500 + 2_000 + 2_000);
    await expect(outcome).resolves.toEqual({ written: 42 });
    expect(progress).toEqual([0, 1, 2]);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe(DEFAULT_CALLBACK_PATH);
    expect(String(init?.body)).toBe('uuid=u-1');
  });

  it('does not poll before the first wait has passed', async () => {
    callbackAnswers({ status: 'success', data: 1 });
    const outcome = runAsyncCommand(async () => ({ online: true, uuid: 'u' }));
    await vi.advanceTimersByTimeAsync(499);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toBe(1);
  });

  it('rejects with the failure code and message', async () => {
    callbackAnswers(pending, { status: 'failure', code: '2004', message: '变量只读，不能写入' });
    const outcome = runAsyncCommand(async () => ({ online: true, uuid: 'u' }), '/lfscada/monitor/project/signal/callback').catch(
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(2_500);
    const error = await outcome;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: '2004', message: '变量只读，不能写入' });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/lfscada/monitor/project/signal/callback');
    expect(toasts).toEqual(['变量只读，不能写入']);
  });

  it('falls back to the catalogue text when a failure has no message', async () => {
    callbackAnswers({ status: 'failure', code: '90099', message: '' });
    const outcome = runAsyncCommand(async () => ({ online: true, uuid: 'u' }), undefined, { silent: true }).catch(
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(500);
    expect(await outcome).toMatchObject({ code: '90099', message: '未知异常' });
    expect(toasts).toEqual([]);
  });

  it('gives up after 180 attempts with 1301 (communication timeout)', async () => {
    callbackAnswers(pending);
    const outcome = runAsyncCommand(async () => ({ online: true, uuid: 'u' })).catch((e: unknown) => e);
    let total = 0;
    for (let attempt = 0; attempt < MAX_POLL_ATTEMPTS; attempt++) total += pollDelay(attempt);
    await vi.advanceTimersByTimeAsync(total - 1);
    expect(fetchMock).toHaveBeenCalledTimes(MAX_POLL_ATTEMPTS - 1);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(fetchMock).toHaveBeenCalledTimes(MAX_POLL_ATTEMPTS);
    expect(error).toMatchObject({ code: '1301', message: '通信超时' });
  });

  it('gives up with 1301 at an overall deadline (project writes wait 60 s)', async () => {
    callbackAnswers(pending);
    const outcome = runAsyncCommand(async () => ({ online: true, uuid: 'u' }), undefined, {
      deadlineMs: 60_000,
    }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await outcome).toMatchObject({ code: '1301' });
    // 500 + 4×2000 + 5×5000 = 33.5 s, then 10 s waits: polls at 43.5 s, 53.5 s, and the last one clamped to 60 s.
    expect(fetchMock).toHaveBeenCalledTimes(13);
  });

  it('stops when aborted', async () => {
    callbackAnswers(pending);
    const controller = new AbortController();
    const outcome = runAsyncCommand(async () => ({ online: true, uuid: 'u' }), undefined, {
      signal: controller.signal,
    }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(600);
    controller.abort();
    expect(await outcome).toMatchObject({ code: 'aborted' });
    expect(toasts).toEqual([]);
  });
});
