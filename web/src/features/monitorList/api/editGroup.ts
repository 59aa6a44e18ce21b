import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { monitorListKeys } from './keys';

/** POST /lfscada/monitor/group/edit {id, name}. Silent, like add: the form places the errors. */
export function editGroup({ id, name }: { id: number; name: string }): Promise<null> {
  return post<null>('/lfscada/monitor/group/edit', { id, name: name.trim() }, { silent: true });
}

export function useEditGroup() {
  const queryClient = useQueryClient();
  return useMutation<null, ApiError, { id: number; name: string }>({
    mutationFn: editGroup,
    // After a refusal too: 1215 means the group is gone, and the table should say so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: monitorListKeys.all }),
  });
}
