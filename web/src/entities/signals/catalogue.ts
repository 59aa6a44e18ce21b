/**
 * An equipment's signals and their latest stored values, as every live screen (the EG detail tabs, the
 * configuration page viewer) reads them. Silent calls: the screens show a failure inline with a retry.
 */
import { useCallback } from 'react';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { EgFrame, SignalEntry } from '@/generated/answers';
import { parseEgSignalFrame } from '@/entities/live/egSignalChannel';
import { signalKeys } from './keys';

/** POST /lfscada/monitor/multi/signal/query {equipmentId} → the equipment's signals. */
export function fetchSignals(equipmentId: number, signal?: AbortSignal): Promise<SignalEntry[]> {
  return post<SignalEntry[] | null>(
    '/lfscada/monitor/multi/signal/query',
    { equipmentId },
    { silent: true, ...(signal ? { signal } : {}) },
  ).then((list) => list ?? []);
}

/**
 * The query of an equipment's signals, one cache entry for every screen that reads them. `freshForMs`: an answer
 * younger than this is not asked for again on mount (a screen whose route prefetched it).
 */
export function signalsQuery(equipmentId: number, freshForMs = 0) {
  return queryOptions<SignalEntry[], ApiError>({
    queryKey: signalKeys.signals(equipmentId),
    queryFn: ({ signal }) => fetchSignals(equipmentId, signal),
    staleTime: freshForMs,
  });
}

/** The equipment's signals, one cache entry for the EG detail and the page viewer. */
export function useSignals(equipmentId: number) {
  return useQuery(signalsQuery(equipmentId));
}

/** The signals of several equipment together (a project page binds any of its project's equipment). */
export interface UnionCatalogue {
  /** Equipment by equipment, in the order asked; each signal is one of the equipment it was asked for. */
  signals: SignalEntry[];
  /** Every equipment's catalogue has answered: only then may a binding be judged by its absence. */
  complete: boolean;
}

/**
 * The union of the catalogues of `equipmentIds` (`lists[i]` answered for `equipmentIds[i]`, undefined while it has
 * not): each signal kept once, and only under the equipment it was asked for, so a signal always knows its
 * equipment.
 */
export function unionCatalogue(
  equipmentIds: readonly number[],
  lists: ReadonlyArray<readonly SignalEntry[] | undefined>,
): UnionCatalogue {
  const seen = new Set<number>();
  const signals: SignalEntry[] = [];
  equipmentIds.forEach((equipmentId, i) => {
    for (const s of lists[i] ?? []) {
      if (s.equipId !== equipmentId || seen.has(s.id)) continue;
      seen.add(s.id);
      signals.push(s);
    }
  });
  return { signals, complete: equipmentIds.every((_, i) => lists[i] !== undefined) };
}

/**
 * The catalogues of several equipment, one query per equipment (the same cache entries as `useSignals`), as their
 * union; `error` is the first failure, `pending` while any has neither answered nor failed. `freshForMs`: an answer
 * younger than this is not asked for again on mount (a screen whose route prefetched it).
 */
export function useSignalsOf(
  equipmentIds: readonly number[],
  options: { freshForMs?: number } = {},
): UnionCatalogue & { pending: boolean; error: ApiError | null } {
  const ids = equipmentIds.join(',');
  // Stable while the ids are the same, so the union is a new object only when an answer is (TanStack re-runs
  // `combine` when it or a result changes).
  const combine = useCallback(
    (results: ReadonlyArray<{ data: SignalEntry[] | undefined; isPending: boolean; error: Error | null }>) => ({
      ...unionCatalogue(
        equipmentIds,
        results.map((r) => r.data),
      ),
      pending: results.some((r) => r.isPending && !r.error),
      error: (results.find((r) => r.error)?.error as ApiError | undefined) ?? null,
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `ids` names the same equipment as `equipmentIds`
    [ids],
  );
  return useQueries({
    queries: equipmentIds.map((equipmentId) => signalsQuery(equipmentId, options.freshForMs)),
    combine,
  });
}

/**
 * POST /lfscada/monitor/multi/signal/data {equipmentId} → the latest stored values, in the live frame's shape.
 * The live socket pushes only what arrives after it opens, so this fills a screen at once (and shows the last
 * known values of a gateway that is offline). Checked like a pushed frame; a malformed answer counts as empty.
 */
export async function fetchLatest(equipmentId: number, signal?: AbortSignal): Promise<EgFrame> {
  const data = await post<unknown>(
    '/lfscada/monitor/multi/signal/data',
    { equipmentId },
    { silent: true, ...(signal ? { signal } : {}) },
  );
  return parseEgSignalFrame(data) ?? { signalVal: {}, gatewayAlarm: 0, signalAlarm: {} };
}
