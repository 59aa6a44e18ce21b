import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { Gateway } from '@/generated/answers';

export type ConfigState = 'applied' | 'pending' | 'error';

/**
 * Whether the bound gateway's configuration is in force: `configVersion` is raised by every driver, signal or binding
 * change, the gateway acknowledges the version it applied (`appliedVersion`) or says why it refused it
 * (`configError`). The agent's error wins, then applied (it runs the latest version), else pending.
 */
export function configStateOf(gateway: Pick<Gateway, 'configVersion' | 'appliedVersion' | 'configError'>): ConfigState {
  if (gateway.configError?.trim()) return 'error';
  return gateway.appliedVersion >= gateway.configVersion ? 'applied' : 'pending';
}

/**
 * POST /lfscada/gateway/info {sn} → the gateway (the driver tab shows its reachability and configuration state);
 * 2001 when there is none. Silent: shown inline.
 */
export function fetchGatewayState(sn: string, signal?: AbortSignal): Promise<Gateway> {
  return post<Gateway>('/lfscada/gateway/info', { sn }, { silent: true, ...(signal ? { signal } : {}) });
}

/**
 * The bound gateway's state. While `watchUntil` (ms since the epoch) lies ahead and the configuration is still
 * pending, it is asked again every `intervalMs`: a save is followed until the gateway applies or refuses it, or
 * until the watch ends (an offline gateway applies nothing).
 */
export function useGatewayState(sn: string | null | undefined, watchUntil: number, intervalMs = 2000) {
  return useQuery<Gateway, ApiError>({
    queryKey: ['equipment', 'gatewayState', sn],
    queryFn: ({ signal }) => fetchGatewayState(sn as string, signal),
    enabled: Boolean(sn),
    refetchInterval: (query) => {
      const data = query.state.data;
      if (Date.now() >= watchUntil) return false;
      if (data && configStateOf(data) !== 'pending') return false;
      return intervalMs;
    },
  });
}
