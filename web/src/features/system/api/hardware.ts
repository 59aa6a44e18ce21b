import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { Hardware } from '../model';
import { systemKeys } from './keys';

/** POST /lfscada/gateway/hardware/query {} → [{model, firmware, gateways, online}]. Silent: shown inline. */
export function fetchHardware(signal?: AbortSignal): Promise<Hardware[]> {
  return post<Hardware[]>('/lfscada/gateway/hardware/query', {}, { silent: true, ...(signal ? { signal } : {}) });
}

export function useHardware() {
  return useQuery<Hardware[], ApiError>({
    queryKey: systemKeys.hardware,
    queryFn: ({ signal }) => fetchHardware(signal),
    refetchInterval: 60_000,
  });
}
