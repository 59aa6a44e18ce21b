import { useQuery } from '@tanstack/react-query';
import { fetchMapCards } from '@/entities/equipment/mapCards';
import type { ApiError } from '@/lib/api/errors';
import type { MapCard } from '../model';
import { MONITOR_LIST_POLL_MS, monitorListKeys } from './keys';

/** The map screen's query of queryAllForMap (entities/equipment/mapCards.ts), refreshed with the other lists. */
export { fetchMapCards };

export function useMapCards() {
  return useQuery<MapCard[], ApiError>({
    queryKey: monitorListKeys.map,
    queryFn: ({ signal }) => fetchMapCards(signal),
    refetchInterval: MONITOR_LIST_POLL_MS,
  });
}
