import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { systemKeys } from './keys';
import type { Created } from '@/generated/answers';

export interface AnnouncementDraft {
  /** Absent: a new draft (/add); present: edit that draft (/edit). */
  id?: number;
  title: string;
  content: string;
}

/**
 * POST /lfscada/announcement/add {title, content} → {id}, or /announcement/edit {id, title, content} (drafts
 * only). Silent: the form shows refusals of its fields and toasts the rest.
 */
export function saveAnnouncement(draft: AnnouncementDraft): Promise<unknown> {
  const body = { title: draft.title.trim(), content: draft.content.trim() };
  return draft.id === undefined
    ? post<Created>('/lfscada/announcement/add', body, { silent: true })
    : post<null>('/lfscada/announcement/edit', { id: draft.id, ...body }, { silent: true });
}

export function useSaveAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, AnnouncementDraft>({
    mutationFn: saveAnnouncement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemKeys.announcements }),
  });
}
