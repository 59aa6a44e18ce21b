import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { DriverSchema } from '../driver/schema';

/** POST /lfscada/equipment/multi/driver/schema → every driver's form description. It changes only with the server. */
export function fetchDriverSchema(signal?: AbortSignal): Promise<DriverSchema[]> {
  return post<DriverSchema[]>('/lfscada/equipment/multi/driver/schema', {}, { silent: true, ...(signal ? { signal } : {}) });
}

export function useDriverSchema() {
  return useQuery<DriverSchema[], ApiError>({
    queryKey: ['equipment', 'driverSchema'],
    queryFn: ({ signal }) => fetchDriverSchema(signal),
    staleTime: Infinity,
  });
}
