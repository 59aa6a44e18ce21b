/**
 * The inspection calls (docs/work-orders.md, the inspection half): items, plans, worksheets and an equipment's
 * inspection records. Every query key starts with `inspection`, so a change anywhere refreshes every list and
 * detail; a worksheet step also refreshes the messages (opening a worksheet makes its messages seen) and the repair
 * lists (a repair order made from a result).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type {
  InspectionItem,
  InspectionPlan,
  InspectionRecord,
  Listed,
  RepairUser,
  Worksheet,
  WorksheetDetail,
} from '@/generated/answers';
import { messageKeys } from '@/entities/messages/api';
import type { InspectionStatus, ResultKind } from './rules';

export const WORKSHEET_PAGE_SIZE = 10;

export const inspectionKeys = {
  all: ['inspection'] as const,
  items: ['inspection', 'items'] as const,
  plans: ['inspection', 'plans'] as const,
  inspectors: (equipmentIds: readonly number[]) => ['inspection', 'inspectors', equipmentIds.join(',')] as const,
  sheets: (query: WorksheetQuery) => ['inspection', 'sheets', query] as const,
  sheet: (id: number) => ['inspection', 'sheet', id] as const,
  records: (equipmentId: number, page: number) => ['inspection', 'records', equipmentId, page] as const,
};

function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: inspectionKeys.all });
    void client.invalidateQueries({ queryKey: messageKeys.all });
  };
}

/** POST ops/inspection/item/query → the organisation's items. */
export function useInspectionItems(enabled = true) {
  return useQuery<InspectionItem[], ApiError>({
    queryKey: inspectionKeys.items,
    queryFn: ({ signal }) => post<InspectionItem[]>('/lfscada/ops/inspection/item/query', {}, { silent: true, signal }),
    enabled,
  });
}

export interface ItemInput {
  id?: number;
  name: string;
  content: string;
  kind: ResultKind;
  minValue?: number | null;
  maxValue?: number | null;
  unit?: string;
  enabled: boolean;
}

/** POST ops/inspection/item/{add|edit}. */
export function useSaveItem() {
  const refresh = useRefresh();
  return useMutation<unknown, ApiError, ItemInput>({
    mutationFn: ({ id, minValue, maxValue, unit, ...rest }) =>
      post(id === undefined ? '/lfscada/ops/inspection/item/add' : '/lfscada/ops/inspection/item/edit', {
        ...(id === undefined ? {} : { id }),
        ...rest,
        enabled: String(rest.enabled),
        ...(rest.kind === 'number'
          ? { ...(minValue != null ? { minValue } : {}), ...(maxValue != null ? { maxValue } : {}), unit: unit ?? '' }
          : {}),
      }),
    onSuccess: refresh,
  });
}

/** POST ops/inspection/item/delete {id}: 1295 while a plan checks it. */
export function useDeleteItem() {
  const refresh = useRefresh();
  return useMutation<unknown, ApiError, number>({
    mutationFn: (id) => post('/lfscada/ops/inspection/item/delete', { id }),
    onSuccess: refresh,
  });
}

/** POST ops/inspection/plan/query → the plans the user sees. */
export function useInspectionPlans(enabled = true) {
  return useQuery<InspectionPlan[], ApiError>({
    queryKey: inspectionKeys.plans,
    queryFn: ({ signal }) => post<InspectionPlan[]>('/lfscada/ops/inspection/plan/query', {}, { silent: true, signal }),
    enabled,
  });
}

/** POST ops/inspection/plan/inspectors {equipmentIds} → whom a plan over the route may name. */
export function useInspectors(equipmentIds: readonly number[]) {
  return useQuery<RepairUser[], ApiError>({
    queryKey: inspectionKeys.inspectors(equipmentIds),
    queryFn: ({ signal }) =>
      post<RepairUser[]>('/lfscada/ops/inspection/plan/inspectors', { equipmentIds: equipmentIds.join(',') }, { silent: true, signal }),
    enabled: equipmentIds.length > 0,
  });
}

export interface PlanInput {
  id?: number;
  name: string;
  equipmentIds: number[];
  itemIds: number[];
  inspectorId: number;
  frequency: 'daily' | 'weekly' | 'monthly';
  day?: number;
  time: string;
  allowedHours: number;
  enabled: boolean;
}

/** POST ops/inspection/plan/{add|edit}. */
export function useSavePlan() {
  const refresh = useRefresh();
  return useMutation<unknown, ApiError, PlanInput>({
    mutationFn: ({ id, equipmentIds, itemIds, day, enabled, ...rest }) =>
      post(id === undefined ? '/lfscada/ops/inspection/plan/add' : '/lfscada/ops/inspection/plan/edit', {
        ...(id === undefined ? {} : { id }),
        ...rest,
        equipmentIds: equipmentIds.join(','),
        itemIds: itemIds.join(','),
        ...(rest.frequency === 'daily' ? {} : { day }),
        enabled: String(enabled),
      }),
    onSuccess: refresh,
  });
}

/** POST ops/inspection/plan/delete {id}. */
export function useDeletePlan() {
  const refresh = useRefresh();
  return useMutation<unknown, ApiError, number>({
    mutationFn: (id) => post('/lfscada/ops/inspection/plan/delete', { id }),
    onSuccess: refresh,
  });
}

/** POST ops/inspection/plan/generate {id} → the new worksheet. */
export function useGenerate() {
  const refresh = useRefresh();
  return useMutation<Worksheet, ApiError, number>({
    mutationFn: (id) => post<Worksheet>('/lfscada/ops/inspection/plan/generate', { id }),
    onSuccess: refresh,
  });
}

export interface WorksheetQuery {
  page: number;
  status?: InspectionStatus;
  planId?: number;
  equipmentId?: number;
  mine?: boolean;
  overdue?: boolean;
}

/** POST ops/inspection/worksheet/query → {total, list}, newest first. */
export function useWorksheets(query: WorksheetQuery, enabled = true) {
  return useQuery<Listed<Worksheet>, ApiError>({
    queryKey: inspectionKeys.sheets(query),
    queryFn: ({ signal }) =>
      post<Listed<Worksheet>>(
        '/lfscada/ops/inspection/worksheet/query',
        {
          page: query.page,
          pageSize: WORKSHEET_PAGE_SIZE,
          ...(query.status ? { status: query.status } : {}),
          ...(query.planId !== undefined ? { planId: query.planId } : {}),
          ...(query.equipmentId !== undefined ? { equipmentId: query.equipmentId } : {}),
          ...(query.mine ? { mine: 'true' } : {}),
          ...(query.overdue ? { overdue: 'true' } : {}),
        },
        { silent: true, signal },
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** POST ops/inspection/worksheet/info {id}: the caller's messages about it become seen. */
export function useWorksheet(id: number | null) {
  const client = useQueryClient();
  return useQuery<WorksheetDetail, ApiError>({
    queryKey: inspectionKeys.sheet(id ?? 0),
    queryFn: async ({ signal }) => {
      const detail = await post<WorksheetDetail>('/lfscada/ops/inspection/worksheet/info', { id: id as number }, { silent: true, signal });
      void client.invalidateQueries({ queryKey: messageKeys.all });
      return detail;
    },
    enabled: id !== null,
  });
}

export interface ResultInput {
  equipmentId: number;
  itemId: number;
  value: string;
  remark: string;
}

export interface SheetStep {
  id: number;
  action: 'save' | 'submit' | 'abort';
  results?: ResultInput[];
  remark?: string;
}

/** POST ops/inspection/worksheet/{save|submit|abort} → the worksheet. */
export function useSheetStep() {
  const refresh = useRefresh();
  return useMutation<Worksheet, ApiError, SheetStep>({
    mutationFn: ({ id, action, results, remark }) =>
      post<Worksheet>(`/lfscada/ops/inspection/worksheet/${action}`, {
        id,
        ...(results ? { results: JSON.stringify(results) } : {}),
        ...(remark ? { remark } : {}),
      }),
    onSettled: refresh,
  });
}

/** POST ops/inspection/worksheet/repair {id, resultId, orderId}: the repair order made from a result. */
export function useLinkRepair() {
  const refresh = useRefresh();
  return useMutation<unknown, ApiError, { id: number; resultId: number; orderId: number }>({
    mutationFn: (link) => post('/lfscada/ops/inspection/worksheet/repair', { ...link }),
    onSettled: refresh,
  });
}

/** POST equipment/multi/inspection/query → the equipment's submitted results. Silent: 1212 is shown in place. */
export function useInspectionRecords(equipmentId: number, page: number, enabled: boolean) {
  return useQuery<Listed<InspectionRecord>, ApiError>({
    queryKey: inspectionKeys.records(equipmentId, page),
    queryFn: ({ signal }) =>
      post<Listed<InspectionRecord>>(
        '/lfscada/equipment/multi/inspection/query',
        { equipmentId, page, pageSize: WORKSHEET_PAGE_SIZE },
        { silent: true, signal },
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}
