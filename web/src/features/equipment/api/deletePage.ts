import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { configPageKeys } from '@/lib/configPages';

/** POST /lfscada/configuration/page/delete {id}. */
export function deletePage({ id }: { id: number; equipmentId: number }): Promise<null> {
  return post<null>('/lfscada/configuration/page/delete', { id });
}

export function useDeletePage() {
  const queryClient = useQueryClient();
  return useMutation<null, ApiError, { id: number; equipmentId: number }>({
    mutationFn: deletePage,
    onSuccess: (_data, { equipmentId }) => void queryClient.invalidateQueries({ queryKey: configPageKeys.list(equipmentId) }),
  });
}
