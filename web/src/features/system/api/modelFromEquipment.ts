import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { systemKeys } from './keys';
import type { Created } from '@/generated/answers';

/** POST /lfscada/equipment/model/fromEquipment {equipmentId, name} → {id}. Silent: the form shows refusals. */
export function modelFromEquipment(input: { equipmentId: number; name: string }): Promise<Created> {
  return post<Created>('/lfscada/equipment/model/fromEquipment', { ...input }, { silent: true });
}

export function useModelFromEquipment() {
  const queryClient = useQueryClient();
  return useMutation<Created, ApiError, { equipmentId: number; name: string }>({
    mutationFn: modelFromEquipment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemKeys.models }),
  });
}
