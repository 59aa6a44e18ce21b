import { useQuery } from '@tanstack/react-query';
import type { Equipment, Listed } from '@/generated/answers';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { EQUIPMENT_PAGE_SIZE, type EquipmentOption } from '../model';
import { subAccountKeys } from './keys';

/** Stops a server that keeps answering full pages from keeping us here forever (1,000 pages: 100,000 equipment). */
const MAX_PAGES = 1000;

/**
 * Every equipment of the organisation, by name: POST /lfscada/equipment/multi/query {sort: name, page, pageSize:
 * 100} page after page until `total` are in (an administrator sees them all). Silent: the drawer shows failures.
 */
export async function fetchAllEquipment(signal?: AbortSignal): Promise<EquipmentOption[]> {
  const all: EquipmentOption[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await post<Listed<Equipment>>(
      '/lfscada/equipment/multi/query',
      { sort: 'name', page, pageSize: EQUIPMENT_PAGE_SIZE },
      { silent: true, ...(signal ? { signal } : {}) },
    );
    for (const e of answer.list) {
      all.push({
        id: e.id,
        equipName: e.equipName,
        gatewayName: e.gatewayName ?? null,
        gatewaySn: e.gatewaySn ?? null,
        groupName: e.groupName ?? null,
      });
    }
    if (answer.list.length < EQUIPMENT_PAGE_SIZE || all.length >= answer.total) break;
  }
  // Equipment added or deleted between two pages could repeat one; each is listed once.
  return [...new Map(all.map((e) => [e.id, e])).values()];
}

export function useAllEquipment(enabled: boolean) {
  return useQuery<EquipmentOption[], ApiError>({
    queryKey: subAccountKeys.equipment,
    queryFn: ({ signal }) => fetchAllEquipment(signal),
    enabled,
    staleTime: 0,
  });
}
