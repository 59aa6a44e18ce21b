import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { reportKeys } from '@/entities/reports/keys';
import type { ColumnDef, Created } from '@/generated/answers';

export interface ReportSave {
  equipmentId: number;
  /** The report to change; a new one without. */
  id?: number;
  name: string;
  periodMs: number;
  columns: ColumnDef[];
}

/**
 * POST /lfscada/equipment/multi/report/save {equipmentId, id?, name, periodMs, columns (JSON text of [{signalId,
 * statistic, wrapsAt?}])} → {id}. Silent: the form shows field refusals itself.
 */
export function saveReport(report: ReportSave): Promise<Created> {
  return post<Created>(
    '/lfscada/equipment/multi/report/save',
    {
      equipmentId: report.equipmentId,
      id: report.id,
      name: report.name.trim(),
      periodMs: report.periodMs,
      columns: JSON.stringify(report.columns),
    },
    { silent: true },
  );
}

/** Saves, then the equipment's list and every table read of the report are stale. */
export function useSaveReport() {
  const queryClient = useQueryClient();
  return useMutation<Created, ApiError, ReportSave>({
    mutationFn: saveReport,
    onSuccess: ({ id }, { equipmentId }) => {
      void queryClient.invalidateQueries({ queryKey: reportKeys.definitions(equipmentId) });
      void queryClient.invalidateQueries({ queryKey: reportKeys.tables(id) });
    },
  });
}
