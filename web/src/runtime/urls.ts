/**
 * Which addresses a page may use. A page document is written by whoever may design pages, and viewed by every
 * operator: a link is opened only when it is http or https (never javascript: or data:), a picture is drawn only
 * from http(s), a path on the console or an inline image.
 */

/** Whether `link` may be opened: only http and https addresses (relative ones resolve to the console's own). */
export function safeLink(link: string, base: string = window.location.href): string | null {
  if (!link.trim()) return null;
  try {
    const url = new URL(link.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Whether an image address may be drawn: http(s), a path on the console, or an inline picture. */
export function safeImageUrl(url: string): string | null {
  const text = url.trim();
  if (!text) return null;
  if (/^data:image\//i.test(text)) return text;
  return safeLink(text) === null ? null : text;
}
