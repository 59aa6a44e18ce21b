import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { EG_GATEWAY_POLL_MS, NO_GATEWAY_CODE } from '@/entities/live/liveConstants';
import type { Gateway } from '../model/types';
import { monitorKeys } from '@/entities/equipmentRecords/keys';

/**
 * POST /lfscada/monitor/multi/gateway/info {equipmentId} → the bound gateway, or null when none is bound (2001,
 * spec section 8: "no gateway"; an answer, not an error). Silent: other failures show inline.
 */
export async function fetchGatewayDetails(equipmentId: number, signal?: AbortSignal): Promise<Gateway | null> {
  try {
    const data = await post<Gateway | null>(
      '/lfscada/monitor/multi/gateway/info',
      { equipmentId },
      { silent: true, ...(signal ? { signal } : {}) },
    );
    return data ?? null;
  } catch (error) {
    if ((error as { code?: string }).code === NO_GATEWAY_CODE) return null;
    throw error;
  }
}

/** Refreshed every 60 s while the tab is shown, like the monitor session's own poll. */
export function useGatewayDetails(equipmentId: number) {
  return useQuery<Gateway | null, ApiError>({
    queryKey: monitorKeys.gateway(equipmentId),
    queryFn: ({ signal }) => fetchGatewayDetails(equipmentId, signal),
    refetchInterval: EG_GATEWAY_POLL_MS,
  });
}
