import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { sceneKeys } from './keys';

/** POST /lfscada/scene/delete {id}; the equipment stays. Failures toast. */
export function deleteScene(id: number): Promise<null> {
  return post<null>('/lfscada/scene/delete', { id });
}

export function useDeleteScene() {
  const queryClient = useQueryClient();
  return useMutation<null, ApiError, number>({
    mutationFn: deleteScene,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sceneKeys.all }),
  });
}
