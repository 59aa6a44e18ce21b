import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { NewAccount } from '../model';
import { subAccountKeys } from './keys';
import type { NewSubAccount } from '@/generated/answers';

/**
 * POST /lfscada/user/sub/add {loginname, password, tel, email, dataRange, auths (comma-separated)} → {userId}; 1201
 * when the login name is taken. Silent: the form shows refusals of its fields and toasts the rest.
 */
export function addSubAccount(account: NewAccount): Promise<NewSubAccount> {
  return post<NewSubAccount>(
    '/lfscada/user/sub/add',
    {
      loginname: account.loginname.trim(),
      password: account.password,
      tel: account.tel.trim(),
      email: account.email.trim(),
      dataRange: account.dataRange,
      auths: account.auths.join(','),
    },
    { silent: true },
  );
}

export function useAddSubAccount() {
  const queryClient = useQueryClient();
  return useMutation<NewSubAccount, ApiError, NewAccount>({
    mutationFn: addSubAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subAccountKeys.list }),
  });
}
