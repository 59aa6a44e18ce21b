import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { equipmentKeys } from './queryEquipment';

/**
 * POST /lfscada/equipment/multi/driver/save {id, driver}: the settings go as one JSON text, so numbers stay
 * numbers. Silent: a refusal naming `driver.<field>` is shown on that field, the rest is toasted by the form.
 */
export function saveDriver({ id, driver }: { id: number; driver: Record<string, unknown> }): Promise<null> {
  return post<null>('/lfscada/equipment/multi/driver/save', { id, driver: JSON.stringify(driver) }, { silent: true });
}

export function useSaveDriver() {
  const queryClient = useQueryClient();
  return useMutation<null, ApiError, { id: number; driver: Record<string, unknown> }>({
    mutationFn: saveDriver,
    onSuccess: (_data, { id }) => void queryClient.invalidateQueries({ queryKey: equipmentKeys.info(id) }),
  });
}
