import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { ExpireDetail } from '@/generated/answers';
import { messageKeys } from '@/entities/messages/api';

/** POST /lfscada/msg/getExpireById {id} → what an expire message is about, now (1280, 1283 otherwise). */
export function useExpireDetail(id: number) {
  return useQuery<ExpireDetail, ApiError>({
    queryKey: [...messageKeys.all, 'expire', id],
    queryFn: ({ signal }) =>
      post<ExpireDetail>('/lfscada/msg/getExpireById', { id }, { silent: true, ...(signal ? { signal } : {}) }),
    retry: false,
  });
}
