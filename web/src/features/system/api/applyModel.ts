import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { systemKeys } from './keys';
import type { SavedIds } from '@/generated/answers';

/**
 * POST /lfscada/equipment/model/apply {id, equipmentId} → {ids}: the model's signals onto equipment without signals
 * (the server pushes the gateway's configuration). Silent: the dialog shows refusals.
 */
export function applyModel(input: { id: number; equipmentId: number }): Promise<SavedIds> {
  return post<SavedIds>('/lfscada/equipment/model/apply', { ...input }, { silent: true });
}

export function useApplyModel() {
  const queryClient = useQueryClient();
  return useMutation<SavedIds, ApiError, { id: number; equipmentId: number }>({
    mutationFn: applyModel,
    onSettled: () => queryClient.invalidateQueries({ queryKey: systemKeys.equipment }),
  });
}
