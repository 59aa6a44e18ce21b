/**
 * An equipment's report definitions (`Report`: a name, the range view's step and its columns, a signal and a
 * statistic each): listed by the equipment's report tab, which defines them, and by the monitor, which reads them.
 */
import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { Report } from '@/generated/answers';
import { reportKeys } from './keys';

/** POST /lfscada/monitor/multi/report/queryAll {equipmentId} → the equipment's report definitions. Silent: shown inline. */
export function fetchReports(equipmentId: number, signal?: AbortSignal): Promise<Report[]> {
  return post<Report[]>('/lfscada/monitor/multi/report/queryAll', { equipmentId }, { silent: true, ...(signal ? { signal } : {}) });
}

export function useReports(equipmentId: number) {
  return useQuery<Report[], ApiError>({
    queryKey: reportKeys.definitions(equipmentId),
    queryFn: ({ signal }) => fetchReports(equipmentId, signal),
  });
}
