import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { EquipmentOption } from '../model';
import { sceneKeys } from './keys';

/**
 * Every equipment of the organisation by name, to choose from: POST
 * /lfscada/monitor/group/equipment/queryAllByGroup {} lists them all (grouped; flattened here). Silent.
 */
export async function fetchEquipmentOptions(signal?: AbortSignal): Promise<EquipmentOption[]> {
  const groups = await post<Array<{ equipment: EquipmentOption[] }>>(
    '/lfscada/monitor/group/equipment/queryAllByGroup',
    {},
    { silent: true, ...(signal ? { signal } : {}) },
  );
  return groups
    .flatMap((g) => g.equipment)
    .sort((a, b) => a.equipName.localeCompare(b.equipName) || a.id - b.id);
}

export function useEquipmentOptions(enabled: boolean) {
  return useQuery<EquipmentOption[], ApiError>({
    queryKey: sceneKeys.equipmentOptions,
    queryFn: ({ signal }) => fetchEquipmentOptions(signal),
    enabled,
  });
}
