/**
 * The organisation's external pages (crates/server/src/api/external_pages.rs, docs/frame.md): the list the Manage
 * menu and the frame screen read (accounts with `manage`), and the administrators' add, change and delete from the
 * system settings dialog.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { Created, ExternalPage } from '@/generated/answers';

export const externalPagesKey = ['externalPages'] as const;

/** POST /lfscada/system/frame/list; asked only where the viewer has `manage` (others are refused with 1011). */
export function useExternalPages(enabled = true) {
  return useQuery<ExternalPage[], ApiError>({
    queryKey: externalPagesKey,
    queryFn: ({ signal }) => post<ExternalPage[]>('/lfscada/system/frame/list', {}, { silent: true, signal }),
    enabled,
    staleTime: 60_000,
  });
}

export interface ExternalPageDraft {
  /** Absent: a new entry. */
  id?: number;
  title: string;
  url: string;
}

/** POST /lfscada/system/frame/save. Silent: the form marks the refused field. */
export function useSaveExternalPage() {
  const client = useQueryClient();
  return useMutation<Created | null, ApiError, ExternalPageDraft>({
    mutationFn: (draft) => post<Created | null>('/lfscada/system/frame/save', { ...draft }, { silent: true }),
    onSuccess: () => void client.invalidateQueries({ queryKey: externalPagesKey }),
  });
}

/** POST /lfscada/system/frame/delete. */
export function useDeleteExternalPage() {
  const client = useQueryClient();
  return useMutation<null, ApiError, number>({
    mutationFn: (id) => post<null>('/lfscada/system/frame/delete', { id }),
    onSuccess: () => void client.invalidateQueries({ queryKey: externalPagesKey }),
  });
}
