import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { ModelInfo } from '../model';
import { systemKeys } from './keys';

/** POST /lfscada/equipment/model/info {id} → the model with its signals. Silent: the drawer shows failures. */
export function fetchModelInfo(id: number, signal?: AbortSignal): Promise<ModelInfo> {
  return post<ModelInfo>('/lfscada/equipment/model/info', { id }, { silent: true, ...(signal ? { signal } : {}) });
}

export function useModelInfo(id: number | null) {
  return useQuery<ModelInfo, ApiError>({
    queryKey: systemKeys.model(id ?? 0),
    queryFn: ({ signal }) => fetchModelInfo(id ?? 0, signal),
    enabled: id !== null,
  });
}
