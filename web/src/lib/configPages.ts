/**
 * Configuration pages as the server answers them (crates/server/src/api/pages.rs): the list of an equipment's
 * pages, shared by the equipment's page tab (management) and the page viewer (monitor), and one page with its
 * document (docs/page-document.md). Query keys under ['configPages', …].
 */
import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';

/** A configuration page of an equipment (the server's answer type). */
export type { PageSummary as ConfigPage } from '@/generated/answers';
import type { PageSummary as ConfigPage } from '@/generated/answers';

/** A page with its document (the JSON the designer saves; parsed by the viewer, not trusted as typed here). */
export interface ConfigPageInfo extends ConfigPage {
  document: unknown;
}

export const configPageKeys = {
  list: (equipmentId: number) => ['configPages', 'list', equipmentId] as const,
  info: (pageId: number) => ['configPages', 'info', pageId] as const,
  design: (pageId: number) => ['configPages', 'design', pageId] as const,
};

/** POST /lfscada/configuration/page/query {equipmentId} → the equipment's pages, oldest first. */
export function fetchPages(equipmentId: number, signal?: AbortSignal): Promise<ConfigPage[]> {
  return post<ConfigPage[]>('/lfscada/configuration/page/query', { equipmentId }, { silent: true, ...(signal ? { signal } : {}) });
}

/** POST /lfscada/configuration/page/info {id} → the page and its document; 1205 when the caller cannot see it. */
export function fetchPageInfo(pageId: number, signal?: AbortSignal): Promise<ConfigPageInfo> {
  return post<ConfigPageInfo>('/lfscada/configuration/page/info', { id: pageId }, { silent: true, ...(signal ? { signal } : {}) });
}

/**
 * POST /lfscada/configuration/page/design {id} → the same for the designer (manage permission), without asking for
 * the page's password.
 */
export function fetchPageForDesign(pageId: number, signal?: AbortSignal): Promise<ConfigPageInfo> {
  return post<ConfigPageInfo>('/lfscada/configuration/page/design', { id: pageId }, { silent: true, ...(signal ? { signal } : {}) });
}

/**
 * POST /lfscada/configuration/page/validPassword {id, password}: when right, `page/info` answers the protected page
 * for this session; 1241 when wrong, 1007 after too many wrong ones.
 */
export function givePagePassword(pageId: number, password: string): Promise<unknown> {
  return post<unknown>('/lfscada/configuration/page/validPassword', { id: pageId, password }, { silent: true });
}

/** The equipment's pages, one cache entry for its page tab and the viewer's tabs. */
export function usePages(equipmentId: number) {
  return useQuery<ConfigPage[], ApiError>({
    queryKey: configPageKeys.list(equipmentId),
    queryFn: ({ signal }) => fetchPages(equipmentId, signal),
  });
}
