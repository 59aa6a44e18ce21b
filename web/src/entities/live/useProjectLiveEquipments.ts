/**
 * The live state of the equipment a project's page binds (docs/project-monitor.md), in the shape of
 * useLiveEquipments' so the page reads it the same way: one project monitor session for the page (one socket, one
 * gateway query, the opens of its gateways) instead of one EG session per equipment, and the latest stored values
 * of the page's signals (`signal/query`, one call) merged under the live ones. Alarm counts come with the frames.
 * Nothing runs without a project (an equipment's page keeps the EG sessions) or without equipment.
 */
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { EgFrame } from '@/generated/answers';
import { distinctIds, equipmentSetKey } from './useEgMonitorSession';
import type { WebSocketLike } from './liveChannel';
import { fetchProjectValues, projectMonitorApi, type ProjectMonitorApi, type ProjectPageRef } from './projectMonitorApi';
import {
  INITIAL_PROJECT_EQUIPMENT_STATE,
  ProjectMonitorSession,
  type ProjectEquipmentState,
  type ProjectMonitorStates,
} from './projectMonitorSession';
import { openProjectSignalChannel } from './projectSignalChannel';
import { receivedOf, useLiveSet, type LiveEquipmentSet } from './useLiveEquipments';

/** A project page as its live session needs it: the page, its project, and its catalogue's signals by equipment. */
export interface ProjectLiveRef extends ProjectPageRef {
  signals: ReadonlyArray<{ id: number; equipId: number }>;
}

export interface ProjectLiveOverrides {
  /** Replaces the API calls (tests). */
  api?: ProjectMonitorApi;
  /** Replaces the browser WebSocket (tests). */
  createSocket?: (url: string) => WebSocketLike;
}

const NO_STATES: ProjectMonitorStates = Object.freeze({});

/** The query of a page's stored values: one cache entry per page and signal set. */
export function projectValuesKey(pageId: number, signalIds: readonly number[]) {
  return ['monitor', 'projectValues', pageId, signalIds.join(',')] as const;
}

export function useProjectLiveEquipments(
  equipmentIds: readonly number[],
  project: ProjectLiveRef | null,
  overrides: ProjectLiveOverrides = {},
): LiveEquipmentSet<ProjectEquipmentState> {
  const setKey = project ? `${project.pageId}:${project.projectId}:${equipmentSetKey(equipmentIds)}` : '';
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `setKey` names the same page and equipment
  const ids = useMemo(() => (project ? distinctIds(equipmentIds) : []), [setKey]);
  const [snapshot, setSnapshot] = useState<{ key: string; states: ProjectMonitorStates }>({ key: '', states: NO_STATES });
  const currentOverrides = useEffectEvent(() => overrides);
  const currentProject = useEffectEvent(() => project);

  useEffect(() => {
    const page = currentProject();
    if (!page || ids.length === 0) return undefined;
    const { api = projectMonitorApi, createSocket } = currentOverrides();
    const ref = { pageId: page.pageId, projectId: page.projectId };
    const session = new ProjectMonitorSession(ref, ids, {
      api,
      openValues: (onFrame) => openProjectSignalChannel({ pageId: ref.pageId, equipmentIds: ids, onFrame, createSocket }),
    });
    const unsubscribe = session.subscribe((states) => setSnapshot({ key: setKey, states }));
    session.start();
    return () => {
      unsubscribe();
      session.stop();
    };
  }, [setKey, ids]);
  const states = snapshot.key === setKey ? snapshot.states : NO_STATES;

  // The page's signals of the watched equipment, each owner known: the stored values are split by equipment, as
  // each equipment's values go stale on its own gateway's clock.
  const owners = useMemo(() => {
    const watched = new Set(ids);
    return new Map((project?.signals ?? []).filter((s) => watched.has(s.equipId)).map((s) => [s.id, s.equipId]));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the signals are the catalogue's, fixed while `ids` is
  }, [ids, project?.signals]);
  const signalIds = useMemo(() => [...owners.keys()].sort((a, b) => a - b), [owners]);
  const pageId = project?.pageId ?? 0;
  const stored = useQuery({
    queryKey: projectValuesKey(pageId, signalIds),
    queryFn: ({ signal }) => fetchProjectValues(pageId, signalIds, signal),
    enabled: project !== null && signalIds.length > 0,
    staleTime: Infinity,
  });

  const received = useMemo(() => {
    const byEquipment = new Map<number, EgFrame['signalVal']>();
    for (const [signalId, value] of Object.entries(stored.data ?? {})) {
      const equipmentId = owners.get(Number(signalId));
      if (equipmentId === undefined || !value) continue;
      const values = byEquipment.get(equipmentId) ?? {};
      values[signalId] = value;
      byEquipment.set(equipmentId, values);
    }
    return ids.map((id) => {
      const live = states[String(id)] ?? INITIAL_PROJECT_EQUIPMENT_STATE;
      const snapshotOf: EgFrame = { signalVal: byEquipment.get(id) ?? {}, gatewayAlarm: 0, signalAlarm: {} };
      return receivedOf(id, live, snapshotOf);
    });
  }, [ids, states, stored.data, owners]);
  return useLiveSet(received);
}
