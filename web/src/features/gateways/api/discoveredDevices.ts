import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { Created, GmDevice } from '@/generated/answers';
import { gmSourceInfoKeys } from './gmSourceInfo';

/**
 * POST /lfscada/gm/discovered/query {nodeId} (the source's id; manage permission) → the devices its births announced,
 * `deviceId` '' for the node's own metrics, each with the equipment adopted from it (or null) and its metrics.
 */
export function fetchDiscovered(sourceId: number, signal?: AbortSignal): Promise<GmDevice[]> {
  return post<GmDevice[]>('/lfscada/gm/discovered/query', { nodeId: sourceId }, { silent: true, ...(signal ? { signal } : {}) });
}

/** Only asked with the manage permission (`enabled`): the server refuses it otherwise. */
export function useDiscovered(sourceId: number, enabled: boolean) {
  return useQuery<GmDevice[], ApiError>({
    queryKey: gmSourceInfoKeys.discovered(sourceId),
    queryFn: ({ signal }) => fetchDiscovered(sourceId, signal),
    enabled,
  });
}

export interface AdoptRequest {
  sourceId: number;
  deviceId: string;
  equipName: string;
}

/**
 * POST /lfscada/gm/adopt {nodeId, deviceId, equipName} → {id}: a new equipment with a signal per numeric or boolean
 * metric. Silent: the form shows the refusal (1383 no birth announced the device, 1384 adopted already, 1385 nothing
 * that can be a signal) in the server's words.
 */
export function adoptDevice({ sourceId, deviceId, equipName }: AdoptRequest): Promise<Created> {
  return post<Created>('/lfscada/gm/adopt', { nodeId: sourceId, deviceId, equipName: equipName.trim() }, { silent: true });
}

/** Refreshes the device list whatever the answer: 1384 means someone else adopted it meanwhile. */
export function useAdoptDevice() {
  const queryClient = useQueryClient();
  return useMutation<Created, ApiError, AdoptRequest>({
    mutationFn: adoptDevice,
    onSettled: (_data, _error, request) => queryClient.invalidateQueries({ queryKey: gmSourceInfoKeys.discovered(request.sourceId) }),
  });
}
