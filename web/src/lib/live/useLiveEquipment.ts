/**
 * Everything a live view of one EG equipment needs, in one hook shared by the EG detail screen and the
 * configuration page viewer: the monitor session (gateway status, open calls, live socket), the latest stored
 * values merged under the live ones (so a view is filled before the first push and a gateway that is offline still
 * shows its last values), the alarm counts, the staleness threshold and the monitoring status, re-read every
 * second so "stale" and "paused" change on screen without new data.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ApiError } from '@/lib/api/errors';
import type { Gateway } from '@/lib/gateway';
import { fetchLatest } from '@/lib/signals/catalogue';
import { signalKeys } from '@/lib/signals/keys';
import { staleAfterMs } from '@/lib/signals/staleness';
import type { EgSignalFrame, SignalValue } from './egSignalChannel';
import { mergeSignalValues, type EgMonitorState } from './egMonitorSession';
import { monitorStatus, type MonitorStatus } from './monitorStatus';
import { useEgMonitorSession } from './useEgMonitorSession';
import { useLastActivity, useNow } from './useClock';

export interface LiveEquipment {
  live: EgMonitorState;
  /** Latest stored values with the live ones over them, by signal id. */
  values: Record<string, SignalValue>;
  signalAlarm: Record<string, number>;
  gatewayAlarm: number;
  /** How old a value may be before it is shown as stale (ms). */
  staleMs: number;
  status: MonitorStatus;
  now: number;
}

export function useLatestValues(equipmentId: number) {
  return useQuery<EgSignalFrame, ApiError>({
    queryKey: signalKeys.latest(equipmentId),
    queryFn: ({ signal }) => fetchLatest(equipmentId, signal),
    staleTime: Infinity,
  });
}

export function useLiveEquipment(equipmentId: number): LiveEquipment {
  const live = useEgMonitorSession(equipmentId);
  const latest = useLatestValues(equipmentId);
  const now = useNow(1000);
  const lastActivity = useLastActivity();

  const values = useMemo(
    () => mergeSignalValues(latest.data?.signalVal ?? {}, live.values),
    [latest.data, live.values],
  );
  // Alarm counts: the live frame's once one has come, else the stored snapshot's.
  const hasFrame = Object.keys(live.values).length > 0;
  const signalAlarm = hasFrame ? live.signalAlarm : (latest.data?.signalAlarm ?? {});
  const gatewayAlarm = hasFrame ? live.gatewayAlarm : (latest.data?.gatewayAlarm ?? 0);
  const gateway = live.gateway as (typeof live.gateway & Partial<Gateway>) | null;
  const staleMs = staleAfterMs(gateway, live.monitoring && gateway !== null);
  const status = monitorStatus(live, now, lastActivity());
  return { live, values, signalAlarm, gatewayAlarm, staleMs, status, now };
}
