import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { systemKeys } from './keys';

/** POST /lfscada/announcement/delete {id}: drafts and withdrawn announcements only. Failures toast. */
export function deleteAnnouncement(id: number): Promise<null> {
  return post<null>('/lfscada/announcement/delete', { id });
}

export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation<null, ApiError, number>({
    mutationFn: deleteAnnouncement,
    onSettled: () => queryClient.invalidateQueries({ queryKey: systemKeys.announcements }),
  });
}
