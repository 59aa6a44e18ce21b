import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';

/** A configuration page of an equipment. */
export interface ConfigPage {
  id: number;
  equipmentId: number;
  title: string;
  width: number;
  height: number;
  /** Last change, ms since the epoch. */
  updated: number;
}

export const pageKeys = {
  list: (equipmentId: number) => ['equipment', 'pages', equipmentId] as const,
};

/** POST /lfscada/configuration/page/query {equipmentId} → the equipment's pages. */
export function fetchPages(equipmentId: number, signal?: AbortSignal): Promise<ConfigPage[]> {
  return post<ConfigPage[]>('/lfscada/configuration/page/query', { equipmentId }, { silent: true, ...(signal ? { signal } : {}) });
}

export function usePages(equipmentId: number) {
  return useQuery<ConfigPage[], ApiError>({
    queryKey: pageKeys.list(equipmentId),
    queryFn: ({ signal }) => fetchPages(equipmentId, signal),
  });
}
