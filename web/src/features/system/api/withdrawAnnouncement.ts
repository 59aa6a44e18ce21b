import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { UNREAD_COUNT_KEY, systemKeys } from './keys';
import type { Withdrawn } from '@/generated/answers';

/**
 * POST /lfscada/announcement/withdraw {id} → {removed}: published → withdrawn; the notices nobody read yet are
 * deleted, read ones stay. Failures toast.
 */
export function withdrawAnnouncement(id: number): Promise<Withdrawn> {
  return post<Withdrawn>('/lfscada/announcement/withdraw', { id });
}

export function useWithdrawAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation<Withdrawn, ApiError, number>({
    mutationFn: withdrawAnnouncement,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: systemKeys.announcements });
      await queryClient.invalidateQueries({ queryKey: UNREAD_COUNT_KEY });
    },
  });
}
