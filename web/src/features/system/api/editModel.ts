import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { systemKeys } from './keys';

export interface ModelEdit {
  id: number;
  name: string;
  manufacturer: string;
  remark: string;
}

/** POST /lfscada/equipment/model/edit {id, name, manufacturer, remark} (the signals stay). Silent: the form shows refusals. */
export function editModel(edit: ModelEdit): Promise<null> {
  return post<null>('/lfscada/equipment/model/edit', { ...edit }, { silent: true });
}

export function useEditModel() {
  const queryClient = useQueryClient();
  return useMutation<null, ApiError, ModelEdit>({
    mutationFn: editModel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemKeys.models }),
  });
}
