import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { afterPasswordSet, type ShareInfo } from '../share/model';
import { equipmentKeys } from './queryEquipment';

/**
 * POST /lfscada/equipment/multi/share/editPwd {equipId, password}: sets the visitors' password and turns sharing
 * on. Needs the manage permission (1011). Silent: the form puts a refused password (1100/1101) on its field and
 * toasts the rest itself.
 */
export function editSharePassword({ equipId, password }: { equipId: number; password: string }): Promise<null> {
  return post<null>('/lfscada/equipment/multi/share/editPwd', { equipId, password }, { silent: true });
}

export function useEditSharePassword() {
  const queryClient = useQueryClient();
  return useMutation<null, ApiError, { equipId: number; password: string }>({
    mutationFn: editSharePassword,
    onSuccess: (_, { equipId }) => {
      queryClient.setQueryData<ShareInfo>(equipmentKeys.share(equipId), (info) => (info ? afterPasswordSet(info) : info));
      void queryClient.invalidateQueries({ queryKey: equipmentKeys.share(equipId) });
    },
  });
}
