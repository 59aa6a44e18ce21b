/**
 * An equipment's signals and their latest stored values, as every live screen (the EG detail tabs, the
 * configuration page viewer) reads them. Silent calls: the screens show a failure inline with a retry.
 */
import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { parseEgSignalFrame, type EgSignalFrame } from '@/lib/live/egSignalChannel';
import { signalKeys } from './keys';
import type { MonitorSignal } from './types';

/** POST /lfscada/monitor/multi/signal/query {equipmentId} → the equipment's signals. */
export function fetchSignals(equipmentId: number, signal?: AbortSignal): Promise<MonitorSignal[]> {
  return post<MonitorSignal[] | null>(
    '/lfscada/monitor/multi/signal/query',
    { equipmentId },
    { silent: true, ...(signal ? { signal } : {}) },
  ).then((list) => list ?? []);
}

/** The equipment's signals, one cache entry for the EG detail and the page viewer. */
export function useSignals(equipmentId: number) {
  return useQuery<MonitorSignal[], ApiError>({
    queryKey: signalKeys.signals(equipmentId),
    queryFn: ({ signal }) => fetchSignals(equipmentId, signal),
  });
}

/**
 * POST /lfscada/monitor/multi/signal/data {equipmentId} → the latest stored values, in the live frame's shape.
 * The live socket pushes only what arrives after it opens, so this fills a screen at once (and shows the last
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
