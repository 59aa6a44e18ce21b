import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { reportKeys } from '@/entities/reports/keys';

/** POST /lfscada/equipment/multi/report/delete {id}. */
export function deleteReport({ id }: { id: number; equipmentId: number }): Promise<null> {
  return post<null>('/lfscada/equipment/multi/report/delete', { id });
}

export function useDeleteReport() {
  const queryClient = useQueryClient();
  return useMutation<null, ApiError, { id: number; equipmentId: number }>({
    mutationFn: deleteReport,
    onSuccess: (_data, { id, equipmentId }) => {
      void queryClient.invalidateQueries({ queryKey: reportKeys.definitions(equipmentId) });
      queryClient.removeQueries({ queryKey: reportKeys.tables(id) });
    },
  });
}
