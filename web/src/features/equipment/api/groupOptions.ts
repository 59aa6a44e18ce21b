import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';

/** A monitor group as the equipment list's group filter offers it. */
export interface GroupOption {
  id: number;
  name: string;
  equipmentCount: number;
}

/** POST /lfscada/monitor/group/query {} → the organisation's groups by name. Silent: the filter shows the failure. */
export function fetchGroupOptions(signal?: AbortSignal): Promise<GroupOption[]> {
  return post<GroupOption[]>('/lfscada/monitor/group/query', {}, { silent: true, ...(signal ? { signal } : {}) });
}

export function useGroupOptions() {
  return useQuery<GroupOption[], ApiError>({
    queryKey: ['equipment', 'groupOptions'],
    queryFn: ({ signal }) => fetchGroupOptions(signal),
    staleTime: 30_000,
  });
}
