/**
 * The one way the console talks to its server (spec section 7, docs/api-contract.md).
 *
 * - Bodies are form-encoded with dotted nested keys ({@link toDottedForm}); credentials (the session cookie) are
 *   always sent; every call has a 120 s timeout and carries the current language in `Accept-Language`.
 * - A call succeeds only when the envelope's code is the string "200" or "201"; it then resolves with `data`.
 * - Any other outcome rejects with an {@link ApiError}. Session codes (1010, 1006) call the registered
 *   session-lost handler (clear the user, go to /login); failures are toasted unless `silent`.
 *
 * The client knows nothing about React, the router or antd: the app registers the toast and the session-lost
 * reaction at start-up ({@link setErrorNotifier}, {@link setSessionLostHandler}), which keeps this module
 * testable and free of import cycles.
 */
import { currentLanguage, i18n } from '@/lib/i18n';
import { ApiError, ClientErrorCode, SESSION_LOST_CODES, apiErrorFor } from './errors';
import { toDottedForm, type FormObject } from './form';
import { Code } from '@/lib/api/codes';

/** Request timeout (spec section 9). */
export const REQUEST_TIMEOUT_MS = 120_000;

/** The codes that mean success; anything else, including a numeric 200, is a failure (spec section 8). */
export const SUCCESS_CODES: readonly string[] = [Code.Ok, Code.Created];

export interface RequestOptions {
  /**
   * Do not toast a failure: the caller shows it itself (the login form shows errors inline, background polls
   * stay quiet). Session loss is still handled.
   */
  silent?: boolean;
  /** Query parameters, encoded like bodies. The login call sends its payload this way. */
  query?: FormObject;
  /** Cancels the call, e.g. the one react-query passes when a query is no longer needed. */
  signal?: AbortSignal;
  /** Overrides {@link REQUEST_TIMEOUT_MS}. */
  timeoutMs?: number;
}

export interface UploadOptions extends RequestOptions {
  /** The multipart field that carries the file; `file` unless the endpoint says otherwise. */
  fieldName?: string;
  /** Other fields sent with the file, encoded with dotted keys. */
  fields?: FormObject;
}

/** Shows a failure to the user. `key` is the same for the same code, so a burst of failures shows one toast. */
export type ErrorNotifier = (text: string, key: string) => void;

let notifyError: ErrorNotifier = (text) => console.error(text);
let sessionLost: () => void = () => undefined;
let reachability: (reachable: boolean) => void = () => undefined;

/** Registers how failures are shown (the app passes antd's message.error). */
export function setErrorNotifier(notifier: ErrorNotifier): void {
  notifyError = notifier;
}

/** Registers what happens on 1010 / 1006 (the app clears the cached user and navigates to /login). */
export function setSessionLostHandler(handler: () => void): void {
  sessionLost = handler;
}

/**
 * Registers who hears whether the server answered (lib/connection.ts): true after any answer of the server's (an
 * envelope, whatever its code), false when the network failed or a proxy in front answered 502, 503 or 504.
 * A timeout or a cancel says nothing either way.
 */
export function setReachabilityListener(listener: (reachable: boolean) => void): void {
  reachability = listener;
}

/** Shows an error the way a failed call would (used by callers that fail outside a call, e.g. the poller). */
export function showError(error: ApiError): void {
  if (error.code !== ClientErrorCode.Aborted) notifyError(error.message, `api-error-${error.code}`);
}

/** POST with a form-encoded body; resolves with the envelope's `data`. */
export function post<T>(path: string, payload?: FormObject, options: RequestOptions = {}): Promise<T> {
  const body = payload ? toDottedForm(payload) : undefined;
  return callApi<T>(path, { method: 'POST', body }, options);
}

/** GET with query parameters; resolves with the envelope's `data`. */
export function get<T>(path: string, params?: FormObject, options: RequestOptions = {}): Promise<T> {
  const query = params ? { ...params, ...options.query } : options.query;
  return callApi<T>(path, { method: 'GET' }, { ...options, query });
}

/** POST multipart/form-data with one file and optional fields; resolves with the envelope's `data`. */
export function upload<T>(path: string, file: Blob, options: UploadOptions = {}): Promise<T> {
  const form = new FormData();
  for (const [key, value] of toDottedForm(options.fields ?? {})) form.append(key, value);
  const fileName = file instanceof File ? file.name : 'blob';
  form.append(options.fieldName ?? 'file', file, fileName);
  return callApi<T>(path, { method: 'POST', body: form }, options);
}

/**
 * GET a plain JSON document (no envelope), e.g. a page file the server stores as JSON. Failures still reject
 * with an ApiError and are toasted unless `silent`.
 */
export async function getJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await withTimeout(options, async (signal) => {
      const response = await fetch(withQuery(path, options.query), requestInit({ method: 'GET' }, signal));
      const body = parseJson(await response.text());
      if (!response.ok || body === undefined) throw badResponse(response.status);
      return body as T;
    });
  } catch (error) {
    throw report(toApiError(error), options);
  }
}

/**
 * POST answered by a file (the database backup): resolves with its bytes; an answer that is the JSON envelope
 * instead is a refusal, rejected as an ApiError (toasted unless `silent`), as {@link post} does.
 */
export async function postForBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  let envelope: Envelope;
  try {
    const answer = await withTimeout(options, async (signal) => {
      const response = await fetch(withQuery(path, options.query), requestInit({ method: 'POST' }, signal));
      const type = response.headers.get('content-type') ?? '';
      if (response.ok && !type.includes('json')) return await response.blob();
      const body = parseJson(await response.text());
      if (!isEnvelope(body)) throw badResponse(response.status);
      return body;
    });
    if (answer instanceof Blob) return answer;
    envelope = answer;
  } catch (error) {
    throw report(toApiError(error), options);
  }
  const message = typeof envelope.message === 'string' ? envelope.message : undefined;
  throw report(apiErrorFor(String(envelope.code), message, envelope.data), options);
}

/** The envelope every API answer has (docs/api-contract.md). */
interface Envelope {
  code: unknown;
  message?: unknown;
  data?: unknown;
}

async function callApi<T>(path: string, init: RequestInit, options: RequestOptions): Promise<T> {
  let envelope: Envelope;
  try {
    envelope = await withTimeout(options, async (signal) => {
      const response = await fetch(withQuery(path, options.query), requestInit(init, signal));
      const body = parseJson(await response.text());
      if (!isEnvelope(body)) {
        if (GATEWAY_FAILURES.includes(response.status)) reachability(false);
        throw badResponse(response.status);
      }
      reachability(true);
      return body;
    });
  } catch (error) {
    throw report(toApiError(error), options);
  }
  if (typeof envelope.code === 'string' && SUCCESS_CODES.includes(envelope.code)) return envelope.data as T;
  const message = typeof envelope.message === 'string' ? envelope.message : undefined;
  throw report(apiErrorFor(String(envelope.code), message, envelope.data), options);
}

/** What a reverse proxy answers when the server behind it is down. */
const GATEWAY_FAILURES = [502, 503, 504];

function requestInit(init: RequestInit, signal: AbortSignal): RequestInit {
  return {
    ...init,
    credentials: 'include',
    signal,
    headers: { Accept: 'application/json', 'Accept-Language': currentLanguage() },
  };
}

function withQuery(path: string, query: FormObject | undefined): string {
  if (!query) return path;
  const encoded = toDottedForm(query).toString();
  if (!encoded) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${encoded}`;
}

/** The parsed body, or undefined when it is not JSON (reading the body may still throw on abort). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && 'code' in body;
}

/**
 * Runs `work` with an AbortSignal that fires on the caller's signal or after the timeout, and turns the two
 * kinds of abort into distinct errors (a timeout is the server's fault, a cancel is the caller's wish).
 */
async function withTimeout<T>(options: RequestOptions, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const cancel = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', cancel);
  try {
    return await work(controller.signal);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (timedOut) {
      throw new ApiError(ClientErrorCode.Timeout, i18n.t('api.timeout', { seconds: Math.round(timeoutMs / 1000) }));
    }
    if (controller.signal.aborted) throw new ApiError(ClientErrorCode.Aborted, i18n.t('api.aborted'));
    reachability(false);
    throw new ApiError(ClientErrorCode.Network, i18n.t('api.network'));
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
}

function badResponse(status: number): ApiError {
  return new ApiError(ClientErrorCode.BadResponse, i18n.t('api.badResponse', { status }));
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(ClientErrorCode.Network, i18n.t('api.network'));
}

/** Applies the side effects of a failure (session loss, toast) and hands the error back for throwing. */
function report(error: ApiError, options: RequestOptions): ApiError {
  if (SESSION_LOST_CODES.includes(error.code)) sessionLost();
  // 1330: the session guard has sent the user to the password step; the shell's own calls need no toast.
  if (!options.silent && error.code !== Code.PasswordChangeRequired) showError(error);
  return error;
}
