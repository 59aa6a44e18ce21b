import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { subAccountKeys } from './keys';

/** POST /lfscada/user/sub/equipment {userId} → {equipIds}: what is granted now. Silent: the drawer shows failures. */
export function fetchGranted(userId: number, signal?: AbortSignal): Promise<{ equipIds: number[] }> {
  return post<{ equipIds: number[] }>('/lfscada/user/sub/equipment', { userId }, { silent: true, ...(signal ? { signal } : {}) });
}

/** The grants of `userId`; null: nothing asked (the drawer is closed). Always fetched afresh when it opens. */
export function useGranted(userId: number | null) {
  return useQuery<{ equipIds: number[] }, ApiError>({
    queryKey: subAccountKeys.granted(userId ?? 0),
    queryFn: ({ signal }) => fetchGranted(userId ?? 0, signal),
    enabled: userId !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
