import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { Group } from '../model';
import { monitorListKeys } from './keys';

/** POST /lfscada/monitor/group/query {} → [{id, name, equipmentCount}] by name. Silent: screens show failures inline. */
export function fetchGroups(signal?: AbortSignal): Promise<Group[]> {
  return post<Group[]>('/lfscada/monitor/group/query', {}, { silent: true, ...(signal ? { signal } : {}) });
}

export function useGroups() {
  return useQuery<Group[], ApiError>({ queryKey: monitorListKeys.groups, queryFn: ({ signal }) => fetchGroups(signal) });
}
