import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';

/**
 * POST /lfscada/equipment/multi/extra/queryAllManufacturer {} → the manufacturers already used, as suggestions.
 * Silent and never retried: without the list (e.g. a server that does not have the call yet, 1104) the
 * manufacturer is typed as free text.
 */
export function fetchManufacturers(signal?: AbortSignal): Promise<string[]> {
  return post<string[]>('/lfscada/equipment/multi/extra/queryAllManufacturer', {}, { silent: true, ...(signal ? { signal } : {}) });
}

export function useManufacturers() {
  return useQuery<string[], ApiError>({
    queryKey: ['equipment', 'manufacturers'],
    queryFn: ({ signal }) => fetchManufacturers(signal),
    retry: false,
    staleTime: 60_000,
  });
}
