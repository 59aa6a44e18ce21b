import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { ModelSummary } from '../model';
import { systemKeys } from './keys';

/** POST /lfscada/equipment/model/query {} → [{id, name, manufacturer, signalCount, updated}]. Silent. */
export function fetchModels(signal?: AbortSignal): Promise<ModelSummary[]> {
  return post<ModelSummary[]>('/lfscada/equipment/model/query', {}, { silent: true, ...(signal ? { signal } : {}) });
}

export function useModels() {
  return useQuery<ModelSummary[], ApiError>({ queryKey: systemKeys.models, queryFn: ({ signal }) => fetchModels(signal) });
}
