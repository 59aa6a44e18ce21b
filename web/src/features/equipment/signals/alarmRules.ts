/**
 * Alarm rules of a signal (crates/domain/src/alarm.rs `RuleDraft`): condition symbol, threshold, deadband,
 * delay, level and the message in both languages. The limits below are the server's (crates/domain/src/limits.rs,
 * through the generated contract).
 */
import { Limits } from '@/lib/api/limits';

import type { AlarmRule, AlarmSymbol } from '@/generated/answers';

/** A rule as /alarm/rule/query answers it, and the comparisons a rule may use (the server's `Symbol`). */
export type { AlarmRule, AlarmSymbol };
export const SYMBOLS = ['==', '!=', '>', '<', '>=', '<='] as const satisfies readonly AlarmSymbol[];

/** What the form edits and /alarm/rule/save takes (id 0 for a new rule). */
export type RuleDraft = Omit<AlarmRule, 'signalId' | 'signalTitle'>;

export const MAX_RULES_PER_SIGNAL = Limits.AlarmRulesPerSignal;
export const MAX_DELAY_MS = Limits.AlarmDelayMsMax;
export const MAX_MESSAGE_CHARS = Limits.AlarmMessageChars;
export const LEVELS = [1, 2, 3] as const;

export const RULE_FIELDS = ['symbol', 'value', 'deadband', 'delay', 'level', 'msgZh', 'msgEn'] as const;
export type RuleField = (typeof RULE_FIELDS)[number];

export type RuleProblem =
  | { field: RuleField; reason: 'required' | 'notNumber' | 'negative' | 'notInteger' | 'controlCharacters' }
  | { field: RuleField; reason: 'outOfRange'; params: { min: number; max: number } }
  | { field: RuleField; reason: 'tooLong'; params: { max: number } };

function messageProblem(field: 'msgZh' | 'msgEn', text: string | undefined): RuleProblem | null {
  const trimmed = (text ?? '').trim();
  if (!trimmed) return { field, reason: 'required' };
  if ([...trimmed].length > MAX_MESSAGE_CHARS) return { field, reason: 'tooLong', params: { max: MAX_MESSAGE_CHARS } };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(trimmed)) return { field, reason: 'controlCharacters' };
  return null;
}

/** Every problem of one rule, field by field, as the server would judge it; empty when it is sound. */
export function checkRule(rule: Partial<RuleDraft>): RuleProblem[] {
  const problems: RuleProblem[] = [];
  if (!rule.symbol || !(SYMBOLS as readonly string[]).includes(rule.symbol)) problems.push({ field: 'symbol', reason: 'required' });
  if (rule.value === undefined || rule.value === null) problems.push({ field: 'value', reason: 'required' });
  else if (!Number.isFinite(rule.value)) problems.push({ field: 'value', reason: 'notNumber' });
  if (rule.deadband !== undefined && rule.deadband !== null) {
    if (!Number.isFinite(rule.deadband)) problems.push({ field: 'deadband', reason: 'notNumber' });
    else if (rule.deadband < 0) problems.push({ field: 'deadband', reason: 'negative' });
  }
  if (rule.delay !== undefined && rule.delay !== null) {
    if (!Number.isInteger(rule.delay)) problems.push({ field: 'delay', reason: 'notInteger' });
    else if (rule.delay < 0 || rule.delay > MAX_DELAY_MS) {
      problems.push({ field: 'delay', reason: 'outOfRange', params: { min: 0, max: MAX_DELAY_MS } });
    }
  }
  if (rule.level !== undefined && rule.level !== null && !(LEVELS as readonly number[]).includes(rule.level)) {
    problems.push({ field: 'level', reason: 'outOfRange', params: { min: 1, max: 3 } });
  }
  for (const field of ['msgZh', 'msgEn'] as const) {
    const problem = messageProblem(field, rule[field]);
    if (problem) problems.push(problem);
  }
  return problems;
}

/** A new rule with the server's defaults (deadband 0, no delay, level 1, enabled). */
export function newRule(): RuleDraft {
  return { id: 0, symbol: '>', value: 0, deadband: 0, delay: 0, level: 1, msgZh: '', msgEn: '', enabled: true };
}
