/**
 * A page's kept versions (each save keeps one, the newest 20): `page/versions {id}` lists them newest first,
 * `page/version {id, saved}` answers one's document, which the designer previews or restores (a restore is an
 * edit the engineer then saves, so it is a version too and can itself be undone).
 */
import { useQuery } from '@tanstack/react-query';
import type { PageVersion, PageVersionDocument } from '@/generated/answers';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';

export const pageVersionKeys = {
  list: (pageId: number) => ['configPages', 'versions', pageId] as const,
  one: (pageId: number, saved: number) => ['configPages', 'version', pageId, saved] as const,
};

export function usePageVersions(pageId: number, enabled: boolean) {
  return useQuery<PageVersion[], ApiError>({
    queryKey: pageVersionKeys.list(pageId),
    queryFn: ({ signal }) => post<PageVersion[]>('/lfscada/configuration/page/versions', { id: pageId }, { silent: true, signal }),
    enabled,
  });
}

export function fetchPageVersion(pageId: number, saved: number): Promise<PageVersionDocument> {
  return post<PageVersionDocument>('/lfscada/configuration/page/version', { id: pageId, saved }, { silent: true });
}
