import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { sceneKeys } from './keys';
import type { Created } from '@/generated/answers';

export interface SceneInput {
  /** Absent to add a scene. */
  id?: number;
  name: string;
  /** Equipment in board order. */
  equipmentIds: number[];
}

/**
 * POST /lfscada/scene/add {name, equipmentIds} → {id}, or /lfscada/scene/edit {id, name, equipmentIds}. The ids
 * go as one comma-separated value, which keeps their order. Silent: the form shows refusals on its fields.
 */
export async function saveScene({ id, name, equipmentIds }: SceneInput): Promise<Created> {
  const payload = { name: name.trim(), equipmentIds: equipmentIds.join(',') };
  if (id === undefined) return post<Created>('/lfscada/scene/add', payload, { silent: true });
  await post<null>('/lfscada/scene/edit', { id, ...payload }, { silent: true });
  return { id };
}

export function useSaveScene() {
  const queryClient = useQueryClient();
  return useMutation<Created, ApiError, SceneInput>({
    mutationFn: saveScene,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sceneKeys.all }),
  });
}
