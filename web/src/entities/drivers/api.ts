/**
 * The driver schema call, shared by the equipment's driver form and the system screens' driver catalogue: one
 * fetch and one cache entry (it changes only with the server).
 */
import { useQuery } from '@tanstack/react-query';
import type { DriverSchema } from '@/generated/answers';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';

export const driverSchemaKey = ['drivers', 'schema'] as const;

/**
 * POST /lfscada/equipment/multi/driver/schema → every driver with its settings' form description. Silent: the
 * screens show failures.
 */
export function fetchDriverSchema(signal?: AbortSignal): Promise<DriverSchema[]> {
  return post<DriverSchema[]>('/lfscada/equipment/multi/driver/schema', {}, { silent: true, ...(signal ? { signal } : {}) });
}

export function useDriverSchema() {
  return useQuery<DriverSchema[], ApiError>({
    queryKey: driverSchemaKey,
    queryFn: ({ signal }) => fetchDriverSchema(signal),
    staleTime: Infinity,
  });
}
