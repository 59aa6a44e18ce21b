import { useQuery } from '@tanstack/react-query';
import type { ApiError } from '@/lib/api/errors';
import { configPageKeys, fetchPages, type ConfigPage } from '@/lib/configPages';

/** The equipment's pages (the list the viewer reads too, one cache entry). */
export function usePages(equipmentId: number) {
  return useQuery<ConfigPage[], ApiError>({
    queryKey: configPageKeys.list(equipmentId),
    queryFn: ({ signal }) => fetchPages(equipmentId, signal),
  });
}
