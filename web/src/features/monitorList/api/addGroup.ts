import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { monitorListKeys } from './keys';
import type { Created } from '@/generated/answers';

/**
 * POST /lfscada/monitor/group/add {name} → {id}. Silent: the form shows "group name already exists" (1202) and
 * refused names on the field, and toasts the rest itself.
 */
export function addGroup(name: string): Promise<Created> {
  return post<Created>('/lfscada/monitor/group/add', { name: name.trim() }, { silent: true });
}

export function useAddGroup() {
  const queryClient = useQueryClient();
  return useMutation<Created, ApiError, string>({
    mutationFn: addGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: monitorListKeys.all }),
  });
}
