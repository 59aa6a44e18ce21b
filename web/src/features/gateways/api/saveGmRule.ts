import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { Listed } from '@/generated/answers';
import type { GmSource } from '../gmModel';
import type { RuleDoc } from '../rule/ruleModel';
import { gmSourceKeys } from './queryGmSources';

export interface SavedRule {
  id: number;
  rule: RuleDoc;
}

/**
 * POST /lfscada/gm/json/rule/save {id, rule}: the rule is sent as one JSON text (the server reads a text holding
 * the object; dotted form fields would make its numbers texts). Silent: the editor puts a refusal naming
 * `rule.<field>` on that field and toasts the rest itself.
 */
export function saveGmRule({ id, rule }: SavedRule): Promise<null> {
  return post<null>('/lfscada/gm/json/rule/save', { id, rule: JSON.stringify(rule) }, { silent: true });
}

/** Saves, then shows the rule in the cached lists at once (reopening the editor reads it) and reloads them. */
export function useSaveGmRule() {
  const queryClient = useQueryClient();
  return useMutation<null, ApiError, SavedRule>({
    mutationFn: saveGmRule,
    onSuccess: (_none, { id, rule }) => {
      queryClient.setQueriesData<Listed<GmSource>>({ queryKey: gmSourceKeys.all }, (listed) =>
        listed?.list ? { ...listed, list: listed.list.map((s) => (s.id === id ? { ...s, rule } : s)) } : listed,
      );
      return queryClient.invalidateQueries({ queryKey: gmSourceKeys.all });
    },
  });
}
