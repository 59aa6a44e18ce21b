import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { EquipmentDetail } from '../model/types';
import { monitorKeys } from '@/lib/equipmentRecords/keys';

/** POST /lfscada/monitor/multi/equipment/detailInfo {equipmentId} → equipment, gateway, number of signals. */
export function fetchEquipmentDetail(equipmentId: number, signal?: AbortSignal): Promise<EquipmentDetail> {
  return post<EquipmentDetail>(
    '/lfscada/monitor/multi/equipment/detailInfo',
    { equipmentId },
    { silent: true, ...(signal ? { signal } : {}) },
  );
}

export function useEquipmentDetail(equipmentId: number) {
  return useQuery<EquipmentDetail, ApiError>({
    queryKey: monitorKeys.detail(equipmentId),
    queryFn: ({ signal }) => fetchEquipmentDetail(equipmentId, signal),
  });
}
