import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { configPageKeys } from '@/lib/configPages';

/** Canvas default (spec section 9) and the longest title. */
export const PAGE_DEFAULT_SIZE = { width: 1024, height: 768 } as const;
export const PAGE_TITLE_MAX = 60;

export type PageChange =
  | { kind: 'add'; equipmentId: number; title: string; width?: number | null; height?: number | null }
  | { kind: 'rename'; equipmentId: number; id: number; title: string }
  | { kind: 'copy'; equipmentId: number; id: number; title: string }
  | { kind: 'home'; equipmentId: number; id: number };

/**
 * POST /lfscada/configuration/page/add {equipmentId, title, width?, height?} → {id}, /edit {id, title}, /copy {id,
 * title} → {id} (document, canvas and password copied) or /setHome {id} (the page the monitor opens for equipment
 * shown as a configuration page). Silent: the dialog shows the refusal.
 */
export function savePage(change: PageChange): Promise<unknown> {
  if (change.kind === 'copy') {
    return post<{ id: number }>('/lfscada/configuration/page/copy', { id: change.id, title: change.title.trim() }, { silent: true });
  }
  if (change.kind === 'home') return post<null>('/lfscada/configuration/page/setHome', { id: change.id }, { silent: true });
  if (change.kind === 'add') {
    return post<{ id: number }>(
      '/lfscada/configuration/page/add',
      { equipmentId: change.equipmentId, title: change.title.trim(), width: change.width ?? undefined, height: change.height ?? undefined },
      { silent: true },
    );
  }
  return post<null>('/lfscada/configuration/page/edit', { id: change.id, title: change.title.trim() }, { silent: true });
}

export function useSavePage() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, PageChange>({
    mutationFn: savePage,
    onSuccess: (_data, change) => {
      void queryClient.invalidateQueries({ queryKey: configPageKeys.list(change.equipmentId) });
      // The monitor's cards open the home page.
      if (change.kind === 'home') void queryClient.invalidateQueries({ queryKey: ['fleet'] });
    },
  });
}
