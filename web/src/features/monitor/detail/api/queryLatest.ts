import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { parseEgSignalFrame, type EgSignalFrame } from '@/lib/live/egSignalChannel';
import { monitorKeys } from './keys';

/**
 * POST /lfscada/monitor/multi/signal/data {equipmentId} → the latest stored values, in the live frame's shape.
 * The live socket pushes only what arrives after it opens, so this fills the table at once (and shows the last
 * known values of a gateway that is offline). Checked like a pushed frame; a malformed answer counts as empty.
 */
export async function fetchLatest(equipmentId: number, signal?: AbortSignal): Promise<EgSignalFrame> {
  const data = await post<unknown>(
    '/lfscada/monitor/multi/signal/data',
    { equipmentId },
    { silent: true, ...(signal ? { signal } : {}) },
  );
  return parseEgSignalFrame(data) ?? { signalVal: {}, gatewayAlarm: 0, signalAlarm: {} };
}

export function useLatestValues(equipmentId: number) {
  return useQuery<EgSignalFrame, ApiError>({
    queryKey: monitorKeys.latest(equipmentId),
    queryFn: ({ signal }) => fetchLatest(equipmentId, signal),
    staleTime: Infinity,
  });
}
