import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { PAGE_SIZE, cardFilterPayload, type CardPage, type ListFilters } from '../model';
import { MONITOR_LIST_POLL_MS, monitorListKeys } from './keys';

export type CardQuery = Pick<ListFilters, 'keyword' | 'sort' | 'online' | 'followedOnly' | 'page'>;

/**
 * POST /lfscada/monitor/equipment/query {page, pageSize, keyword, online, follow, sort} → {total, list}: the
 * caller's stuck equipment first, then by time or name. Silent: the screen shows failures inline, and a failed
 * background refresh does not toast every minute.
 */
export function fetchCards(query: CardQuery, signal?: AbortSignal): Promise<CardPage> {
  return post<CardPage>(
    '/lfscada/monitor/equipment/query',
    { ...cardFilterPayload(query), page: query.page, pageSize: PAGE_SIZE },
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
