import { useQuery } from '@tanstack/react-query';
import type { EquipmentName, GroupWithEquipment } from '@/generated/answers';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';

export const equipmentOptionKeys = { all: ['equipmentOptions'] as const };

/**
 * Every equipment the caller sees, by name, to choose from (scene members, the message centre's filter): POST
 * /lfscada/monitor/group/equipment/queryAllByGroup {} lists them all (grouped; flattened here). Silent.
 */
export async function fetchEquipmentOptions(signal?: AbortSignal): Promise<EquipmentName[]> {
  const groups = await post<GroupWithEquipment[]>(
    '/lfscada/monitor/group/equipment/queryAllByGroup',
    {},
    { silent: true, ...(signal ? { signal } : {}) },
  );
  return groups
    .flatMap((g) => g.equipment)
    .sort((a, b) => a.equipName.localeCompare(b.equipName) || a.id - b.id);
}

export function useEquipmentOptions(enabled: boolean) {
  return useQuery<EquipmentName[], ApiError>({
    queryKey: equipmentOptionKeys.all,
    queryFn: ({ signal }) => fetchEquipmentOptions(signal),
    enabled,
  });
}
