import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { SceneSummary } from '../model';
import { sceneKeys } from './keys';

/** POST /lfscada/scene/query {} → [{id, name, equipmentCount, updated}] by name. Silent: shown inline. */
export function fetchScenes(signal?: AbortSignal): Promise<SceneSummary[]> {
  return post<SceneSummary[]>('/lfscada/scene/query', {}, { silent: true, ...(signal ? { signal } : {}) });
}

export function useScenes() {
  return useQuery<SceneSummary[], ApiError>({ queryKey: sceneKeys.list, queryFn: ({ signal }) => fetchScenes(signal) });
}
