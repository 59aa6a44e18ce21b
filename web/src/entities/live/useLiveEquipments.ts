/**
 * Everything a live view of a set of EG equipment needs, in one hook: the EG detail screen (one equipment), an
 * equipment's configuration page (one) and a project's page (each equipment it binds). Per equipment: the monitor
 * session (gateway status, open calls, live socket), the latest stored values merged under the live ones (so a
 * view is filled before the first push and a gateway that is offline still shows its last values), the alarm
 * counts, the staleness threshold of its own gateway and its monitoring status. For the set: the values of all
 * (signal ids are unique across equipment), the total alarm count and one status. Re-read every second, so
 * "stale" and "paused" change on screen without new data.
 */
import { useCallback, useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { EgFrame } from '@/generated/answers';
import { fetchLatest } from '@/entities/signals/catalogue';
import { signalKeys } from '@/entities/signals/keys';
import { staleAfterMs, type ReportingPeriods } from '@/entities/signals/staleness';
import { mergeSignalValues, type EgMonitorState } from './egMonitorSession';
import {
  monitorStatus,
  setMonitorStatus,
  type MonitoredGateway,
  type MonitorStatus,
  type SetMonitorStatus,
} from './monitorStatus';
import { distinctIds, equipmentSetKey, stateOf, useEgMonitorSessions, type EgMonitorSessionOverrides } from './useEgMonitorSession';
import { useLastActivity, useNow } from './useClock';

/** One equipment's live state (`L`: its session's state, the EG session's unless a project page's). */
export interface LiveEquipment<L extends SessionState = EgMonitorState> {
  equipmentId: number;
  live: L;
  /** Latest stored values with the live ones over them, by signal id. */
  values: EgFrame['signalVal'];
  signalAlarm: EgFrame['signalAlarm'];
  gatewayAlarm: number;
  /** How old a value may be before it is shown as stale (ms), from this equipment's gateway. */
  staleMs: number;
  status: MonitorStatus;
  now: number;
}

/** The live state of a set of equipment. */
export interface LiveEquipmentSet<L extends SessionState = EgMonitorState> {
  /** Each equipment's, in the order asked (each id once). */
  equipment: LiveEquipment<L>[];
  /** Every equipment's values together, by signal id. */
  values: EgFrame['signalVal'];
  signalAlarm: EgFrame['signalAlarm'];
  /** Open alarms of the whole set. */
  gatewayAlarm: number;
  /** One state for the set; null when it is empty. */
  status: SetMonitorStatus | null;
  now: number;
}

/** The latest stored values of an equipment: one cache entry for every live screen of it. */
export function latestValuesQuery(equipmentId: number) {
  return {
    queryKey: signalKeys.latest(equipmentId),
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchLatest(equipmentId, signal),
    staleTime: Infinity,
  };
}

/** What a live set reads of an equipment's session: the EG session's state, or a project session's. */
export type SessionState = Pick<EgMonitorState, 'monitoring' | 'loaded' | 'values' | 'signalAlarm' | 'gatewayAlarm'> & {
  gateway: (MonitoredGateway & ReportingPeriods) | null;
};

/** What does not change with the clock: the values and alarm counts of one equipment. */
export interface Received<L extends SessionState = EgMonitorState> {
  equipmentId: number;
  live: L;
  values: EgFrame['signalVal'];
  signalAlarm: EgFrame['signalAlarm'];
  gatewayAlarm: number;
}

/** An equipment's values and alarm counts from its session and its stored snapshot. */
export function receivedOf<L extends SessionState>(equipmentId: number, live: L, stored: EgFrame | undefined): Received<L> {
  const values = mergeSignalValues(stored?.signalVal ?? {}, live.values);
  // Alarm counts: the live frame's once one has come, else the stored snapshot's.
  const hasFrame = Object.keys(live.values).length > 0;
  const signalAlarm = hasFrame ? live.signalAlarm : (stored?.signalAlarm ?? {});
  const gatewayAlarm = hasFrame ? live.gatewayAlarm : (stored?.gatewayAlarm ?? 0);
  return { equipmentId, live, values, signalAlarm, gatewayAlarm };
}

/** The records of `parts` as one (later ones win a key both hold; signal ids are unique, so none do). */
function joined<T>(parts: ReadonlyArray<Record<string, T>>): Record<string, T> {
  if (parts.length === 1) return parts[0]!;
  return Object.assign({}, ...parts) as Record<string, T>;
}

export function useLiveEquipments(equipmentIds: readonly number[], overrides?: EgMonitorSessionOverrides): LiveEquipmentSet {
  const key = equipmentSetKey(equipmentIds);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` names the same equipment as `equipmentIds`
  const ids = useMemo(() => distinctIds(equipmentIds), [key]);
  const sessions = useEgMonitorSessions(ids, overrides);
  // A list that stays the same array while no answer changes (TanStack re-runs `combine` only then).
  const combine = useCallback(
    (results: ReadonlyArray<{ data: EgFrame | undefined }>) => results.map((r) => r.data),
    [],
  );
  const stored = useQueries({ queries: ids.map(latestValuesQuery), combine });

  const received = useMemo(
    () => ids.map((id, i) => receivedOf(id, stateOf(sessions, id), stored[i])),
    [ids, sessions, stored],
  );
  return useLiveSet(received);
}

/**
 * The live set of the equipment `received` holds (the same list while nothing changes): each one's staleness from
 * its own gateway and its status at the clock, re-read every second; the values and alarms of all together. The
 * EG sessions' (useLiveEquipments) and a project page's (useProjectLiveEquipments).
 */
export function useLiveSet<L extends SessionState>(received: readonly Received<L>[]): LiveEquipmentSet<L> {
  const now = useNow(1000);
  const lastActivity = useLastActivity();
  const values = useMemo(() => joined(received.map((r) => r.values)), [received]);
  const signalAlarm = useMemo(() => joined(received.map((r) => r.signalAlarm)), [received]);

  const activityAt = lastActivity();
  const equipment = received.map((r) => {
    const { gateway } = r.live;
    const staleMs = staleAfterMs(gateway, r.live.monitoring && gateway !== null);
    return { ...r, staleMs, status: monitorStatus(r.live, now, activityAt), now };
  });
  return {
    equipment,
    values,
    signalAlarm,
    gatewayAlarm: received.reduce((sum, r) => sum + r.gatewayAlarm, 0),
    status: setMonitorStatus(equipment.map((e) => e.status)),
    now,
  };
}
