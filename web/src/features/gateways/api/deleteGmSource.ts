import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { gmSourceKeys } from './queryGmSources';

/** POST /lfscada/gm/source/delete {id}: equipment adopted from the source stays, with its history. */
export function deleteGmSource(id: number): Promise<null> {
  return post<null>('/lfscada/gm/source/delete', { id });
}

export function useDeleteGmSource() {
  const queryClient = useQueryClient();
  return useMutation<null, ApiError, number>({
    mutationFn: deleteGmSource,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gmSourceKeys.all }),
  });
}
