import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';

/** A report definition: chosen signals sampled every `periodMs` (the server's answer type). */
export type { Report as ReportDef } from '@/generated/answers';
import type { Report as ReportDef } from '@/generated/answers';

export const reportKeys = {
  list: (equipmentId: number) => ['equipment', 'reports', equipmentId] as const,
};

/** POST /lfscada/monitor/multi/report/queryAll {equipmentId} → the equipment's report definitions. */
export function fetchReports(equipmentId: number, signal?: AbortSignal): Promise<ReportDef[]> {
  return post<ReportDef[]>(
    '/lfscada/monitor/multi/report/queryAll',
    { equipmentId },
    { silent: true, ...(signal ? { signal } : {}) },
  );
}

export function useReports(equipmentId: number) {
  return useQuery<ReportDef[], ApiError>({
    queryKey: reportKeys.list(equipmentId),
    queryFn: ({ signal }) => fetchReports(equipmentId, signal),
  });
}
