import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { monitorListKeys } from './keys';

/**
 * POST /lfscada/monitor/group/add {name} → {id}. Silent: the form shows "group name already exists" (1202) and
 * refused names on the field, and toasts the rest itself.
 */
export function addGroup(name: string): Promise<{ id: number }> {
  return post<{ id: number }>('/lfscada/monitor/group/add', { name: name.trim() }, { silent: true });
}

export function useAddGroup() {
  const queryClient = useQueryClient();
  return useMutation<{ id: number }, ApiError, string>({
    mutationFn: addGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: monitorListKeys.all }),
  });
}
