/**
 * `POST /lfscada/configuration/page/setPassword {id, password}`: sets the page's password (4 to 32 letters or
 * digits, checked by the server) or removes it when empty. It takes effect at once, not with the page's save: the
 * viewer of every session asks for the new one.
 */
import { post } from '@/lib/api/client';

export function setPagePassword(pageId: number, password: string): Promise<unknown> {
  return post<unknown>('/lfscada/configuration/page/setPassword', { id: pageId, password }, { silent: true });
}
