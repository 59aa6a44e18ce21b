import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { UNREAD_COUNT_KEY, systemKeys } from './keys';
import type { Published } from '@/generated/answers';

/** POST /lfscada/announcement/publish {id} → {messages}: every user of the organisation gets a notice. Failures toast. */
export function publishAnnouncement(id: number): Promise<Published> {
  return post<Published>('/lfscada/announcement/publish', { id });
}

export function usePublishAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation<Published, ApiError, number>({
    mutationFn: publishAnnouncement,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: systemKeys.announcements });
      await queryClient.invalidateQueries({ queryKey: UNREAD_COUNT_KEY });
    },
  });
}
