import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { monitorListKeys } from './keys';

export interface MoveRequest {
  equipmentId: number;
  /** null takes the equipment out of its group. */
  groupId: number | null;
}

/** POST /lfscada/monitor/group/equipment/move {equipmentId, groupId}; groupId left out ungroups. Failures toast. */
export function moveEquipment({ equipmentId, groupId }: MoveRequest): Promise<null> {
  return post<null>('/lfscada/monitor/group/equipment/move', { equipmentId, groupId });
}

export function useMoveEquipment() {
  const queryClient = useQueryClient();
  return useMutation<null, ApiError, MoveRequest>({
    mutationFn: moveEquipment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: monitorListKeys.all }),
  });
}
