/**
 * Conditions (docs/page-document.md, "Conditions"): animations and state items compare the bound signal's value
 * with a number. Without a value (no reading yet, a binding that was cleared, bad quality) no condition holds,
 * so a widget never shows an alarm colour or a running state it has no reading for. A stale value is still a
 * reading: its conditions hold, and the widget shows it greyed.
 */
import type { Condition } from './document';
import type { RuntimeValue } from './types';

/** The number conditions compare, or null when there is none to compare. */
export function comparableValue(value: RuntimeValue | undefined): number | null {
  if (!value || !value.good) return null;
  const v = value.value;
  return v === null || !Number.isFinite(v) ? null : v;
}

/** Whether `condition` holds for `value`. */
export function holds(condition: Condition, value: RuntimeValue | undefined): boolean {
  const v = comparableValue(value);
  const target = condition.value;
  if (v === null || !Number.isFinite(target)) return false;
  switch (condition.symbol) {
    case '==':
      return v === target;
    case '!=':
      return v !== target;
    case '>':
      return v > target;
    case '>=':
      return v >= target;
    case '<':
      return v < target;
    case '<=':
      return v <= target;
    default:
      return false;
  }
}

/** The first of `items` whose condition holds, if any. */
export function firstHolding<T extends Condition>(items: readonly T[], value: RuntimeValue | undefined): T | undefined {
  return items.find((item) => holds(item, value));
}
