import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { Listed, Operation } from '@/generated/answers';
import { profileKeys } from './profile';

/** Rows per page of the own operation log. */
export const LOG_PAGE_SIZE = 20;

/** POST /lfscada/user/operationlog/queryMine {page, pageSize} → the caller's own operations, newest first. */
export function useMyLog(page: number) {
  return useQuery<Listed<Operation>, ApiError>({
    queryKey: profileKeys.log(page),
    queryFn: ({ signal }) =>
      post<Listed<Operation>>('/lfscada/user/operationlog/queryMine', { page, pageSize: LOG_PAGE_SIZE }, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });
}
