/**
 * Saving a page's document (`POST /lfscada/configuration/page/save {id, document}`): the edited document written
 * back in its stored form (model/writeDocument.ts) as JSON text; the server checks it whole with the same rules
 * and answers the saved time, or a field error naming the widget it refuses.
 */
import type { PageSaved } from '@/generated/answers';
import { post } from '@/lib/api/client';
import type { PageDocument } from '@/runtime/document';
import { writePageDocument } from '../model/writeDocument';

export function savePage(pageId: number, document: PageDocument): Promise<PageSaved> {
  const text = JSON.stringify(writePageDocument(document));
  return post<PageSaved>('/lfscada/configuration/page/save', { id: pageId, document: text }, { silent: true });
}
