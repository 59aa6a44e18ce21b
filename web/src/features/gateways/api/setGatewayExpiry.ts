import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { gatewayKeys } from './queryGateways';

/**
 * POST /lfscada/gateway/edit {sn, expireDate}: only the date changes (empty clears it). Silent: the dialog puts a
 * refused date on its field and toasts the rest itself.
 */
export function setGatewayExpiry({ sn, expireDate }: { sn: string; expireDate: string | null }): Promise<null> {
  return post<null>('/lfscada/gateway/edit', { sn, expireDate: expireDate ?? '' }, { silent: true });
}

export function useSetGatewayExpiry() {
  const queryClient = useQueryClient();
  return useMutation<null, ApiError, { sn: string; expireDate: string | null }>({
    mutationFn: setGatewayExpiry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gatewayKeys.all }),
  });
}
