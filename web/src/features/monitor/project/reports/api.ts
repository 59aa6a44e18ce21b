/**
 * A project's custom reports as the project monitor lists, defines and deletes them, and the choices of the column
 * editor: the project's equipment with their signals (`col/item/queryEquips`) and the statistics a variable column
 * may read (`mvar/validStatistics`). Saving and deleting need the manage permission (the screen offers them only
 * then; the server refuses them without it).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { Created, CustomColumnDef, CustomReport, ReportEquipment, Statistic } from '@/generated/answers';
import { fetchCustomReports } from '@/entities/reports/custom';
import { reportKeys } from '@/entities/reports/keys';

export function useCustomReports(projectId: number) {
  return useQuery<CustomReport[], ApiError>({
    queryKey: reportKeys.customDefinitions(projectId),
    queryFn: ({ signal }) => fetchCustomReports(projectId, signal),
  });
}

/** POST /lfscada/project/report/col/item/queryEquips {projectId} → the project's equipment and their signals. */
export function useColumnChoices(projectId: number, enabled: boolean) {
  return useQuery<ReportEquipment[], ApiError>({
    queryKey: reportKeys.columnChoices(projectId),
    queryFn: ({ signal }) => post<ReportEquipment[]>('/lfscada/project/report/col/item/queryEquips', { projectId }, { silent: true, signal }),
    enabled,
  });
}

/** POST /lfscada/project/report/mvar/validStatistics {mvarId} → the statistics a column may read of the variable. */
export function useMvarStatistics(mvarId: number | null) {
  return useQuery<Statistic[], ApiError>({
    queryKey: reportKeys.mvarStatistics(mvarId ?? 0),
    queryFn: ({ signal }) => post<Statistic[]>('/lfscada/project/report/mvar/validStatistics', { mvarId: mvarId ?? 0 }, { silent: true, signal }),
    enabled: mvarId !== null,
  });
}

export interface CustomReportSave {
  projectId: number;
  /** The custom report to change; a new one without. */
  id?: number;
  name: string;
  periodMs: number;
  columns: CustomColumnDef[];
}

/**
 * POST /lfscada/project/custom/report/save {projectId, id?, name, periodMs, columns (JSON text)} → {id}. Silent: the
 * form shows field refusals itself. Then the list, the report's tables and the page charts drawing it are stale.
 */
export function useSaveCustomReport() {
  const client = useQueryClient();
  return useMutation<Created, ApiError, CustomReportSave>({
    mutationFn: (report) =>
      post<Created>(
        '/lfscada/project/custom/report/save',
        {
          projectId: report.projectId,
          id: report.id,
          name: report.name.trim(),
          periodMs: report.periodMs,
          columns: JSON.stringify(report.columns),
        },
        { silent: true },
      ),
    onSuccess: ({ id }, { projectId }) => {
      void client.invalidateQueries({ queryKey: reportKeys.customDefinitions(projectId) });
      void client.invalidateQueries({ queryKey: reportKeys.customTables(id) });
      void client.invalidateQueries({ queryKey: ['reports', 'chart', 'customReport', id] });
    },
  });
}

/** POST /lfscada/project/custom/report/delete {id}; a refusal is shown as a message. */
export function useDeleteCustomReport() {
  const client = useQueryClient();
  return useMutation<null, ApiError, { id: number; projectId: number }>({
    mutationFn: ({ id }) => post<null>('/lfscada/project/custom/report/delete', { id }),
    onSuccess: (_data, { id, projectId }) => {
      void client.invalidateQueries({ queryKey: reportKeys.customDefinitions(projectId) });
      client.removeQueries({ queryKey: reportKeys.customTables(id) });
      client.removeQueries({ queryKey: reportKeys.archives('custom', id) });
    },
  });
}
