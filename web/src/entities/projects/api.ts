/**
 * One project with its equipment (crates/server/src/api/projects.rs), as the project screens and the page designer
 * of a project's page read it: the designer binds a project page's widgets to the signals of these equipment. The
 * key lies under the project screens' ['projects'] so that their changes refresh it.
 */
import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { Project } from '@/generated/answers';

export const projectInfoKey = (id: number) => ['projects', 'info', id] as const;

/**
 * POST /lfscada/project/info {id} → {id, name, remark, equipment: [{id, equipName}]}; 1253 for a project the caller
 * may not see. Silent.
 */
export function fetchProject(id: number, signal?: AbortSignal): Promise<Project> {
  return post<Project>('/lfscada/project/info', { id }, { silent: true, ...(signal ? { signal } : {}) });
}

/** The project, fetched while `id` is given. */
export function useProject(id: number | undefined) {
  return useQuery<Project, ApiError>({
    queryKey: projectInfoKey(id ?? 0),
    queryFn: ({ signal }) => fetchProject(id ?? 0, signal),
    enabled: id !== undefined,
    retry: false,
  });
}
