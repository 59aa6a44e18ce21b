import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { Equipment } from '../model';
import { equipmentKeys } from './queryEquipment';

/** POST /lfscada/equipment/multi/info {id} → the equipment; 1214 when it does not exist. Silent: shown inline. */
export function fetchEquipmentInfo(id: number, signal?: AbortSignal): Promise<Equipment> {
  return post<Equipment>('/lfscada/equipment/multi/info', { id }, { silent: true, ...(signal ? { signal } : {}) });
}

export function useEquipmentInfo(id: number) {
  return useQuery<Equipment, ApiError>({
    queryKey: equipmentKeys.info(id),
    queryFn: ({ signal }) => fetchEquipmentInfo(id, signal),
  });
}
