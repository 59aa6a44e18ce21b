/**
 * The share view's page source (runtime/live/pageSource.ts): the console's page viewer, run on the share calls of
 * ONE equipment. The page is `share/page/info`; the catalogue is `share/info`'s signals; the live values are
 * `share/values`, read every 2 s (api.ts `SHARE_POLL_MS`: the same query as the realtime table's, so one poll serves
 * both); the viewer may write under the share's `control` authority, through `share/write` and `share/callback`;
 * the history and alarm tables ask `share/history` and `share/alarms`; the map and weather widgets ask nothing
 * (a visitor reaches no console call). Links into the console are not offered.
 */
import { useMemo } from 'react';
import type { EgFrame, SignalEntry } from '@/generated/answers';
import { useNow } from '@/entities/live/useClock';
import type { PageOwner } from '@/entities/pages/configPages';
import type { OwnerScope } from '@/entities/pages/ownerScope';
import { staleAfterMs } from '@/entities/signals/staleness';
import { useNoMvars, useNoStatistics, type LivePageValues, type PageSource } from '@/runtime/live/pageSource';
import type { RecordCalls } from '@/runtime/recordCalls';
import {
  fetchShareAlarms,
  fetchShareHistory,
  fetchSharePageInfo,
  shareWriter,
  useSharedEquipment,
  useShareValues,
} from './api';

const NO_SIGNALS: readonly SignalEntry[] = [];
const NO_VALUES: EgFrame['signalVal'] = {};

/** The source for the visit of `equipId` (one object per visit: the page's hooks run in a fixed order). */
export function sharePageSource(equipId: number): PageSource {
  const write = shareWriter(equipId);

  /** The shared equipment's catalogue (already loaded: the share view shows only after `share/info`). */
  function useShareScope(owner: PageOwner): OwnerScope {
    const info = useSharedEquipment(equipId);
    const own = owner.kind === 'equipment' && owner.id === equipId;
    const signals = own ? (info.data?.signals ?? NO_SIGNALS) : NO_SIGNALS;
    const title = info.data?.equipName ?? '';
    const equipment = useMemo(() => [{ id: equipId, title }], [title]);
    return {
      equipment,
      signals,
      complete: info.data !== undefined,
      pending: info.isPending,
      projectError: null,
      catalogueError: info.error,
      retry: () => void info.refetch(),
    };
  }

  /** The shared equipment's latest values and alarm count; no other equipment's (a page shows only its own). */
  function useShareLive(equipmentIds: readonly number[]): LivePageValues {
    const frame = useShareValues(equipId, true).data;
    const now = useNow(1_000);
    const shown = equipmentIds.includes(equipId);
    return useMemo(() => {
      const gatewayAlarm = shown ? (frame?.gatewayAlarm ?? 0) : 0;
      const equipment = shown
        ? [{ equipmentId: equipId, values: frame?.signalVal ?? NO_VALUES, staleMs: staleAfterMs(null, false), gatewayAlarm, status: null }]
        : [];
      // The poll says nothing of the gateway: no monitoring badge, the values' staleness says how fresh they are.
      return { equipment, status: null, gatewayAlarm, now };
    }, [frame, now, shown]);
  }

  function useShareCanWrite(): boolean {
    return useSharedEquipment(equipId).data?.auth === 'control';
  }

  const calls: RecordCalls = {
    scope: `share:${equipId}`,
    userRights: false,
    history: (request, signal) => fetchShareHistory(equipId, request, signal),
    alarms: (equipmentId, query, signal) => fetchShareAlarms(equipmentId, query, signal),
    confirmAlarm: null,
    mapCards: null,
    weather: false,
    ezviz: false,
    reports: false,
  };

  return {
    scope: calls.scope,
    fetchPageInfo: (pageId, _owner, signal) => fetchSharePageInfo(equipId, pageId, signal),
    useScope: useShareScope,
    useLive: useShareLive,
    useCanWrite: useShareCanWrite,
    write: async (signalId, value) => {
      await write(signalId, value);
    },
    calls,
    consoleLinks: false,
    useStatistics: useNoStatistics,
    useMvars: useNoMvars,
  };
}
