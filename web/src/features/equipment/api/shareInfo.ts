import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { ShareInfo } from '../share/model';
import { equipmentKeys } from './queryEquipment';

/**
 * POST /lfscada/equipment/multi/share/info {equipId} → {equipId, enabled, hasPassword, auth}; 1214 when the
 * equipment does not exist. Silent: the share drawer shows a failure inline with a retry.
 */
export function fetchShareInfo(equipId: number, signal?: AbortSignal): Promise<ShareInfo> {
  return post<ShareInfo>('/lfscada/equipment/multi/share/info', { equipId }, { silent: true, ...(signal ? { signal } : {}) });
}

export function useShareInfo(equipId: number) {
  return useQuery<ShareInfo, ApiError>({
    queryKey: equipmentKeys.share(equipId),
    queryFn: ({ signal }) => fetchShareInfo(equipId, signal),
  });
}
