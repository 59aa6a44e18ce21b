import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { Equipment, Listed } from '@/generated/answers';
import { PAGE_SIZE, type EquipmentSort } from '../model';

/**
 * What the list asks for. The server searches the keyword in name, model, manufacturer and address, filters by
 * online state, gateway and group, and sorts by time or name; every filter applies across all pages.
 */
export interface EquipmentQuery {
  keyword: string;
  /** true: the gateway is online; false: offline or no gateway; null: any. */
  online: boolean | null;
  /** A gateway's id, or null for any. */
  gatewayId: number | null;
  /** A group's id, 0 for the ungrouped equipment, or null for any. */
  groupId: number | null;
  sort: EquipmentSort;
  /** From 1. */
  page: number;
}

export const EMPTY_QUERY: EquipmentQuery = { keyword: '', online: null, gatewayId: null, groupId: null, sort: 'time', page: 1 };

/** Any filter other than the keyword is set. */
export function hasFilters(query: EquipmentQuery): boolean {
  return query.online !== null || query.gatewayId !== null || query.groupId !== null;
}

export const equipmentKeys = {
  all: ['equipment'] as const,
  list: (query: EquipmentQuery) => ['equipment', 'list', query] as const,
  info: (id: number) => ['equipment', 'info', id] as const,
  share: (id: number) => ['equipment', 'share', id] as const,
};

/**
 * POST /lfscada/equipment/multi/query {keyword?, online?, gatewayId?, groupId?, sort, page, pageSize} →
 * {total, list}; a filter left out is not applied. Silent: shown inline.
 */
export function fetchEquipment(query: EquipmentQuery, signal?: AbortSignal): Promise<Listed<Equipment>> {
  const keyword = query.keyword.trim();
  return post<Listed<Equipment>>(
    '/lfscada/equipment/multi/query',
    {
      ...(keyword ? { keyword } : {}),
      ...(query.online !== null ? { online: String(query.online) } : {}),
      ...(query.gatewayId !== null ? { gatewayId: query.gatewayId } : {}),
      ...(query.groupId !== null ? { groupId: query.groupId } : {}),
      sort: query.sort,
      page: query.page,
      pageSize: PAGE_SIZE,
    },
    { silent: true, ...(signal ? { signal } : {}) },
  );
}

export function useEquipmentList(query: EquipmentQuery) {
  return useQuery<Listed<Equipment>, ApiError>({
    queryKey: equipmentKeys.list(query),
    queryFn: ({ signal }) => fetchEquipment(query, signal),
    placeholderData: keepPreviousData,
  });
}
