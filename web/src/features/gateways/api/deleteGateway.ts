import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { gatewayKeys } from './queryGateways';

/** POST /lfscada/gateway/delete {sn}. */
export function deleteGateway(sn: string): Promise<null> {
  return post<null>('/lfscada/gateway/delete', { sn });
}

export function useDeleteGateway() {
  const queryClient = useQueryClient();
  return useMutation<null, ApiError, string>({
    mutationFn: deleteGateway,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gatewayKeys.all }),
  });
}
