import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { Card } from '../model';
import { MONITOR_LIST_POLL_MS, monitorListKeys } from './keys';

/**
 * POST /lfscada/monitor/equipment/queryAll {} → every card. The map lists the equipment it cannot place from
 * these: queryAllForMap answers only the cards that have coordinates.
 */
export function fetchAllCards(signal?: AbortSignal): Promise<Card[]> {
  return post<Card[]>('/lfscada/monitor/equipment/queryAll', {}, { silent: true, ...(signal ? { signal } : {}) });
}

export function useAllCards() {
  return useQuery<Card[], ApiError>({
    queryKey: [...monitorListKeys.all, 'allCards'],
    queryFn: ({ signal }) => fetchAllCards(signal),
    refetchInterval: MONITOR_LIST_POLL_MS,
  });
}
