/**
 * A project page's statistics, asked of the server while the page is shown (spec section 7, "Project monitor"):
 * each statistic the page shows (runtime/systemKeys.ts) is one call, `monitor/project/equip/queryCount` with its
 * flags or `monitor/project/alarm/queryCount`, asked again every {@link STATISTICS_REFRESH_MS}. A statistic whose
 * call fails (no alarm permission: 1211) has no value: the widget shows "no value", never a made-up 0.
 */
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { post } from '@/lib/api/client';
import type { FormObject } from '@/lib/api/form';
import { statisticValueKey, type SystemKey } from '@/runtime/systemKeys';
import type { RuntimeValue } from '@/runtime/types';

/** How often the statistics are asked again: equipment come online and alarms rise on the order of seconds. */
export const STATISTICS_REFRESH_MS = 10_000;

/** The call and its flags for each statistic (every generated key has one: tested). */
export const STATISTIC_CALLS: Readonly<Record<SystemKey, { path: string; flags: FormObject }>> = {
  equipment_count: { path: '/lfscada/monitor/project/equip/queryCount', flags: {} },
  online_count: { path: '/lfscada/monitor/project/equip/queryCount', flags: { online: 'true' } },
  offline_count: { path: '/lfscada/monitor/project/equip/queryCount', flags: { online: 'false' } },
  alarm_equipment: { path: '/lfscada/monitor/project/equip/queryCount', flags: { alarm: 'true' } },
  alarm_count: { path: '/lfscada/monitor/project/alarm/queryCount', flags: {} },
};

/** The page's value record of the statistics `keys` of project `projectId` (none when `projectId` is null). */
export function useProjectStatistics(projectId: number | null, keys: readonly SystemKey[]): Readonly<Record<string, RuntimeValue>> {
  const asked = projectId === null ? [] : keys;
  const results = useQueries({
    queries: asked.map((key) => ({
      queryKey: ['projectStatistics', projectId, key],
      queryFn: ({ signal }: { signal: AbortSignal }) => {
        const call = STATISTIC_CALLS[key];
        if (!call) return Promise.reject(new Error(`no call for the statistic ${key}`));
        return post<number>(call.path, { projectId: projectId as number, ...call.flags }, { silent: true, signal });
      },
      refetchInterval: STATISTICS_REFRESH_MS,
      retry: false,
    })),
  });
  const stamp = results.map((r) => `${r.dataUpdatedAt}:${r.isError ? 'e' : String(r.data)}`).join('|');
  return useMemo(() => {
    const values: Record<string, RuntimeValue> = {};
    asked.forEach((key, i) => {
      const result = results[i];
      if (!result || result.isError || typeof result.data !== 'number') return;
      values[statisticValueKey(key)] = { value: result.data, time: result.dataUpdatedAt, good: true, stale: false };
    });
    return values;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `stamp` changes with every answer and failure
  }, [stamp, asked.join(',')]);
}
