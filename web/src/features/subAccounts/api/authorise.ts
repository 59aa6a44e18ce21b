import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { subAccountKeys } from './keys';
import type { GrantCount } from '@/generated/answers';

/**
 * POST /lfscada/user/sub/authorise {userId, equipmentIds (comma-separated; empty: none)} → {count}: replaces the
 * account's grants. Silent: the drawer toasts refusals after refreshing what it shows.
 */
export function authorise(input: { userId: number; equipmentIds: number[] }): Promise<GrantCount> {
  return post<GrantCount>('/lfscada/user/sub/authorise', { userId: input.userId, equipmentIds: input.equipmentIds.join(',') }, { silent: true });
}

export function useAuthorise() {
  const queryClient = useQueryClient();
  return useMutation<GrantCount, ApiError, { userId: number; equipmentIds: number[] }>({
    mutationFn: authorise,
    onSettled: (_data, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: subAccountKeys.list }),
        queryClient.invalidateQueries({ queryKey: subAccountKeys.granted(input.userId) }),
      ]),
  });
}
