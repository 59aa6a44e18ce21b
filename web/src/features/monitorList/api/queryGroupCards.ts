import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { Card } from '../model';
import type { MonitorKind } from '@/lib/paths';
import { MONITOR_LIST_POLL_MS, monitorListKeys } from './keys';

/**
 * POST /lfscada/monitor/equipment/queryAll {kind, groupId} → every card of one kind in one group (0: the ungrouped), in the list's
 * order. The group view pages these itself, so a highlighted equipment can be shown on whichever page holds it.
 */
export function fetchGroupCards(kind: MonitorKind, groupId: number, signal?: AbortSignal): Promise<Card[]> {
  return post<Card[]>('/lfscada/monitor/equipment/queryAll', { kind, groupId }, { silent: true, ...(signal ? { signal } : {}) });
}

export function useGroupCards(kind: MonitorKind, groupId: number | null) {
  return useQuery<Card[], ApiError>({
    queryKey: monitorListKeys.groupCards(kind, groupId ?? -1),
    queryFn: ({ signal }) => fetchGroupCards(kind, groupId ?? 0, signal),
    enabled: groupId !== null,
    refetchInterval: MONITOR_LIST_POLL_MS,
  });
}
