import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { equipmentKeys } from './queryEquipment';

/** POST /lfscada/equipment/multi/bindGateway {id, sn}: 2001 when the organisation has no such gateway. */
export function bindGateway({ id, sn }: { id: number; sn: string }): Promise<null> {
  return post<null>('/lfscada/equipment/multi/bindGateway', { id, sn });
}

export function useBindGateway() {
  const queryClient = useQueryClient();
  return useMutation<null, ApiError, { id: number; sn: string }>({
    mutationFn: bindGateway,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: equipmentKeys.all }),
  });
}
