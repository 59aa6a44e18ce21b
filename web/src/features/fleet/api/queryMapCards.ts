import { useQuery } from '@tanstack/react-query';
import { fetchMapCards } from '@/lib/map/mapCards';
import type { ApiError } from '@/lib/api/errors';
import type { MapCard } from '../model';
import { FLEET_POLL_MS, fleetKeys } from './keys';

/** The fleet map's query of queryAllForMap (lib/map/mapCards.ts), refreshed with the other lists. */
export { fetchMapCards };

export function useMapCards() {
  return useQuery<MapCard[], ApiError>({
    queryKey: fleetKeys.map,
    queryFn: ({ signal }) => fetchMapCards(signal),
    refetchInterval: FLEET_POLL_MS,
  });
}
