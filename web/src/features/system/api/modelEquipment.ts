import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { EquipmentChoice } from '../model';
import { systemKeys } from './keys';

/** POST /lfscada/equipment/model/equipment {} → [{id, equipName, signalCount}]. Silent: the dialogs show failures. */
export function fetchModelEquipment(signal?: AbortSignal): Promise<EquipmentChoice[]> {
  return post<EquipmentChoice[]>('/lfscada/equipment/model/equipment', {}, { silent: true, ...(signal ? { signal } : {}) });
}

export function useModelEquipment(enabled: boolean) {
  return useQuery<EquipmentChoice[], ApiError>({
    queryKey: systemKeys.equipment,
    queryFn: ({ signal }) => fetchModelEquipment(signal),
    enabled,
  });
}
