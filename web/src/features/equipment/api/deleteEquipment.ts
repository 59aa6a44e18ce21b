import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { equipmentKeys } from './queryEquipment';

/** POST /lfscada/equipment/multi/delete {id}. */
export function deleteEquipment(id: number): Promise<null> {
  return post<null>('/lfscada/equipment/multi/delete', { id });
}

export function useDeleteEquipment() {
  const queryClient = useQueryClient();
  return useMutation<null, ApiError, number>({
    mutationFn: deleteEquipment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: equipmentKeys.all }),
  });
}
