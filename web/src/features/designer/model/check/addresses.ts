/**
 * Which picture addresses a document may hold, as the server decides it (crates/domain/src/image_url.rs): the
 * viewer's rule (`safeImageUrl`, web/src/runtime/urls.ts) applied on each of the generated console pages, an http
 * and an https one, so an address is kept only when it draws behind either kind of deployment.
 */
import widgetTypes from '@/generated/widgetTypes.json';

export type ImageAddress = 'none' | 'shown' | 'refused';

function httpOn(address: string, base: string): boolean {
  try {
    const { protocol } = new URL(address, base);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** What the viewer does with `address` on every console: nothing (blank), draws it, or refuses it. */
export function imageAddress(address: string): ImageAddress {
  const text = address.trim();
  if (text === '') return 'none';
  if (/^data:image\//i.test(text)) return 'shown';
  return widgetTypes.imageBases.every((base) => httpOn(text, base)) ? 'shown' : 'refused';
}
