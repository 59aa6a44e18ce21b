import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { GmSource, GmSourceStats } from '@/generated/answers';
import { GATEWAY_POLL_MS } from './queryGateways';
import { gmSourceKeys } from './queryGmSources';

/** Keys of one source's screen, under the lists' so a deletion or a new secret refreshes it too. */
export const gmSourceInfoKeys = {
  info: (id: number) => [...gmSourceKeys.all, 'info', id] as const,
  stats: (id: number) => [...gmSourceKeys.all, 'stats', id] as const,
  discovered: (id: number) => [...gmSourceKeys.all, 'discovered', id] as const,
};

/** POST /lfscada/gm/source/info {id} → one edge node or JSON device; 1380 when it is not the caller's. Silent: shown inline. */
export function fetchGmSource(id: number, signal?: AbortSignal): Promise<GmSource> {
  return post<GmSource>('/lfscada/gm/source/info', { id }, { silent: true, ...(signal ? { signal } : {}) });
}

/** Read again as often as the lists, so presence and the last sign of life stay current. */
export function useGmSource(id: number) {
  return useQuery<GmSource, ApiError>({
    queryKey: gmSourceInfoKeys.info(id),
    queryFn: ({ signal }) => fetchGmSource(id, signal),
    refetchInterval: GATEWAY_POLL_MS,
  });
}

/**
 * POST /lfscada/gm/source/stats {id} → what the source's messages have been since the server started counting: how
 * many, in the last minute, each kind of problem, and the last bad messages with a sample. Counted in the server's
 * memory: a restart starts again (`since`).
 */
export function fetchGmSourceStats(id: number, signal?: AbortSignal): Promise<GmSourceStats> {
  return post<GmSourceStats>('/lfscada/gm/source/stats', { id }, { silent: true, ...(signal ? { signal } : {}) });
}

/** Every 10 s: the last minute's count is a rate, and a bad message is what someone wiring a device waits to see. */
export const GM_STATS_POLL_MS = 10_000;

export function useGmSourceStats(id: number) {
  return useQuery<GmSourceStats, ApiError>({
    queryKey: gmSourceInfoKeys.stats(id),
    queryFn: ({ signal }) => fetchGmSourceStats(id, signal),
    refetchInterval: GM_STATS_POLL_MS,
  });
}
