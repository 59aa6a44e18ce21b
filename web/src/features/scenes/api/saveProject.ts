import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { projectKeys } from './keys';
import type { Created } from '@/generated/answers';

export interface ProjectInput {
  /** Absent to add a project. */
  id?: number;
  name: string;
  remark: string;
  equipmentIds: number[];
}

/**
 * POST /lfscada/project/add {name, remark, equipmentIds} → {id}, or /lfscada/project/edit {id, …}. The ids go as
 * one comma-separated value (empty for none). Silent: the form shows refusals on its fields.
 */
export async function saveProject({ id, name, remark, equipmentIds }: ProjectInput): Promise<Created> {
  const payload = { name: name.trim(), remark: remark.trim(), equipmentIds: equipmentIds.join(',') };
  if (id === undefined) return post<Created>('/lfscada/project/add', payload, { silent: true });
  await post<null>('/lfscada/project/edit', { id, ...payload }, { silent: true });
  return { id };
}

export function useSaveProject() {
  const queryClient = useQueryClient();
  return useMutation<Created, ApiError, ProjectInput>({
    mutationFn: saveProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
