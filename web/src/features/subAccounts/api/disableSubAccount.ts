import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { subAccountKeys } from './keys';

/** POST /lfscada/user/sub/disable {userId, disabled}: disabling ends the account's sessions. Failures toast. */
export function setDisabled(input: { userId: number; disabled: boolean }): Promise<null> {
  return post<null>('/lfscada/user/sub/disable', { userId: input.userId, disabled: input.disabled });
}

export function useSetDisabled() {
  const queryClient = useQueryClient();
  return useMutation<null, ApiError, { userId: number; disabled: boolean }>({
    mutationFn: setDisabled,
    onSettled: () => queryClient.invalidateQueries({ queryKey: subAccountKeys.list }),
  });
}
