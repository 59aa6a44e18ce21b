import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { Report } from '@/generated/answers';

export const reportKeys = {
  list: (equipmentId: number) => ['equipment', 'reports', equipmentId] as const,
};

/**
 * POST /lfscada/monitor/multi/report/queryAll {equipmentId} → the equipment's report definitions (`Report`: chosen
 * signals sampled every `periodMs`).
 */
export function fetchReports(equipmentId: number, signal?: AbortSignal): Promise<Report[]> {
  return post<Report[]>(
    '/lfscada/monitor/multi/report/queryAll',
    { equipmentId },
    { silent: true, ...(signal ? { signal } : {}) },
  );
}

export function useReports(equipmentId: number) {
  return useQuery<Report[], ApiError>({
    queryKey: reportKeys.list(equipmentId),
    queryFn: ({ signal }) => fetchReports(equipmentId, signal),
  });
}
