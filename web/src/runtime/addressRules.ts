/**
 * The server's link rule (crates/domain/src/page/fields.rs `is_http_url`), from the generated constants: the one
 * definition the designer's check before saving (features/designer/model/check) and the viewer's video player
 * (runtime/video.ts) both apply, so what the server stores is what the viewer fetches.
 */
import widgetTypes from '@/generated/widgetTypes.json';

/** `value` with A-Z lowered and nothing else changed, as Rust's `to_ascii_lowercase`. */
export function asciiLower(value: string): string {
  return value.replace(/[A-Z]+/g, (upper) => upper.toLowerCase());
}

/** Whether the code point is one no link may hold (white space, a control character: the generated ranges). */
export function refusedInLink(codePoint: number): boolean {
  return widgetTypes.notInLink.some(([first = 0, last = -1]) => codePoint >= first && codePoint <= last);
}

/** An absolute http or https URL with a host, without white space or control characters. */
export function isHttpUrl(link: string): boolean {
  const lower = asciiLower(link);
  const scheme = widgetTypes.linkSchemes.find((s) => lower.startsWith(s));
  if (scheme === undefined) return false;
  const rest = lower.slice(scheme.length);
  // The host runs to the first of the generated ends ('/', '?', '#'), all ASCII.
  let end = rest.length;
  for (const c of widgetTypes.hostEnds) {
    const i = rest.indexOf(c);
    if (i >= 0 && i < end) end = i;
  }
  if (end === 0) return false;
  for (const c of link) if (refusedInLink(c.codePointAt(0) ?? 0)) return false;
  return true;
}
