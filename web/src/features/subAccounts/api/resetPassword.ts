import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { subAccountKeys } from './keys';

/** POST /lfscada/user/sub/resetPwd {userId, password}: the account's sessions end. Silent: the form shows refusals. */
export function resetPassword(input: { userId: number; password: string }): Promise<null> {
  return post<null>('/lfscada/user/sub/resetPwd', { ...input }, { silent: true });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation<null, ApiError, { userId: number; password: string }>({
    mutationFn: resetPassword,
    onError: () => queryClient.invalidateQueries({ queryKey: subAccountKeys.list }),
  });
}
