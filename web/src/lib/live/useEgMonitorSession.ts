/**
 * React side of the EG monitor session: one session per mounted screen and equipment, with window activity
 * tracking for the economize rule. The state resets when the equipment changes, so a screen never shows the
 * previous equipment's values under the new one's name.
 */
import { useEffect, useEffectEvent, useState } from 'react';
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

/**
 * The monitor state of `equipmentId`; nothing runs while it is undefined or empty (e.g. the route param is not
 * known yet). `overrides` are read when a session starts, not watched.
 */
export function useEgMonitorSession(
  equipmentId: EquipmentId | undefined,
  overrides: EgMonitorSessionOverrides = {},
): EgMonitorState {
  const [snapshot, setSnapshot] = useState<{ equipmentId: EquipmentId; state: EgMonitorState } | null>(null);
  const currentOverrides = useEffectEvent(() => overrides);

  useEffect(() => {
    if (equipmentId === undefined || equipmentId === '') return undefined;
    const { api = egMonitorApi, createSocket } = currentOverrides();
    const activity = trackActivity();
    const session = new EgMonitorSession(equipmentId, {
      api,
      activity,
      openValues: (onFrame) => openEgSignalChannel({ equipmentId, onFrame, createSocket }),
    });
    const unsubscribe = session.subscribe((state) => setSnapshot({ equipmentId, state }));
    session.start();
    return () => {
      unsubscribe();
      session.stop();
      activity.dispose();
    };
  }, [equipmentId]);

  return snapshot !== null && snapshot.equipmentId === equipmentId ? snapshot.state : INITIAL_EG_MONITOR_STATE;
}
