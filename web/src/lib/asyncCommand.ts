/**
 * Asynchronous device commands (spec sections 4 and 9). A command such as a signal write is accepted by the
 * server at once and answered later by the device; the first call returns `{online, uuid}` and the console polls
 * a callback with the uuid until the command succeeds, fails or runs out of attempts.
 *
 * The wait table and the attempt limit are the console's alone: the server answers 1301 on its own once a
 * command has had no outcome for a minute (`COMMAND_DEADLINE_MS`, crates/protocol), so polling stops well before
 * the attempts run out for any command that reached the server.
 */
import { post, showError } from '@/lib/api/client';
import { ApiError, COMMUNICATION_TIMEOUT_CODE, ClientErrorCode, apiErrorFor } from '@/lib/api/errors';
import { i18n } from '@/lib/i18n';
import { Code } from '@/lib/api/codes';

/** At most this many callback polls; then the command fails with 1301 (communication timeout). */
export const MAX_POLL_ATTEMPTS = 180;

/** The multi-equipment callback; project signal writes use /lfscada/monitor/project/signal/callback. */
export const DEFAULT_CALLBACK_PATH = '/lfscada/equipment/multi/callback';

/** Code used when the callback reports a failure without a code: unknown exception. */
const UNKNOWN_EXCEPTION_CODE = Code.Unknown;

/**
 * Milliseconds to wait before poll number `attempt` (0-based): 0.5 s at 0, 1 s under 1, 2 s under 5, 5 s under
 * 10, 10 s under 30, else 30 s. The "under 1" row can never apply to whole attempt numbers after the "at 0"
 * row; it is kept so the code reads as the spec's table does.
 */
export function pollDelay(attempt: number): number {
  if (attempt === 0) return 500;
  if (attempt < 1) return 1_000;
  if (attempt < 5) return 2_000;
  if (attempt < 10) return 5_000;
  if (attempt < 30) return 10_000;
  return 30_000;
}

/** What the callback answers (inside the usual `{code, message, data}` envelope's `data`). */
export interface CallbackRecord<T = unknown> {
  /** 'success' and 'failure' end the command; anything else (e.g. 'pending') means ask again. */
  status: string;
  code?: string | number | null;
  message?: string | null;
  data?: T;
}

export interface AsyncCommandOptions {
  /**
   * Give up with 1301 once this many milliseconds have passed since polling started, even if attempts remain.
   * Project signal writes wait at most 60 s (spec section 4).
   */
  deadlineMs?: number;
  /** Called before each poll with its 0-based attempt number, e.g. to show progress. */
  onProgress?: (attempt: number) => void;
  /** Stops polling; the promise rejects with an 'aborted' ApiError. */
  signal?: AbortSignal;
  /** Do not toast the final failure; the caller shows it. Polls themselves are always silent. */
  silent?: boolean;
  /** Sent with every callback poll besides the uuid (the share view's callback names its equipment). */
  callbackParams?: Record<string, string | number>;
}

/**
 * Runs `firstCall` and, when the device is online and the server handed out a uuid, polls `callbackPath` until
 * the command ends. Resolves with the callback's `data` on success, or with the first call's result unchanged
 * when there is nothing to wait for (device offline, or no uuid). Rejects with an ApiError carrying the failure's
 * code and message (the message falls back to the catalogue text for the code), with 1301 after 180 attempts or
 * past the deadline, or with whatever error a call itself fails with.
 */
export async function runAsyncCommand<T = unknown>(
  firstCall: () => Promise<unknown>,
  callbackPath: string = DEFAULT_CALLBACK_PATH,
  options: AsyncCommandOptions = {},
): Promise<T> {
  const first = await firstCall();
  const uuid = acceptedUuid(first);
  if (uuid === undefined) return first as T;
  try {
    return await pollUntilDone<T>(uuid, callbackPath, options);
  } catch (error) {
    if (error instanceof ApiError && !options.silent) showError(error);
    throw error;
  }
}

/** The uuid to poll for, or undefined when the first result must be returned as is. */
function acceptedUuid(result: unknown): string | undefined {
  if (typeof result !== 'object' || result === null) return undefined;
  const { online, uuid } = result as { online?: unknown; uuid?: unknown };
  if (online === false) return undefined;
  if (typeof uuid !== 'string' || uuid === '') return undefined;
  return uuid;
}

async function pollUntilDone<T>(uuid: string, callbackPath: string, options: AsyncCommandOptions): Promise<T> {
  const startedAt = Date.now();
  for (let attempt = 0; attempt < MAX_POLL_ATTEMPTS; attempt++) {
    let wait = pollDelay(attempt);
    if (options.deadlineMs !== undefined) {
      const remaining = options.deadlineMs - (Date.now() - startedAt);
      if (remaining <= 0) throw communicationTimeout();
      wait = Math.min(wait, remaining);
    }
    await sleep(wait, options.signal);
    options.onProgress?.(attempt);
    const record = await post<CallbackRecord<T> | null>(
      callbackPath,
      { ...options.callbackParams, uuid },
      { silent: true, ...(options.signal ? { signal: options.signal } : {}) },
    );
    if (record?.status === 'success') return record.data as T;
    if (record?.status === 'failure') {
      const code = record.code === null || record.code === undefined ? UNKNOWN_EXCEPTION_CODE : String(record.code);
      throw apiErrorFor(code, record.message);
    }
  }
  throw communicationTimeout();
}

function communicationTimeout(): ApiError {
  return apiErrorFor(COMMUNICATION_TIMEOUT_CODE);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () => new ApiError(ClientErrorCode.Aborted, i18n.t('api.aborted'));
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(aborted());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
