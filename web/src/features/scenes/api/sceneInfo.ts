import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { SCENE_POLL_MS, type Scene } from '../model';
import { sceneKeys } from './keys';

/** POST /lfscada/scene/info {id} → {id, name, equipment: [card + keyValues]} in the chosen order. Silent. */
export function fetchScene(id: number, signal?: AbortSignal): Promise<Scene> {
  return post<Scene>('/lfscada/scene/info', { id }, { silent: true, ...(signal ? { signal } : {}) });
}

/** One scene; `poll` reads it again every 5 s (the preview's live values), also in a background tab. */
export function useScene(id: number, { enabled = true, poll = false }: { enabled?: boolean; poll?: boolean } = {}) {
  return useQuery<Scene, ApiError>({
    queryKey: sceneKeys.info(id),
    queryFn: ({ signal }) => fetchScene(id, signal),
    enabled: enabled && Number.isInteger(id) && id > 0,
    refetchInterval: poll ? SCENE_POLL_MS : false,
    retry: false,
  });
}
