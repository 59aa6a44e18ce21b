/**
 * The rules of one collection source's screen (/monitor/gm/ocInfo/{id}; docs/gm-equipment.md): which kind it is, its
 * message rate, which problems it has had, and the name an adopted device's equipment gets unless the user says
 * otherwise (the server's own default, so the form shows what would happen).
 */
import { Limits } from '@/lib/api/limits';
import type { GmDevice, GmSource, GmSourceStats } from '@/generated/answers';
import type { GmKind } from '../gmModel';

/** The tab kind (`node`, `json`) of a source's `kind` (`sparkplug`, `json`): what the lists and the address cell name. */
export function listKindOf(source: Pick<GmSource, 'kind'>): GmKind {
  return source.kind === 'json' ? 'json' : 'node';
}

/** Messages per minute on average since counting started (at least one minute, so a fresh start is not a spike); null before any. */
export function averagePerMinute(stats: Pick<GmSourceStats, 'since' | 'messages'>, now: number): number | null {
  if (stats.messages <= 0) return null;
  const minutes = Math.max(1, (now - stats.since) / 60_000);
  return Math.round((stats.messages / minutes) * 10) / 10;
}

/** The problem counters, in the order the screen lists them (the answer's field names; texts `gmSource.stats.problem.*`). */
export const PROBLEMS = ['malformed', 'invalid', 'unsupported', 'notNumeric', 'datatypeChanges', 'future'] as const;
export type Problem = (typeof PROBLEMS)[number];

/** Each problem with its count; `total` of all of them, so the screen can say "no problems" plainly. */
export function problemCounts(stats: Pick<GmSourceStats, Problem>): { problems: { key: Problem; count: number }[]; total: number } {
  const problems = PROBLEMS.map((key) => ({ key, count: stats[key] }));
  return { problems, total: problems.reduce((sum, p) => sum + p.count, 0) };
}

/** The equipment name adoption uses by default: the device id, or for the node's own metrics ('') the source's name. */
export function defaultEquipName(device: Pick<GmDevice, 'deviceId'>, source: Pick<GmSource, 'name'>): string {
  return [...(device.deviceId || source.name)].slice(0, Limits.EquipmentNameChars).join('');
}

/** Longest equipment name (the server's). */
export const EQUIP_NAME_MAX = Limits.EquipmentNameChars;

/** Why an equipment name is refused before asking the server; undefined when accepted. */
export function equipNameProblem(raw: string | undefined): 'required' | 'tooLong' | undefined {
  const name = raw?.trim() ?? '';
  if (name === '') return 'required';
  if ([...name].length > EQUIP_NAME_MAX) return 'tooLong';
  return undefined;
}

/** A device can be adopted when it is not yet and at least one metric would become a signal (else the server answers 1385). */
export function canAdopt(device: Pick<GmDevice, 'equipId' | 'metrics'>): boolean {
  return device.equipId === null && device.metrics.some((metric) => metric.signal);
}

/** An engineering range as text ("0 – 14", "≥ 0", "≤ 100"), '' when none was announced. */
export function rangeText(low: number | null, high: number | null): string {
  if (low !== null && high !== null) return `${low} – ${high}`;
  if (low !== null) return `≥ ${low}`;
  if (high !== null) return `≤ ${high}`;
  return '';
}
