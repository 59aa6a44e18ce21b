import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { MonitorSignal } from '../model/types';
import { monitorKeys } from './keys';

/**
 * POST /lfscada/monitor/multi/signal/query {equipmentId} → the equipment's signals. Silent: the tabs show a
 * failure inline with a retry.
 */
export function fetchSignals(equipmentId: number, signal?: AbortSignal): Promise<MonitorSignal[]> {
  return post<MonitorSignal[] | null>(
    '/lfscada/monitor/multi/signal/query',
    { equipmentId },
    { silent: true, ...(signal ? { signal } : {}) },
  ).then((list) => list ?? []);
}

export function useSignals(equipmentId: number) {
  return useQuery<MonitorSignal[], ApiError>({
    queryKey: monitorKeys.signals(equipmentId),
    queryFn: ({ signal }) => fetchSignals(equipmentId, signal),
  });
}
