import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { Project } from '../model';
import { projectKeys } from './keys';

/** POST /lfscada/project/info {id} → {id, name, remark, equipment: [{id, equipName}]}. Silent. */
export function fetchProject(id: number, signal?: AbortSignal): Promise<Project> {
  return post<Project>('/lfscada/project/info', { id }, { silent: true, ...(signal ? { signal } : {}) });
}

export function useProject(id: number | undefined) {
  return useQuery<Project, ApiError>({
    queryKey: projectKeys.info(id ?? 0),
    queryFn: ({ signal }) => fetchProject(id ?? 0, signal),
    enabled: id !== undefined,
    retry: false,
  });
}
