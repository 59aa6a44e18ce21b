/**
 * The custom report editor's form and what it sends (docs/reports.md, "Custom reports"): a name, the range view's
 * step in whole minutes, and columns that each read a signal of one of the project's equipment or one of its
 * intermediate variables, with a statistic (a variable only those `validStatistics` allows) and, for a counter's
 * difference, the value it wraps at. A column's source is one form value (`s:<equipment>:<signal>` or
 * `m:<variable>`), so one picker holds it; refusals of the server (`columns.2.mvarId`) land on that picker.
 */
import { Limits } from '@/lib/api/limits';
import type { CustomColumnDef, CustomReport, Statistic } from '@/generated/answers';
import { DEFAULT_STATISTIC, isStatistic, takesWrap } from '@/entities/reports/statistics';

export const CUSTOM_NAME_MAX = Limits.ReportNameChars;
export const CUSTOM_COLUMNS_MAX = Limits.ReportColumns;
export const CUSTOM_PERIOD_MINUTES = { min: Limits.ReportPeriodMinMinutes, max: Limits.ReportPeriodMaxMinutes } as const;

/** What a column reads, parsed from its picker's value. */
export type ColumnSource = { kind: 'signal'; equipmentId: number; signalId: number } | { kind: 'mvar'; mvarId: number };

export function signalSource(equipmentId: number, signalId: number): string {
  return `s:${equipmentId}:${signalId}`;
}

export function mvarSource(mvarId: number): string {
  return `m:${mvarId}`;
}

/** The picker's value as a source; null for none or anything else. */
export function parseSource(value: string | null | undefined): ColumnSource | null {
  const signal = /^s:(\d+):(\d+)$/.exec(value ?? '');
  if (signal) return { kind: 'signal', equipmentId: Number(signal[1]), signalId: Number(signal[2]) };
  const mvar = /^m:(\d+)$/.exec(value ?? '');
  return mvar ? { kind: 'mvar', mvarId: Number(mvar[1]) } : null;
}

export interface CustomColumnDraft {
  source?: string | null;
  statistic: Statistic;
  wrapsAt?: number | null;
}

export interface CustomDraft {
  name: string;
  periodMinutes: number;
  columns: CustomColumnDraft[];
}

/** A new custom report: an hour's step and one column to fill. */
export function emptyCustomDraft(): CustomDraft {
  return { name: '', periodMinutes: 60, columns: [{ source: null, statistic: DEFAULT_STATISTIC }] };
}

/** An existing custom report in the form. */
export function customDraftOf(report: CustomReport): CustomDraft {
  return {
    name: report.name,
    periodMinutes: Math.round(report.periodMs / 60_000),
    columns: report.columns.map((c) => ({
      source: typeof c.mvarId === 'number' ? mvarSource(c.mvarId) : signalSource(c.equipmentId ?? 0, c.signalId ?? 0),
      statistic: c.statistic,
      wrapsAt: c.wrapsAt ?? null,
    })),
  };
}

/** The columns as the server takes them: a variable's id, or an equipment's and its signal's; a wrap only for a difference. */
export function customColumnsOf(columns: readonly CustomColumnDraft[]): CustomColumnDef[] {
  return columns.map((c) => {
    const source = parseSource(c.source);
    const statistic = isStatistic(c.statistic) ? c.statistic : DEFAULT_STATISTIC;
    const column: CustomColumnDef =
      source?.kind === 'mvar' ? { mvarId: source.mvarId, statistic } : { equipmentId: source?.equipmentId ?? 0, signalId: source?.signalId ?? 0, statistic };
    if (takesWrap(statistic) && typeof c.wrapsAt === 'number' && Number.isFinite(c.wrapsAt)) column.wrapsAt = c.wrapsAt;
    return column;
  });
}

/** A field of the editor's form. */
export type CustomFormPath = ['name'] | ['periodMinutes'] | ['columns'] | ['columns', number, 'source' | 'statistic' | 'wrapsAt'];

/**
 * The form's field a refused server field names: `name`, `periodMs` (the minutes), the column list, or one column's
 * source (`equipmentId`, `signalId`, `mvarId`), statistic or wrap value; null for what no field holds (the id, the
 * project).
 */
export function customFormPathOf(field: string | undefined): CustomFormPath | null {
  if (field === 'name') return ['name'];
  if (field === 'periodMs') return ['periodMinutes'];
  if (field === 'columns') return ['columns'];
  const match = /^columns\.(\d+)(?:\.(\w+))?$/.exec(field ?? '');
  if (!match) return null;
  const part = match[2] === 'statistic' || match[2] === 'wrapsAt' ? match[2] : 'source';
  return ['columns', Number(match[1]), part];
}
