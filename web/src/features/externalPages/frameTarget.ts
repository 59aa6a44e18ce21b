/**
 * Which address `/manage/frame/:path` may frame (docs/frame.md): `path` is an external page's id, or an http(s)
 * address (URL-encoded in the console's address) whose origin is the origin of one of the organisation's external
 * pages: a deep link into an allowed site. Anything else is refused and never framed. The server's
 * Content-Security-Policy frames only those origins too; this rule is what keeps the screen honest about it.
 */
import type { ExternalPage } from '@/generated/answers';

export type FrameTarget =
  | { kind: 'frame'; url: string; origin: string; page: ExternalPage }
  | { kind: 'refused'; reason: 'unknownId' | 'notAddress' | 'otherOrigin' | 'console' };

/** The parsed address when `text` is an absolute http(s) URL with a host and no user name or password. */
export function httpUrl(text: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (!url.hostname || url.username || url.password) return undefined;
  return url;
}

/** The origin (`scheme://host[:port]`) of a stored external page's address, as the browser spells it. */
export function originOf(address: string): string | undefined {
  return httpUrl(address)?.origin;
}

function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/**
 * Decides what `path` (the route's parameter) frames among `pages`. `consoleOrigin` (the console's own, by default
 * the document's) is never framed, even when an entry names it: the frame's sandbox lets its own origin's scripts
 * run, which for the console itself would be the console's scripts with the console's session.
 */
export function frameTarget(
  path: string,
  pages: readonly ExternalPage[],
  consoleOrigin: string = window.location.origin,
): FrameTarget {
  const target = choose(path, pages);
  return target.kind === 'frame' && target.origin === consoleOrigin ? { kind: 'refused', reason: 'console' } : target;
}

function choose(path: string, pages: readonly ExternalPage[]): FrameTarget {
  if (/^\d+$/.test(path)) {
    const page = pages.find((entry) => String(entry.id) === path);
    if (!page) return { kind: 'refused', reason: 'unknownId' };
    const url = httpUrl(page.url);
    return url ? { kind: 'frame', url: url.href, origin: url.origin, page } : { kind: 'refused', reason: 'notAddress' };
  }
  // The router hands the parameter decoded; an address encoded twice is decoded once more.
  const url = httpUrl(path) ?? (path.includes('%') ? httpUrl(decoded(path) ?? '') : undefined);
  if (!url) return { kind: 'refused', reason: 'notAddress' };
  const page = pages.find((entry) => originOf(entry.url) === url.origin);
  return page ? { kind: 'frame', url: url.href, origin: url.origin, page } : { kind: 'refused', reason: 'otherOrigin' };
}

/** The console's address of an external page: its id under /manage/frame. */
export function framePath(page: Pick<ExternalPage, 'id'>): string {
  return `/manage/frame/${page.id}`;
}
