import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { reportKeys } from './reports';

/** POST /lfscada/equipment/multi/report/delete {id}. */
export function deleteReport({ id }: { id: number; equipmentId: number }): Promise<null> {
  return post<null>('/lfscada/equipment/multi/report/delete', { id });
}

export function useDeleteReport() {
  const queryClient = useQueryClient();
  return useMutation<null, ApiError, { id: number; equipmentId: number }>({
    mutationFn: deleteReport,
    onSuccess: (_data, { equipmentId }) => void queryClient.invalidateQueries({ queryKey: reportKeys.list(equipmentId) }),
  });
}
