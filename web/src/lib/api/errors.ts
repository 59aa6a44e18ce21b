/**
 * The error every API call rejects with, and how its text is chosen. The server's message wins (it is already
 * in the caller's language); then the generated catalogue's text for the code; then a generic text naming the
 * code, so the operator always has something to report.
 */
import catalogue from '@/generated/errorCatalogue.json';
import { currentLanguage, i18n } from '@/lib/i18n';
import { catalogueTag, type Language } from '@/lib/i18n/language';
import { Code } from '@/lib/api/codes';

/**
 * Codes the client itself assigns when no server answer could be read. They are not numeric, so they can never
 * collide with a catalogue code.
 */
export const ClientErrorCode = {
  /** The request never reached the server or its answer never arrived (offline, DNS, connection reset). */
  Network: 'network',
  /** No answer within the request timeout (120 s). */
  Timeout: 'timeout',
  /** The caller cancelled the request (e.g. the page was left). Never toasted. */
  Aborted: 'aborted',
  /** An answer arrived but was not the JSON envelope {code, message, data} (e.g. a proxy's 502 page). */
  BadResponse: 'bad_response',
} as const;

/** Session codes: the client clears the cached user and goes to /login (spec sections 6 and 8). */
export const SESSION_LOST_CODES: readonly string[] = [Code.NotLoggedIn, Code.SessionLost];

/** Communication timeout (spec section 8); also what the async command poller gives up with. */
export const COMMUNICATION_TIMEOUT_CODE = Code.CommTimeout;

/** A failed API call: the wire code (or a {@link ClientErrorCode}) and a text ready to show. */
export class ApiError extends Error {
  readonly code: string;
  /** The answer's `data`: for a refused parameter (1100, 1101) `{field, reason}`, see fieldErrors. */
  readonly data: unknown;

  constructor(code: string, message: string, data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.data = data ?? null;
  }
}

type CatalogueEntry = { zh: string; en: string };
const entries = catalogue as Record<string, CatalogueEntry | undefined>;

/**
 * The catalogue's text for `code` in `language`, with `{name}` placeholders filled from `params`. Placeholders
 * without a value are left as written, so a missing value is visible rather than silently dropped.
 * Undefined when the catalogue does not know the code.
 */
export function catalogueText(
  code: string,
  language: Language = currentLanguage(),
  params: Record<string, string | number> = {},
): string | undefined {
  const entry = Object.prototype.hasOwnProperty.call(entries, code) ? entries[code] : undefined;
  const template = entry?.[catalogueTag(language)];
  if (!template) return undefined;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

/** The generic text for a code nothing else describes: "communication exception (code {code})". */
export function genericErrorText(code: string): string {
  return i18n.t('api.generic', { code });
}

/** Server message, else catalogue text, else the generic text (spec section 8). */
export function errorText(code: string, serverMessage?: string | null): string {
  const message = serverMessage?.trim();
  if (message) return message;
  return catalogueText(code) ?? genericErrorText(code);
}

/** An ApiError for `code` whose text follows {@link errorText}, keeping the answer's `data`. */
export function apiErrorFor(code: string, serverMessage?: string | null, data?: unknown): ApiError {
  return new ApiError(code, errorText(code, serverMessage), data);
}
