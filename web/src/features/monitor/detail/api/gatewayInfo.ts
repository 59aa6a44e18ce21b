import { useQuery } from '@tanstack/react-query';
import type { ApiError } from '@/lib/api/errors';
import { EG_GATEWAY_POLL_MS } from '@/entities/live/liveConstants';
import { fetchBoundGateway } from '@/entities/gateways/api';
import type { Gateway } from '../model/types';
import { monitorKeys } from '@/entities/equipmentRecords/keys';

/**
 * The bound gateway (entities/gateways/api.ts), or null when none is bound. Refreshed every 60 s while the tab is
 * shown, like the monitor session's own poll.
 */
export function useGatewayDetails(equipmentId: number) {
  return useQuery<Gateway | null, ApiError>({
    queryKey: monitorKeys.gateway(equipmentId),
    queryFn: ({ signal }) => fetchBoundGateway(equipmentId, signal),
    refetchInterval: EG_GATEWAY_POLL_MS,
  });
}
