import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { PAGE_SIZE, cardFilterPayload, type CardPage, type ListFilters } from '../model';
import type { MonitorKind } from '@/lib/paths';
import { MONITOR_LIST_POLL_MS, monitorListKeys } from './keys';

/** A page of one kind's cards (`eg` behind gateways, `gm` GM equipment) with the list's filters. */
export type CardQuery = Pick<ListFilters, 'keyword' | 'sort' | 'online' | 'followedOnly' | 'page'> & { kind: MonitorKind };

/**
 * POST /lfscada/monitor/equipment/query {kind, page, pageSize, keyword, online, follow, sort} → {total, list}: the
 * caller's stuck equipment first, then by time or name. Silent: the screen shows failures inline, and a failed
 * background refresh does not toast every minute.
 */
export function fetchCards(query: CardQuery, signal?: AbortSignal): Promise<CardPage> {
  return post<CardPage>(
    '/lfscada/monitor/equipment/query',
    { kind: query.kind, ...cardFilterPayload(query), page: query.page, pageSize: PAGE_SIZE },
    { silent: true, ...(signal ? { signal } : {}) },
  );
}

export function useCards(query: CardQuery) {
  return useQuery<CardPage, ApiError>({
    queryKey: monitorListKeys.cards(query),
    queryFn: ({ signal }) => fetchCards(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: MONITOR_LIST_POLL_MS,
  });
}
