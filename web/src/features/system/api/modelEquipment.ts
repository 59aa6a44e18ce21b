import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { EquipmentSignalCount } from '@/generated/answers';
import { systemKeys } from './keys';

/**
 * POST /lfscada/equipment/model/equipment {} → [{id, equipName, signalCount}]: where a model may be applied (no
 * signals) or made from (with signals). Silent: the dialogs show failures.
 */
export function fetchModelEquipment(signal?: AbortSignal): Promise<EquipmentSignalCount[]> {
  return post<EquipmentSignalCount[]>('/lfscada/equipment/model/equipment', {}, { silent: true, ...(signal ? { signal } : {}) });
}

export function useModelEquipment(enabled: boolean) {
  return useQuery<EquipmentSignalCount[], ApiError>({
    queryKey: systemKeys.equipment,
    queryFn: ({ signal }) => fetchModelEquipment(signal),
    enabled,
  });
}
