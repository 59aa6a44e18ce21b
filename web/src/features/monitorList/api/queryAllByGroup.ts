import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { GroupWithEquipment } from '../model';
import type { MonitorKind } from '@/lib/paths';
import { MONITOR_LIST_POLL_MS, monitorListKeys } from './keys';

/**
 * POST /lfscada/monitor/group/equipment/queryAllByGroup {kind} → every group by name with the names of its equipment
 * of that kind, then {id: 0, name: ''} holding the ungrouped equipment. Silent: screens show failures inline.
 */
export function fetchAllByGroup(kind: MonitorKind, signal?: AbortSignal): Promise<GroupWithEquipment[]> {
  return post<GroupWithEquipment[]>('/lfscada/monitor/group/equipment/queryAllByGroup', { kind }, {
    silent: true,
    ...(signal ? { signal } : {}),
  });
}

export function useAllByGroup(kind: MonitorKind) {
  return useQuery<GroupWithEquipment[], ApiError>({
    queryKey: monitorListKeys.allByGroup(kind),
    queryFn: ({ signal }) => fetchAllByGroup(kind, signal),
    refetchInterval: MONITOR_LIST_POLL_MS,
  });
}
