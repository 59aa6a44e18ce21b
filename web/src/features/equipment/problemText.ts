import type { TFunction } from 'i18next';

/**
 * The text of a refusal found in the browser (a signal, an imported row, an alarm rule): `equipment.problem.<reason>`
 * with its parameters. One table for every check, so a reason reads the same wherever it appears.
 */
export function problemText(t: TFunction, reason: string, params: Record<string, string | number> = {}): string {
  return t(`equipment.problem.${reason}`, params);
}
