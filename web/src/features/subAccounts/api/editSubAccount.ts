import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { AccountFields } from '../model';
import { subAccountKeys } from './keys';

export interface AccountEdit extends AccountFields {
  userId: number;
}

/**
 * POST /lfscada/user/sub/edit {userId, tel, email, dataRange, auths (comma-separated; empty: none)}. Silent: the
 * form shows refusals of its fields and toasts the rest.
 */
export function editSubAccount(edit: AccountEdit): Promise<null> {
  return post<null>(
    '/lfscada/user/sub/edit',
    {
      userId: edit.userId,
      tel: edit.tel.trim(),
      email: edit.email.trim(),
      dataRange: edit.dataRange,
      auths: edit.auths.join(','),
    },
    { silent: true },
  );
}

export function useEditSubAccount() {
  const queryClient = useQueryClient();
  return useMutation<null, ApiError, AccountEdit>({
    mutationFn: editSubAccount,
    // 1217 (the account is gone) too: the list shows what is there now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: subAccountKeys.list }),
  });
}
