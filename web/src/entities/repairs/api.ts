/**
 * The repair orders' calls (docs/work-orders.md), shared by the repair screen, the EG detail's repair tab, the
 * order beside an equipment and the message centre's order detail. Every query key starts with `repairs`, so a step
 * taken anywhere refreshes every list and detail; a step also refreshes the messages (opening an order makes its
 * messages seen and read).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post, upload } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { Listed, RepairCreated, RepairOrder, RepairOrderDetail, RepairPicture, RepairUser } from '@/generated/answers';
import { messageKeys } from '@/entities/messages/api';
import type { RepairAction, RepairStatus } from './rules';

export const REPAIR_PAGE_SIZE = 10;

export const repairKeys = {
  all: ['repairs'] as const,
  list: (query: RepairQuery) => ['repairs', 'list', query] as const,
  ofEquipment: (equipmentId: number, page: number) => ['repairs', 'equipment', equipmentId, page] as const,
  one: (id: number) => ['repairs', 'one', id] as const,
  users: (equipmentId: number) => ['repairs', 'users', equipmentId] as const,
};

export interface RepairQuery {
  page: number;
  status?: RepairStatus;
  equipmentId?: number;
  keyword?: string;
  mine?: 'created' | 'assigned';
}

/** POST /lfscada/ops/repair/query {page, pageSize, status?, equipmentId?, keyword?, mine?} → {total, list}. */
export function useRepairOrders(query: RepairQuery, enabled = true) {
  return useQuery<Listed<RepairOrder>, ApiError>({
    queryKey: repairKeys.list(query),
    queryFn: ({ signal }) =>
      post<Listed<RepairOrder>>(
        '/lfscada/ops/repair/query',
        {
          page: query.page,
          pageSize: REPAIR_PAGE_SIZE,
          ...(query.status ? { status: query.status } : {}),
          ...(query.equipmentId !== undefined ? { equipmentId: query.equipmentId } : {}),
          ...(query.keyword ? { keyword: query.keyword } : {}),
          ...(query.mine ? { mine: query.mine } : {}),
        },
        { silent: true, signal },
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** POST /lfscada/equipment/multi/repair/query {equipmentId, page, pageSize} → the equipment's orders. Silent: 1212 is shown in place. */
export function useEquipmentRepairs(equipmentId: number, page: number, enabled: boolean) {
  return useQuery<Listed<RepairOrder>, ApiError>({
    queryKey: repairKeys.ofEquipment(equipmentId, page),
    queryFn: ({ signal }) =>
      post<Listed<RepairOrder>>('/lfscada/equipment/multi/repair/query', { equipmentId, page, pageSize: REPAIR_PAGE_SIZE }, { silent: true, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** POST /lfscada/ops/repair/info {id} → {order, steps, pictures}; the caller's messages about it become seen. */
export function useRepairOrder(id: number | null) {
  const client = useQueryClient();
  return useQuery<RepairOrderDetail, ApiError>({
    queryKey: repairKeys.one(id ?? 0),
    queryFn: async ({ signal }) => {
      const detail = await post<RepairOrderDetail>('/lfscada/ops/repair/info', { id: id as number }, { silent: true, signal });
      void client.invalidateQueries({ queryKey: messageKeys.all });
      return detail;
    },
    enabled: id !== null,
  });
}

/** POST /lfscada/ops/repair/users {equipmentId} → whom an order on the equipment may be dispatched to. */
export function useRepairUsers(equipmentId: number, enabled: boolean) {
  return useQuery<RepairUser[], ApiError>({
    queryKey: repairKeys.users(equipmentId),
    queryFn: ({ signal }) => post<RepairUser[]>('/lfscada/ops/repair/users', { equipmentId }, { silent: true, signal }),
    enabled,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: repairKeys.all });
    void client.invalidateQueries({ queryKey: messageKeys.all });
  };
}

export interface NewRepairOrder {
  equipmentId: number;
  description: string;
  alarmId?: number;
}

/** POST /lfscada/ops/repair/add → {id, number}. */
export function useAddRepair() {
  const refresh = useRefresh();
  return useMutation<RepairCreated, ApiError, NewRepairOrder>({
    mutationFn: (order) =>
      post<RepairCreated>('/lfscada/ops/repair/add', {
        equipmentId: order.equipmentId,
        description: order.description,
        ...(order.alarmId !== undefined ? { alarmId: order.alarmId } : {}),
      }),
    onSuccess: refresh,
  });
}

/** A step and what it carries (the table's `requires`). */
export interface StepRequest {
  id: number;
  action: Exclude<RepairAction, 'attach'>;
  repairerId?: number;
  content?: string;
  remark?: string;
}

/** POST /lfscada/ops/repair/{dispatch|redispatch|receive|finish|earlyFinish} → the order as it now is. */
export function useRepairStep() {
  const refresh = useRefresh();
  return useMutation<RepairOrder, ApiError, StepRequest>({
    mutationFn: ({ id, action, repairerId, content, remark }) =>
      post<RepairOrder>(`/lfscada/ops/repair/${action}`, {
        id,
        ...(repairerId !== undefined ? { repairerId } : {}),
        ...(content ? { content } : {}),
        ...(remark ? { remark } : {}),
      }),
    onSettled: refresh,
  });
}

/** POST /lfscada/ops/repair/picture/upload (multipart id, file) → the picture. */
export function uploadRepairPicture(id: number, file: File): Promise<RepairPicture> {
  return upload<RepairPicture>('/lfscada/ops/repair/picture/upload', file, { fields: { id } });
}

export function useUploadRepairPicture() {
  const refresh = useRefresh();
  return useMutation<RepairPicture, ApiError, { id: number; file: File }>({
    mutationFn: ({ id, file }) => uploadRepairPicture(id, file),
    onSettled: refresh,
  });
}

/** POST /lfscada/ops/repair/picture/delete {id, pictureId}. */
export function useDeleteRepairPicture() {
  const refresh = useRefresh();
  return useMutation<null, ApiError, { id: number; pictureId: number }>({
    mutationFn: ({ id, pictureId }) => post<null>('/lfscada/ops/repair/picture/delete', { id, pictureId }),
    onSettled: refresh,
  });
}
