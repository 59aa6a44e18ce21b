import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { projectKeys } from './keys';

/** POST /lfscada/project/delete {id}; the equipment stays. Failures toast. */
export function deleteProject(id: number): Promise<null> {
  return post<null>('/lfscada/project/delete', { id });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation<null, ApiError, number>({
    mutationFn: deleteProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
