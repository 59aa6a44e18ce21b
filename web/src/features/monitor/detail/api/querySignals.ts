import { useQuery } from '@tanstack/react-query';
import type { ApiError } from '@/lib/api/errors';
import { fetchSignals } from '@/lib/signals/catalogue';
import { signalKeys } from '@/lib/signals/keys';
import type { MonitorSignal } from '@/lib/signals/types';

export function useSignals(equipmentId: number) {
  return useQuery<MonitorSignal[], ApiError>({
    queryKey: signalKeys.signals(equipmentId),
    queryFn: ({ signal }) => fetchSignals(equipmentId, signal),
  });
}
