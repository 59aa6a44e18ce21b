/**
 * The live side of a configuration page of one EG equipment: turns the equipment's signal catalogue and the
 * shared live state (lib/live/useLiveEquipment: the monitor session, latest values, staleness) into the
 * viewer's {@link RuntimeContext}. Writes go through the same asynchronous command as the detail screen's write
 * form, so the server's checks and the callback's failures are the same.
 */
import { useMemo, useRef } from 'react';
import { Permission, hasAuth } from '@/lib/access';
import type { LiveEquipment } from '@/lib/live/useLiveEquipment';
import type { SignalValue } from '@/lib/live/egSignalChannel';
import { useUser } from '@/lib/session';
import { writeSignal } from '@/lib/signals/commands';
import { isStale } from '@/lib/signals/staleness';
import type { MonitorSignal } from '@/lib/signals/types';
import type { RuntimeContext, RuntimeSignal, RuntimeValue } from '../types';

/** The catalogue as the viewer reads it, by signal id. */
export function runtimeSignals(list: readonly MonitorSignal[]): Map<number, RuntimeSignal> {
  return new Map(
    list.map((s) => [
      s.id,
      { id: s.id, equipId: s.equipId, title: s.signalTitle, dataType: s.dataType, unit: s.unit, decimals: s.decimals, writable: s.writable, min: s.min, max: s.max },
    ]),
  );
}

/**
 * Live values with their quality and staleness at `now`. An entry equal to the one in `previous` is that same
 * object, so the viewer redraws only the widgets whose value changed (the clock ticks every second).
 */
export function runtimeValues(
  values: Record<string, SignalValue>,
  now: number,
  staleMs: number,
  previous: Readonly<Record<string, RuntimeValue>> = {},
): Record<string, RuntimeValue> {
  const out: Record<string, RuntimeValue> = {};
  for (const [id, v] of Object.entries(values)) {
    const next = { value: v.value, time: v.time, good: v.quality === 'good', stale: isStale(v.time, now, staleMs) };
    const before = previous[id];
    const same =
      before !== undefined &&
      before.value === next.value &&
      before.time === next.time &&
      before.good === next.good &&
      before.stale === next.stale;
    out[id] = same ? before : next;
  }
  return out;
}

export function useRuntimeContext(
  signals: readonly MonitorSignal[] | undefined,
  live: Pick<LiveEquipment, 'values' | 'now' | 'staleMs'>,
  openPage: (pageId: number) => void,
  equipmentId: number,
): RuntimeContext {
  const canWrite = hasAuth(useUser(), Permission.WriteData);
  const catalogue = useMemo(() => runtimeSignals(signals ?? []), [signals]);
  const previous = useRef<Record<string, RuntimeValue>>({});
  const values = useMemo(() => {
    const next = runtimeValues(live.values, live.now, live.staleMs, previous.current);
    previous.current = next;
    return next;
  }, [live.values, live.now, live.staleMs]);
  return useMemo(
    () => ({
      values,
      signals: catalogue,
      canWrite,
      write: async (signalId: number, value: number) => {
        await writeSignal(signalId, value);
      },
      openPage,
      // The page runs live: its history and alarm tables query the server for this equipment.
      live: { equipmentId },
    }),
    [values, catalogue, canWrite, openPage, equipmentId],
  );
}
