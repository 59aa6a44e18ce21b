/**
 * POST /lfscada/monitor/equipment/queryAllForMap {} → the equipment with coordinates, each with its online and
 * alarm state and the latest values of its first signals. The server answers only equipment the calling account
 * is granted, so every map built on it (the monitor list's map, a configuration page's map widget) shows nothing
 * else, whatever a page lists. Silent: each map shows a failure inline.
 */
import { post } from '@/lib/api/client';
import type { MapCard } from '@/generated/answers';

export function fetchMapCards(signal?: AbortSignal): Promise<MapCard[]> {
  return post<MapCard[]>('/lfscada/monitor/equipment/queryAllForMap', {}, { silent: true, ...(signal ? { signal } : {}) });
}
