import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { HistoryAnswer } from '@/generated/answers';
import { monitorKeys } from './keys';

export interface HistoryRequest {
  signalIds: number[];
  startTime: number;
  endTime: number;
}

/**
 * POST /lfscada/monitor/multi/history/query {signalIds (comma-joined), startTime, endTime} → one series per
 * signal, raw or as min/max buckets (model/historySeries.ts). Silent: shown inline.
 */
export function fetchHistory(request: HistoryRequest, signal?: AbortSignal): Promise<HistoryAnswer> {
  return post<HistoryAnswer>(
    '/lfscada/monitor/multi/history/query',
    { signalIds: request.signalIds.join(','), startTime: request.startTime, endTime: request.endTime },
    { silent: true, ...(signal ? { signal } : {}) },
  );
}

/**
 * Runs when `request` is set (the operator pressed Query). `run` counts the presses, so pressing Query again with
 * the same choices fetches again (new rows may have arrived) instead of answering from the cache.
 */
export function useHistory(request: HistoryRequest | null, run: number) {
  return useQuery<HistoryAnswer, ApiError>({
    queryKey: monitorKeys.history({ ...(request ?? {}), run }),
    queryFn: ({ signal }) => fetchHistory(request as HistoryRequest, signal),
    enabled: request !== null,
    staleTime: Infinity,
    gcTime: 60_000,
  });
}
