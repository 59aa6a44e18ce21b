import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedIds, SignalDef } from '@/generated/answers';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { equipmentKeys } from './queryEquipment';
import { signalKeys } from './querySignals';

/**
 * POST /lfscada/equipment/multi/signal/save {equipmentId, signals (JSON)} → {ids}: the whole list in one
 * transaction (ids kept, 0 for new, missing ones deleted). Silent: `signals.3.address` goes on row 4's field.
 */
export function saveSignals({ equipmentId, signals }: { equipmentId: number; signals: SignalDef[] }): Promise<SavedIds> {
  return post<SavedIds>(
    '/lfscada/equipment/multi/signal/save',
    { equipmentId, signals: JSON.stringify(signals) },
    { silent: true },
  );
}

export function useSaveSignals() {
  const queryClient = useQueryClient();
  return useMutation<SavedIds, ApiError, { equipmentId: number; signals: SignalDef[] }>({
    mutationFn: saveSignals,
    onSuccess: (_data, { equipmentId }) => {
      void queryClient.invalidateQueries({ queryKey: signalKeys.list(equipmentId) });
      void queryClient.invalidateQueries({ queryKey: ['equipment', 'alarmRules', equipmentId] });
      void queryClient.invalidateQueries({ queryKey: equipmentKeys.info(equipmentId) });
    },
  });
}
