/**
 * The live side of a configuration page (an equipment's, or a project's binding several equipment): turns the
 * signal catalogue of the page's equipment and the shared live state (entities/live/useLiveEquipments: the monitor
 * sessions, latest values, each equipment's staleness) into the viewer's {@link RuntimeContext}. The write, the
 * right to write and the widgets' calls are the page source's (pageSource.ts): in the console the same
 * asynchronous command as the detail screen's write form, whichever equipment the signal is of, so the server's
 * checks and the callback's failures are the same; in the share view `share/write` and `share/callback`.
 */
import { useMemo, useRef } from 'react';
import type { EgFrame, SignalEntry } from '@/generated/answers';
import { isStale } from '@/entities/signals/staleness';
import type { Mvar } from '@/entities/mvars/api';
import { mvarSignals, mvarValues } from '../mvars';
import type { LivePage, RuntimeContext, RuntimeSignal, RuntimeValue } from '../types';
import { usePageSource } from './pageSource';

const NO_MVARS: readonly Mvar[] = Object.freeze([]);

/** The catalogue as the viewer reads it, by signal id. */
export function runtimeSignals(list: readonly SignalEntry[]): Map<number, RuntimeSignal> {
  return new Map(
    list.map((s) => [
      s.id,
      { id: s.id, equipId: s.equipId, title: s.signalTitle, dataType: s.dataType, unit: s.unit, decimals: s.decimals, writable: s.writable, min: s.min, max: s.max, valueMap: s.valueMap },
    ]),
  );
}

/** One equipment's values and how old one of them may be before it is stale (its own gateway's threshold). */
export interface EquipmentValues {
  values: EgFrame['signalVal'];
  staleMs: number;
}

/**
 * Live values of the page's equipment with their quality and staleness at `now`, each judged by its own
 * equipment's threshold. An entry equal to the one in `previous` is that same object, and when every entry is,
 * the answer is `previous` itself, so the viewer redraws only the widgets whose value changed (the clock ticks
 * every second).
 */
export function runtimeValues(
  equipment: readonly EquipmentValues[],
  now: number,
  previous: Readonly<Record<string, RuntimeValue>> = {},
): Readonly<Record<string, RuntimeValue>> {
  const out: Record<string, RuntimeValue> = {};
  let changed = false;
  for (const { values, staleMs } of equipment) {
    for (const [id, v] of Object.entries(values)) {
      if (!v) continue;
      const next = { value: v.value, time: v.time, good: v.quality === 'good', stale: isStale(v.time, now, staleMs) };
      const before = previous[id];
      const same =
        before !== undefined &&
        before.value === next.value &&
        before.time === next.time &&
        before.good === next.good &&
        before.stale === next.stale;
      out[id] = same ? before : next;
      changed ||= !same;
    }
  }
  return changed || Object.keys(out).length !== Object.keys(previous).length ? out : previous;
}

/**
 * The viewer's context of a page shown live: `catalogue` the signals of the page's equipment
 * ({@link runtimeSignals}), `live` the values of the equipment it shows (entities/live/useLiveEquipments),
 * `equipmentIds` the equipment its tables cover (an equipment's page: its one equipment; a project's page: the
 * project's), `page` the page itself (its EZVIZ videos ask their cameras by it), `statistics` a project page's
 * statistics (runtime/live/projectStatistics.ts), `mvars` the intermediate variables it binds (runtime/mvars.ts).
 */
export function useRuntimeContext(
  catalogue: ReadonlyMap<number, RuntimeSignal>,
  live: { equipment: readonly EquipmentValues[]; now: number },
  openPage: (pageId: number) => void,
  equipmentIds: readonly number[],
  page?: LivePage,
  statistics?: Readonly<Record<string, RuntimeValue>>,
  mvars: readonly Mvar[] = NO_MVARS,
): RuntimeContext {
  const source = usePageSource();
  const canWrite = source.useCanWrite();
  const previous = useRef<Readonly<Record<string, RuntimeValue>>>({});
  const signalValues = useMemo(() => {
    const next = runtimeValues(live.equipment, live.now, previous.current);
    previous.current = next;
    return next;
  }, [live.equipment, live.now]);
  // A project page's statistics and intermediate variables sit beside the signals' values under their own keys
  // (runtime/systemKeys.ts, runtime/mvars.ts); the variables are computed from the signals' values.
  const values = useMemo(() => {
    const extra = { ...(statistics ?? {}), ...mvarValues(mvars, signalValues) };
    return Object.keys(extra).length > 0 ? { ...signalValues, ...extra } : signalValues;
  }, [signalValues, statistics, mvars]);
  const described = useMemo(() => (mvars.length > 0 ? mvarSignals(mvars) : undefined), [mvars]);
  const pageKey = page ? `${page.id}:${page.owner.kind}:${page.owner.id}:${page.draft}` : '';
  // The write of the page's source, told the page (a project's page writes through its project).
  const write = useMemo(
    () => (signalId: number, value: number) => source.write(signalId, value, page),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `pageKey` names the same page as `page`
    [source.write, pageKey],
  );
  const tablesKey = equipmentIds.join(',');
  // A project's page reads its tables through the project's own calls (docs/project-monitor.md).
  const projectId = page?.owner.kind === 'project' ? page.owner.id : null;
  const calls = useMemo(
    () => (projectId !== null && source.projectCalls ? source.projectCalls(projectId) : source.calls),
    [projectId, source],
  );
  const target = useMemo(
    () => ({ equipmentIds, calls, ...(page ? { page } : {}) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the keys name the same equipment and page as the values
    [tablesKey, pageKey, calls],
  );
  return useMemo(
    () => ({
      values,
      signals: catalogue,
      ...(described ? { mvars: described } : {}),
      canWrite,
      write,
      openPage,
      // The page runs live: its history and alarm tables query the server for its equipment.
      live: target,
    }),
    [values, catalogue, described, canWrite, write, openPage, target],
  );
}
