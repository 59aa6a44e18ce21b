import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { equipmentKeys } from './queryEquipment';

/** POST /lfscada/equipment/multi/unbindGateway {id}. */
export function unbindGateway(id: number): Promise<null> {
  return post<null>('/lfscada/equipment/multi/unbindGateway', { id });
}

export function useUnbindGateway() {
  const queryClient = useQueryClient();
  return useMutation<null, ApiError, number>({
    mutationFn: unbindGateway,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: equipmentKeys.all }),
  });
}
