import { useQuery } from '@tanstack/react-query';
import type { SignalDef } from '@/generated/answers';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { fromServer } from '../signals/model';

export const signalKeys = {
  list: (equipmentId: number) => ['equipment', 'signals', equipmentId] as const,
};

/** POST /lfscada/equipment/multi/signal/query {equipmentId} → the definitions in their saved order. */
export async function fetchSignals(equipmentId: number, signal?: AbortSignal): Promise<SignalDef[]> {
  const list = await post<SignalDef[]>(
    '/lfscada/equipment/multi/signal/query',
    { equipmentId },
    { silent: true, ...(signal ? { signal } : {}) },
  );
  return list.map(fromServer);
}

export function useSignals(equipmentId: number) {
  return useQuery<SignalDef[], ApiError>({
    queryKey: signalKeys.list(equipmentId),
    queryFn: ({ signal }) => fetchSignals(equipmentId, signal),
  });
}
