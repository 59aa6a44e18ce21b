/**
 * Saving a page's document (`POST /lfscada/configuration/page/save {id, document, base}`): the edited document
 * written back in its stored form (model/writeDocument.ts) as JSON text, which the editor has checked with the
 * server's rules first (model/check); the server checks it whole again and answers the saved version
 * (`updated`), a field error naming the widget it refuses, or 1239 when the page was saved by someone else since
 * `base`, the version this editor has. `base` null overwrites.
 */
import type { PageSaved } from '@/generated/answers';
import { post } from '@/lib/api/client';

/** `text`: the document as model/writeDocument.ts writes it, the very text the editor checked. */
export function savePage(pageId: number, text: string, base: number | null): Promise<PageSaved> {
  const fields = base === null ? { id: pageId, document: text } : { id: pageId, document: text, base };
  return post<PageSaved>('/lfscada/configuration/page/save', fields, { silent: true });
}
