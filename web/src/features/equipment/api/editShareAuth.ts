import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { afterAuthCall, type ShareAuthCall, type ShareInfo } from '../share/model';
import { equipmentKeys } from './queryEquipment';

/**
 * POST /lfscada/equipment/multi/share/editAuth {equipId, auth (view|control), enabled? (true|false)}: the
 * visitors' authority and, when given, whether sharing is on. Needs the manage permission (1011). Failures are
 * toasted by the client.
 */
export function editShareAuth(call: ShareAuthCall): Promise<null> {
  return post<null>('/lfscada/equipment/multi/share/editAuth', { ...call });
}

export function useEditShareAuth() {
  const queryClient = useQueryClient();
  return useMutation<null, ApiError, ShareAuthCall>({
    mutationFn: editShareAuth,
    onSuccess: (_, call) => {
      queryClient.setQueryData<ShareInfo>(equipmentKeys.share(call.equipId), (info) => (info ? afterAuthCall(info, call) : info));
      void queryClient.invalidateQueries({ queryKey: equipmentKeys.share(call.equipId) });
    },
  });
}
