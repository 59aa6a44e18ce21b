/**
 * An equipment's detail (its gateway and number of signals), shared by the monitor's detail screen and the track
 * playback, which names the equipment it plays. Under the detail screen's keys (entities/equipmentRecords/keys.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { EquipmentDetail } from '@/generated/answers';
import { monitorKeys } from '@/entities/equipmentRecords/keys';

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
