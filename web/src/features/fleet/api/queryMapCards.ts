import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { MapCard } from '../model';
import { FLEET_POLL_MS, fleetKeys } from './keys';

/**
 * POST /lfscada/monitor/equipment/queryAllForMap {} → the cards with coordinates, each with the latest values of
 * its first signals (keyValues). Silent: the map shows a failure inline.
 */
export function fetchMapCards(signal?: AbortSignal): Promise<MapCard[]> {
  return post<MapCard[]>('/lfscada/monitor/equipment/queryAllForMap', {}, { silent: true, ...(signal ? { signal } : {}) });
}

export function useMapCards() {
  return useQuery<MapCard[], ApiError>({
    queryKey: fleetKeys.map,
    queryFn: ({ signal }) => fetchMapCards(signal),
    refetchInterval: FLEET_POLL_MS,
  });
}
