import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import { messageKeys } from '@/entities/messages/api';

/** Polling interval of the unread count (spec section 9: polling 60,000 ms); pushed messages refresh it at once. */
export const UNREAD_POLL_MS = 60_000;

export { messageKeys };

/** POST /lfscada/msg/queryUnReadMsgCount (no payload) → data: number. Silent: a background poll never toasts. */
export function fetchUnreadCount(signal?: AbortSignal): Promise<number> {
  return post<number>('/lfscada/msg/queryUnReadMsgCount', undefined, { silent: true, ...(signal ? { signal } : {}) });
}

export function useUnreadCount() {
  return useQuery({
    queryKey: messageKeys.unreadCount,
    queryFn: ({ signal }) => fetchUnreadCount(signal),
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: true,
  });
}
