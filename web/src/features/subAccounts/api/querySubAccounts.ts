import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { SubAccount } from '../model';
import { subAccountKeys } from './keys';

/** POST /lfscada/user/sub/query → the organisation's sub-accounts by login name. Silent: the screen shows failures. */
export function fetchSubAccounts(signal?: AbortSignal): Promise<SubAccount[]> {
  return post<SubAccount[]>('/lfscada/user/sub/query', {}, { silent: true, ...(signal ? { signal } : {}) });
}

/** `enabled` is false for anyone but an administrator, who would only get 1011. */
export function useSubAccounts(enabled: boolean) {
  return useQuery<SubAccount[], ApiError>({
    queryKey: subAccountKeys.list,
    queryFn: ({ signal }) => fetchSubAccounts(signal),
    enabled,
  });
}
