import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { DriverSchema } from '../model';
import { systemKeys } from './keys';

/** POST /lfscada/equipment/multi/driver/schema → every driver with its settings. Silent: the screen shows failures. */
export function fetchDriverSchema(signal?: AbortSignal): Promise<DriverSchema[]> {
  return post<DriverSchema[]>('/lfscada/equipment/multi/driver/schema', {}, { silent: true, ...(signal ? { signal } : {}) });
}

export function useDriverCatalogue() {
  return useQuery<DriverSchema[], ApiError>({
    queryKey: systemKeys.driverSchema,
    queryFn: ({ signal }) => fetchDriverSchema(signal),
    staleTime: Infinity,
  });
}
