import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { monitorListKeys } from './keys';

/** POST /lfscada/monitor/group/delete {id}: its equipment becomes ungrouped. Failures toast. */
export function deleteGroup(id: number): Promise<null> {
  return post<null>('/lfscada/monitor/group/delete', { id });
}

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation<null, ApiError, number>({
    mutationFn: deleteGroup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: monitorListKeys.all }),
  });
}
