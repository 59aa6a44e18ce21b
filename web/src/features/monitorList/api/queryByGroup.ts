import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { PAGE_SIZE, cardFilterPayload, type CardPage } from '../model';
import { MONITOR_LIST_POLL_MS, monitorListKeys } from './keys';
import type { CardQuery } from './queryCards';

export interface GroupCardQuery extends CardQuery {
  /** 0 for the ungrouped equipment. */
  groupId: number;
}

/**
 * POST /lfscada/monitor/group/equipment/queryByGroup {kind, groupId, page, pageSize, keyword, sort, online, follow} →
 * {total, list}; groupId 0 lists the ungrouped. Silent: each group section shows its own failure.
 */
export function fetchByGroup(query: GroupCardQuery, signal?: AbortSignal): Promise<CardPage> {
  return post<CardPage>(
    '/lfscada/monitor/group/equipment/queryByGroup',
    { kind: query.kind, groupId: query.groupId, ...cardFilterPayload(query), page: query.page, pageSize: PAGE_SIZE },
    { silent: true, ...(signal ? { signal } : {}) },
  );
}

export function useByGroup(query: GroupCardQuery) {
  return useQuery<CardPage, ApiError>({
    queryKey: monitorListKeys.byGroup(query),
    queryFn: ({ signal }) => fetchByGroup(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: MONITOR_LIST_POLL_MS,
  });
}
