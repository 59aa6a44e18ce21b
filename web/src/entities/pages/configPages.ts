/**
 * Configuration pages as the server answers them (crates/server/src/api/pages.rs). A page belongs to exactly one
 * owner, an equipment or a project: its list (the owner's page list in management, the viewer's tabs), its changes
 * (add, rename, copy, make home, delete) and one page with its document (docs/page-document.md). Every call by page
 * id serves both kinds of owner; only listing and adding name the owner. A project's page is also answered, with its
 * password, by the project monitor's own calls (docs/project-monitor.md), which the live viewer uses for it (its
 * page source, runtime/live/pageSource.ts, chooses). Query keys under ['configPages', …].
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { Created, PageSummary } from '@/generated/answers';

/**
 * A page (the generated `PageSummary`) with its document (the JSON the designer saves; parsed by the viewer, not
 * trusted as typed here).
 */
export interface ConfigPageInfo extends PageSummary {
  document: unknown;
}

/** Whose pages: an equipment's (bound to its signals) or a project's (bound to any of its equipment's signals). */
export type PageOwner = { kind: 'equipment'; id: number } | { kind: 'project'; id: number };

/**
 * The owner a page answer names (exactly one of its two ids is set); null for an answer naming neither. Read as
 * JSON arrives: an id that is not a number names nothing.
 */
export function ownerOfPage(page: { equipmentId: number | null; projectId: number | null }): PageOwner | null {
  if (typeof page.projectId === 'number') return { kind: 'project', id: page.projectId };
  if (typeof page.equipmentId === 'number') return { kind: 'equipment', id: page.equipmentId };
  return null;
}

/** Whether two owners are the same equipment or the same project. */
export function sameOwner(a: PageOwner | null, b: PageOwner | null): boolean {
  return a !== null && b !== null && a.kind === b.kind && a.id === b.id;
}

export const configPageKeys = {
  /** An owner's page list: an equipment and a project of the same id are different lists. */
  list: (owner: PageOwner) => ['configPages', 'list', owner.kind, owner.id] as const,
  info: (pageId: number) => ['configPages', 'info', pageId] as const,
  design: (pageId: number) => ['configPages', 'design', pageId] as const,
};

/** Canvas default (spec section 9) and the longest title. */
export const PAGE_DEFAULT_SIZE = { width: 1024, height: 768 } as const;
export const PAGE_TITLE_MAX = 60;

/** The list call and the body naming the owner, for listing and adding. */
function ownerCall(owner: PageOwner): { query: string; add: string; body: Record<string, number> } {
  return owner.kind === 'equipment'
    ? { query: '/lfscada/configuration/page/query', add: '/lfscada/configuration/page/add', body: { equipmentId: owner.id } }
    : { query: '/lfscada/project/page/query', add: '/lfscada/project/page/add', body: { projectId: owner.id } };
}

/**
 * POST /lfscada/configuration/page/query {equipmentId} or /lfscada/project/page/query {projectId} → the owner's
 * pages, oldest first (`home` marks the owner's home page). A project answers 1253 when the caller may not see it
 * (another organisation's, or a limited sub-account without every equipment of it granted).
 */
export function fetchPages(owner: PageOwner, signal?: AbortSignal): Promise<PageSummary[]> {
  const call = ownerCall(owner);
  return post<PageSummary[]>(call.query, call.body, { silent: true, ...(signal ? { signal } : {}) });
}

/**
 * POST /lfscada/configuration/page/info {id} → the page and its document; 1205 when the caller cannot see it, 1240
 * while it is protected and this session has not given its password.
 */
export function fetchPageInfo(pageId: number, signal?: AbortSignal): Promise<ConfigPageInfo> {
  return post<ConfigPageInfo>('/lfscada/configuration/page/info', { id: pageId }, { silent: true, ...(signal ? { signal } : {}) });
}

/**
 * POST /lfscada/monitor/project/page/info {id} → a project's page and its document, as `configuration/page/info`,
 * checked against the page's project (the caller sees every equipment of it); 1205 when it does not exist, is not
 * the caller's or is an equipment's page; 1240 while protected.
 */
export function fetchProjectPageInfo(pageId: number, signal?: AbortSignal): Promise<ConfigPageInfo> {
  return post<ConfigPageInfo>('/lfscada/monitor/project/page/info', { id: pageId }, { silent: true, ...(signal ? { signal } : {}) });
}

/**
 * POST /lfscada/configuration/page/design {id} → the same for the designer (manage permission), without asking for
 * the page's password.
 */
export function fetchPageForDesign(pageId: number, signal?: AbortSignal): Promise<ConfigPageInfo> {
  return post<ConfigPageInfo>('/lfscada/configuration/page/design', { id: pageId }, { silent: true, ...(signal ? { signal } : {}) });
}

/**
 * The designer's load of a page, for its screen and for the route's prefetch alike. `freshForMs`: an answer younger
 * than this is not asked for again (the designer mounting right after the route asked).
 */
export function pageForDesignQuery(pageId: number, freshForMs = 0) {
  return queryOptions<ConfigPageInfo, ApiError>({
    queryKey: configPageKeys.design(pageId),
    queryFn: ({ signal }) => fetchPageForDesign(pageId, signal),
    staleTime: freshForMs,
  });
}

/**
 * POST /lfscada/configuration/page/validPassword {id, password}: when right, `page/info` answers the protected page
 * for this session; 1241 when wrong, 1007 after too many wrong ones.
 */
export function givePagePassword(pageId: number, password: string): Promise<unknown> {
  return post<unknown>('/lfscada/configuration/page/validPassword', { id: pageId, password }, { silent: true });
}

/**
 * POST /lfscada/monitor/project/page/validPassword {id, password}: a project page's password, as
 * `configuration/page/validPassword` (the page opens for this session by either call); 1205 for an equipment's page.
 */
export function giveProjectPagePassword(pageId: number, password: string): Promise<unknown> {
  return post<unknown>('/lfscada/monitor/project/page/validPassword', { id: pageId, password }, { silent: true });
}

/** The owner's pages, one cache entry for its page list, the viewer's tabs and the designer's "open page". */
export function usePages(owner: PageOwner) {
  return useQuery<PageSummary[], ApiError>({
    queryKey: configPageKeys.list(owner),
    queryFn: ({ signal }) => fetchPages(owner, signal),
  });
}

/** A change of one of the owner's pages, as the page list makes them. */
export type PageChange =
  | { kind: 'add'; title: string; width?: number | null; height?: number | null }
  | { kind: 'rename' | 'copy'; id: number; title: string }
  | { kind: 'home'; id: number };

/**
 * Adds to the owner (/lfscada/configuration/page/add {equipmentId, …} or /lfscada/project/page/add {projectId, …},
 * → {id}); by page id: /edit {id, title}, /copy {id, title} → {id} (document, canvas and password copied, in the
 * same owner) or /setHome {id} (the owner's home page). Silent: the dialog shows the refusal.
 */
export function savePage(owner: PageOwner, change: PageChange): Promise<unknown> {
  switch (change.kind) {
    case 'add': {
      const { add, body } = ownerCall(owner);
      const size = { width: change.width ?? undefined, height: change.height ?? undefined };
      return post<Created>(add, { ...body, title: change.title.trim(), ...size }, { silent: true });
    }
    case 'copy':
      return post<Created>('/lfscada/configuration/page/copy', { id: change.id, title: change.title.trim() }, { silent: true });
    case 'home':
      return post<null>('/lfscada/configuration/page/setHome', { id: change.id }, { silent: true });
    case 'rename':
      return post<null>('/lfscada/configuration/page/edit', { id: change.id, title: change.title.trim() }, { silent: true });
  }
}

/** POST /lfscada/configuration/page/delete {id} (the owner's home page moves to its first page). */
export function deletePage(pageId: number): Promise<null> {
  return post<null>('/lfscada/configuration/page/delete', { id: pageId });
}

/** The owner's page changes; each refreshes the owner's list. */
export function usePageChanges(owner: PageOwner) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: configPageKeys.list(owner) });
  const save = useMutation<unknown, ApiError, PageChange>({
    mutationFn: (change) => savePage(owner, change),
    onSuccess: (_data, change) => {
      void refresh();
      // The monitor's equipment cards open the equipment's home page.
      if (change.kind === 'home' && owner.kind === 'equipment') void queryClient.invalidateQueries({ queryKey: ['monitorList'] });
    },
  });
  const remove = useMutation<null, ApiError, number>({
    mutationFn: deletePage,
    onSuccess: () => {
      void refresh();
      // Deleting the home page makes the first page the home page the cards open.
      if (owner.kind === 'equipment') void queryClient.invalidateQueries({ queryKey: ['monitorList'] });
    },
  });
  return { save, remove };
}
