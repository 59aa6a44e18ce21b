import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { systemKeys } from './keys';

/** POST /lfscada/equipment/model/delete {id}: equipment it was applied to keeps its signals. Failures toast. */
export function deleteModel(id: number): Promise<null> {
  return post<null>('/lfscada/equipment/model/delete', { id });
}

export function useDeleteModel() {
  const queryClient = useQueryClient();
  return useMutation<null, ApiError, number>({
    mutationFn: deleteModel,
    onSettled: () => queryClient.invalidateQueries({ queryKey: systemKeys.models }),
  });
}
