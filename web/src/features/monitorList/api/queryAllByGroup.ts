import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { GroupWithEquipment } from '../model';
import { MONITOR_LIST_POLL_MS, monitorListKeys } from './keys';

/**
 * POST /lfscada/monitor/group/equipment/queryAllByGroup {} → every group by name with its equipment's names, then
 * {id: 0, name: ''} holding the ungrouped equipment. Silent: screens show failures inline.
 */
export function fetchAllByGroup(signal?: AbortSignal): Promise<GroupWithEquipment[]> {
  return post<GroupWithEquipment[]>('/lfscada/monitor/group/equipment/queryAllByGroup', {}, {
    silent: true,
    ...(signal ? { signal } : {}),
  });
}

export function useAllByGroup() {
  return useQuery<GroupWithEquipment[], ApiError>({
    queryKey: monitorListKeys.allByGroup,
    queryFn: ({ signal }) => fetchAllByGroup(signal),
    refetchInterval: MONITOR_LIST_POLL_MS,
  });
}
