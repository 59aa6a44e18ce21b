import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { Card } from '../model';
import { MONITOR_LIST_POLL_MS, monitorListKeys } from './keys';

/**
 * POST /lfscada/monitor/equipment/queryAll {groupId} → every card of one group (0: the ungrouped), in the list's
 * order. The group view pages these itself, so a highlighted equipment can be shown on whichever page holds it.
 */
export function fetchGroupCards(groupId: number, signal?: AbortSignal): Promise<Card[]> {
  return post<Card[]>('/lfscada/monitor/equipment/queryAll', { groupId }, { silent: true, ...(signal ? { signal } : {}) });
}

export function useGroupCards(groupId: number | null) {
  return useQuery<Card[], ApiError>({
    queryKey: monitorListKeys.groupCards(groupId ?? -1),
    queryFn: ({ signal }) => fetchGroupCards(groupId ?? 0, signal),
    enabled: groupId !== null,
    refetchInterval: MONITOR_LIST_POLL_MS,
  });
}
