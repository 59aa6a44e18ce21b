import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { monitorListKeys } from './keys';

/**
 * POST /lfscada/monitor/equipment/setFollow {equipmentId} or /cancleFollow {equipmentId} (the spec's spelling):
 * star or unstar for the caller only. Failures toast.
 */
export function setFollow({ equipmentId, follow }: { equipmentId: number; follow: boolean }): Promise<null> {
  const path = follow ? '/lfscada/monitor/equipment/setFollow' : '/lfscada/monitor/equipment/cancleFollow';
  return post<null>(path, { equipmentId });
}

/**
 * Not optimistic: the star changes when the server has said yes and the lists are read again, so a refused
 * change is never shown. Lists are refreshed after a refusal too (the equipment may be gone).
 */
export function useSetFollow() {
  const queryClient = useQueryClient();
  return useMutation<null, ApiError, { equipmentId: number; follow: boolean }>({
    mutationFn: setFollow,
    onSettled: () => queryClient.invalidateQueries({ queryKey: monitorListKeys.all }),
  });
}
