import { useMutation } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { RuleTried } from '@/generated/answers';
import type { RuleDoc } from '../rule/ruleModel';

export type { RuleTried };

export interface RuleTrial {
  rule: RuleDoc;
  sample: string;
}

/**
 * POST /lfscada/gm/json/rule/try {rule, sample} → what the rule reads in the sample, with the problems in the
 * language the client sends (`Accept-Language`, the console's). Stores nothing. Silent, as saving.
 */
export function tryGmRule({ rule, sample }: RuleTrial): Promise<RuleTried> {
  return post<RuleTried>('/lfscada/gm/json/rule/try', { rule: JSON.stringify(rule), sample }, { silent: true });
}

export function useTryGmRule() {
  return useMutation<RuleTried, ApiError, RuleTrial>({ mutationFn: tryGmRule });
}
