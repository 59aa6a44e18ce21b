import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { GrantedEquipment } from '@/generated/answers';
import { subAccountKeys } from './keys';

/** POST /lfscada/user/sub/equipment {userId} → {equipmentIds}: what is granted now. Silent: the drawer shows failures. */
export function fetchGranted(userId: number, signal?: AbortSignal): Promise<GrantedEquipment> {
  return post<GrantedEquipment>('/lfscada/user/sub/equipment', { userId }, { silent: true, ...(signal ? { signal } : {}) });
}

/** The grants of `userId`; null: nothing asked (the drawer is closed). Always fetched afresh when it opens. */
export function useGranted(userId: number | null) {
  return useQuery<GrantedEquipment, ApiError>({
    queryKey: subAccountKeys.granted(userId ?? 0),
    queryFn: ({ signal }) => fetchGranted(userId ?? 0, signal),
    enabled: userId !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
