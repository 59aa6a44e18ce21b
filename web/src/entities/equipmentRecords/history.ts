import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { HistoryAnswer } from '@/generated/answers';
import { monitorKeys } from './keys';

export interface HistoryRequest {
  signalIds: number[];
  /** A project's intermediate variables, drawn beside the signals (a project's scope only). */
  mvarIds?: number[];
  startTime: number;
  endTime: number;
}

/**
 * Whose call reads the history: the EG monitor's (`monitor/multi/history/query`, any signal the caller sees) or a
 * project's (`monitor/project/history/query`, only its equipment's signals; docs/project-monitor.md). Both answer
 * the same series.
 */
export type HistoryScope = { kind: 'equipment' } | { kind: 'project'; projectId: number };

export const EQUIPMENT_SCOPE: HistoryScope = { kind: 'equipment' };

/**
 * POST /lfscada/monitor/multi/history/query {signalIds (comma-joined), startTime, endTime} → one series per
 * signal, raw or as min/max buckets (historySeries.ts); a project's scope asks its own call with its projectId, and
 * its variables (`mvarIds`) come back as `mvarSeries`, a value per minute or hour. Silent: shown inline.
 */
export function fetchHistory(request: HistoryRequest, signal?: AbortSignal, scope: HistoryScope = EQUIPMENT_SCOPE): Promise<HistoryAnswer> {
  const params = { signalIds: request.signalIds.join(','), startTime: request.startTime, endTime: request.endTime };
  const mvars = request.mvarIds?.length ? { mvarIds: request.mvarIds.join(',') } : {};
  return scope.kind === 'project'
    ? post<HistoryAnswer>('/lfscada/monitor/project/history/query', { projectId: scope.projectId, ...params, ...mvars }, { silent: true, ...(signal ? { signal } : {}) })
    : post<HistoryAnswer>('/lfscada/monitor/multi/history/query', params, { silent: true, ...(signal ? { signal } : {}) });
}

/**
 * Runs when `request` is set (the operator pressed Query). `run` counts the presses, so pressing Query again with
 * the same choices fetches again (new rows may have arrived) instead of answering from the cache.
 */
export function useHistory(request: HistoryRequest | null, run: number, scope: HistoryScope = EQUIPMENT_SCOPE) {
  return useQuery<HistoryAnswer, ApiError>({
    queryKey: monitorKeys.history({ ...(request ?? {}), run, scope }),
    queryFn: ({ signal }) => fetchHistory(request as HistoryRequest, signal, scope),
    enabled: request !== null,
    staleTime: Infinity,
    gcTime: 60_000,
  });
}
