import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { subAccountKeys } from './keys';

/**
 * POST /lfscada/user/sub/authorise {userId, equipIds (comma-separated; empty: none)} → {count}: replaces the
 * account's grants. Silent: the drawer toasts refusals after refreshing what it shows.
 */
export function authorise(input: { userId: number; equipIds: number[] }): Promise<{ count: number }> {
  return post<{ count: number }>('/lfscada/user/sub/authorise', { userId: input.userId, equipIds: input.equipIds.join(',') }, { silent: true });
}

export function useAuthorise() {
  const queryClient = useQueryClient();
  return useMutation<{ count: number }, ApiError, { userId: number; equipIds: number[] }>({
    mutationFn: authorise,
    onSettled: (_data, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: subAccountKeys.list }),
        queryClient.invalidateQueries({ queryKey: subAccountKeys.granted(input.userId) }),
      ]),
  });
}
