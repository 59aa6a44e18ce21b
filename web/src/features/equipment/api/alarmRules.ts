import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { AlarmRule } from '../signals/alarmRules';

export const alarmRuleKeys = {
  list: (equipmentId: number) => ['equipment', 'alarmRules', equipmentId] as const,
};

/** POST /lfscada/equipment/multi/alarm/rule/query {equipmentId} → every rule of the equipment's signals. */
export function fetchAlarmRules(equipmentId: number, signal?: AbortSignal): Promise<AlarmRule[]> {
  return post<AlarmRule[]>(
    '/lfscada/equipment/multi/alarm/rule/query',
    { equipmentId },
    { silent: true, ...(signal ? { signal } : {}) },
  );
}

export function useAlarmRules(equipmentId: number) {
  return useQuery<AlarmRule[], ApiError>({
    queryKey: alarmRuleKeys.list(equipmentId),
    queryFn: ({ signal }) => fetchAlarmRules(equipmentId, signal),
  });
}
