import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import { Limits } from '@/lib/api/limits';
import type { ApiError } from '@/lib/api/errors';
import { reportKeys } from './reports';
import type { Created } from '@/generated/answers';

export interface NewReport {
  equipmentId: number;
  name: string;
  periodMs: number;
  signalIds: number[];
}

/** Sampling periods: whole minutes from one minute to one day (the server's limits). */
export const REPORT_PERIOD_MINUTES = { min: Limits.ReportPeriodMinMinutes, max: Limits.ReportPeriodMaxMinutes } as const;
export const REPORT_MAX_COLUMNS = Limits.ReportColumns;
export const REPORT_NAME_MAX = Limits.ReportNameChars;

/**
 * POST /lfscada/equipment/multi/report/save {equipmentId, name, periodMs, columns (JSON: {signalId, statistic})} → {id}.
 * Silent: the form shows field refusals itself.
 */
export function saveReport(report: NewReport): Promise<Created> {
  return post<Created>(
    '/lfscada/equipment/multi/report/save',
    {
      equipmentId: report.equipmentId,
      name: report.name.trim(),
      periodMs: report.periodMs,
      columns: JSON.stringify(report.signalIds.map((signalId) => ({ signalId, statistic: 'last' }))),
    },
    { silent: true },
  );
}

export function useSaveReport() {
  const queryClient = useQueryClient();
  return useMutation<Created, ApiError, NewReport>({
    mutationFn: saveReport,
    onSuccess: (_data, { equipmentId }) => void queryClient.invalidateQueries({ queryKey: reportKeys.list(equipmentId) }),
  });
}
