/**
 * React side of the EG monitor session: one session per equipment a mounted screen shows (the detail screen one,
 * a project's configuration page one per equipment it binds), with window activity tracking for the economize
 * rule. The sessions of a set run in one effect, so the set can change without hooks in a loop; the state resets
 * when the set changes, so a screen never shows the previous equipment's values under the new one's name.
 */
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { trackActivity } from './activity';
import { egMonitorApi, type EgMonitorApi, type EquipmentId } from './egMonitorApi';
import { EgMonitorSession, INITIAL_EG_MONITOR_STATE, type EgMonitorState } from './egMonitorSession';
import { openEgSignalChannel } from './egSignalChannel';
import type { WebSocketLike } from './liveChannel';

export interface EgMonitorSessionOverrides {
  /** Replaces the API calls (tests, previews). */
  api?: EgMonitorApi;
  /** Replaces the browser WebSocket (tests). */
  createSocket?: (url: string) => WebSocketLike;
}

/** Each equipment's monitor state, by its id as text; an equipment whose session has not reported yet is absent. */
export type EgMonitorStates = Readonly<Record<string, EgMonitorState>>;

const NO_STATES: EgMonitorStates = Object.freeze({});

/** The ids each once (an id and its text count as one), empty ones dropped, in the order given. */
export function distinctIds<T extends EquipmentId>(equipmentIds: readonly T[]): T[] {
  const seen = new Set<string>();
  return equipmentIds.filter((id) => {
    const text = String(id);
    if (text === '' || seen.has(text)) return false;
    seen.add(text);
    return true;
  });
}

/** The set as one text: what the sessions are keyed by, so an equal array passed again restarts nothing. */
export function equipmentSetKey(equipmentIds: readonly EquipmentId[]): string {
  return distinctIds(equipmentIds).join(',');
}

/**
 * The monitor state of every equipment of `equipmentIds` (read with {@link stateOf}); nothing runs for an empty
 * set. The sessions restart only when the set changes (not when an equal array is passed again). `overrides` are
 * read when the sessions start, not watched.
 */
export function useEgMonitorSessions(
  equipmentIds: readonly EquipmentId[],
  overrides: EgMonitorSessionOverrides = {},
): EgMonitorStates {
  const key = equipmentSetKey(equipmentIds);
  const [snapshot, setSnapshot] = useState<{ key: string; states: EgMonitorStates }>({ key: '', states: NO_STATES });
  const currentOverrides = useEffectEvent(() => overrides);
  // Read when the set changes: the ids of `key`, as given (a number stays a number in the calls).
  const currentIds = useEffectEvent(() => distinctIds(equipmentIds));

  useEffect(() => {
    if (key === '') return undefined;
    const { api = egMonitorApi, createSocket } = currentOverrides();
    // One activity tracker for the set: the operator is away from all of its equipment at once.
    const activity = trackActivity();
    const stops = currentIds().map((equipmentId) => {
      const session = new EgMonitorSession(equipmentId, {
        api,
        activity,
        openValues: (onFrame) => openEgSignalChannel({ equipmentId, onFrame, createSocket }),
      });
      const unsubscribe = session.subscribe((state) =>
        setSnapshot((previous) => ({
          key,
          states: { ...(previous.key === key ? previous.states : NO_STATES), [String(equipmentId)]: state },
        })),
      );
      session.start();
      return () => {
        unsubscribe();
        session.stop();
      };
    });
    return () => {
      for (const stop of stops) stop();
      activity.dispose();
    };
  }, [key]);

  return snapshot.key === key ? snapshot.states : NO_STATES;
}

/** One equipment's state in `states`: the initial state until its session reports. */
export function stateOf(states: EgMonitorStates, equipmentId: EquipmentId): EgMonitorState {
  return states[String(equipmentId)] ?? INITIAL_EG_MONITOR_STATE;
}

/**
 * The monitor state of `equipmentId`, the one-equipment case of {@link useEgMonitorSessions}; nothing runs while
 * it is undefined or empty (e.g. the route param is not known yet).
 */
export function useEgMonitorSession(
  equipmentId: EquipmentId | undefined,
  overrides: EgMonitorSessionOverrides = {},
): EgMonitorState {
  const ids = useMemo(() => (equipmentId === undefined ? [] : [equipmentId]), [equipmentId]);
  const states = useEgMonitorSessions(ids, overrides);
  return equipmentId === undefined ? INITIAL_EG_MONITOR_STATE : stateOf(states, equipmentId);
}
