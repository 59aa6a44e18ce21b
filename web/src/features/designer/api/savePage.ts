/**
 * Saving a page's document (`POST /lfscada/configuration/page/save {id, document, base}`): the edited document
 * written back in its stored form (model/writeDocument.ts) as JSON text; the server checks it whole with the same
 * rules and answers the saved version (`updated`), a field error naming the widget it refuses, or 1239 when the
 * page was saved by someone else since `base`, the version this editor has. `base` null overwrites.
 */
import type { PageSaved } from '@/generated/answers';
import { post } from '@/lib/api/client';
import type { PageDocument } from '@/runtime/document';
import { writePageDocument } from '../model/writeDocument';

export function savePage(pageId: number, document: PageDocument, base: number | null): Promise<PageSaved> {
  const text = JSON.stringify(writePageDocument(document));
  const fields = base === null ? { id: pageId, document: text } : { id: pageId, document: text, base };
  return post<PageSaved>('/lfscada/configuration/page/save', fields, { silent: true });
}
