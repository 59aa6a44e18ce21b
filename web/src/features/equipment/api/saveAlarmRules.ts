import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { RuleDraft } from '../signals/alarmRules';
import { alarmRuleKeys } from './alarmRules';
import type { SavedIds } from '@/generated/answers';

/**
 * POST /lfscada/equipment/multi/alarm/rule/save {signalId, rules (JSON)} → {ids}: replaces the signal's rules.
 * Silent: `rules.2.level` goes on that rule's field.
 */
export function saveAlarmRules({ signalId, rules }: { equipmentId: number; signalId: number; rules: RuleDraft[] }): Promise<SavedIds> {
  return post<SavedIds>(
    '/lfscada/equipment/multi/alarm/rule/save',
    { signalId, rules: JSON.stringify(rules) },
    { silent: true },
  );
}

export function useSaveAlarmRules() {
  const queryClient = useQueryClient();
  return useMutation<SavedIds, ApiError, { equipmentId: number; signalId: number; rules: RuleDraft[] }>({
    mutationFn: saveAlarmRules,
    onSuccess: (_data, { equipmentId }) => void queryClient.invalidateQueries({ queryKey: alarmRuleKeys.list(equipmentId) }),
  });
}
