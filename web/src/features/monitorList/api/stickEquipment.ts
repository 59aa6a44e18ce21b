import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { monitorListKeys } from './keys';

/** POST /lfscada/monitor/equipment/setStick {equipmentId} or /cancelStick {equipmentId}: pin to the top of the caller's lists. */
export function setStick({ equipmentId, stick }: { equipmentId: number; stick: boolean }): Promise<null> {
  const path = stick ? '/lfscada/monitor/equipment/setStick' : '/lfscada/monitor/equipment/cancelStick';
  return post<null>(path, { equipmentId });
}

/** Not optimistic: the pinned order is the server's, so the lists are read again once it has answered. */
export function useSetStick() {
  const queryClient = useQueryClient();
  return useMutation<null, ApiError, { equipmentId: number; stick: boolean }>({
    mutationFn: setStick,
    onSettled: () => queryClient.invalidateQueries({ queryKey: monitorListKeys.all }),
  });
}
