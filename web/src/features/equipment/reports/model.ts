/**
 * The report editor's form and what it sends: a name, the range view's step in whole minutes, and the columns (a
 * signal and a statistic each, and for a counter's difference the value it wraps at). Refusals of the server name a
 * field by its path (`columns.3.signalId`); {@link formPathOf} finds the form's field for it, so the message lands
 * under the control that holds the value.
 */
import { Limits } from '@/lib/api/limits';
import type { ColumnDef, Report, Statistic } from '@/generated/answers';
import { DEFAULT_STATISTIC, isStatistic, takesWrap } from '@/entities/reports/statistics';

export const REPORT_NAME_MAX = Limits.ReportNameChars;
export const REPORT_COLUMNS_MAX = Limits.ReportColumns;
/** The range view's step: whole minutes from one minute to one day. */
export const REPORT_PERIOD_MINUTES = { min: Limits.ReportPeriodMinMinutes, max: Limits.ReportPeriodMaxMinutes } as const;

export interface ColumnDraft {
  signalId?: number | null;
  statistic: Statistic;
  wrapsAt?: number | null;
}

export interface ReportDraft {
  name: string;
  periodMinutes: number;
  columns: ColumnDraft[];
}

/** A new report: an hour's step and one column to fill. */
export function emptyDraft(): ReportDraft {
  return { name: '', periodMinutes: 60, columns: [{ signalId: null, statistic: DEFAULT_STATISTIC }] };
}

/** An existing report in the form. */
export function draftOf(report: Report): ReportDraft {
  return {
    name: report.name,
    periodMinutes: Math.round(report.periodMs / 60_000),
    columns: report.columns.map((c) => ({ signalId: c.signalId, statistic: c.statistic, wrapsAt: c.wrapsAt ?? null })),
  };
}

/** The columns as the server takes them: a wrap value only for a difference, and only when given. */
export function columnsOf(columns: readonly ColumnDraft[]): ColumnDef[] {
  return columns.map((c) => {
    const column: ColumnDef = { signalId: Number(c.signalId), statistic: isStatistic(c.statistic) ? c.statistic : DEFAULT_STATISTIC };
    if (takesWrap(column.statistic) && typeof c.wrapsAt === 'number' && Number.isFinite(c.wrapsAt)) column.wrapsAt = c.wrapsAt;
    return column;
  });
}

const COLUMN_FIELDS = ['signalId', 'statistic', 'wrapsAt'] as const;

/** A field of the editor's form. */
export type FormPath = ['name'] | ['periodMinutes'] | ['columns'] | ['columns', number, (typeof COLUMN_FIELDS)[number]];

/**
 * The form's field a refused server field names: `name`, `periodMs` (the minutes), the column list as a whole, or
 * one column's signal, statistic or wrap value; null for what no field holds (the report's id).
 */
export function formPathOf(field: string | undefined): FormPath | null {
  if (field === 'name') return ['name'];
  if (field === 'periodMs') return ['periodMinutes'];
  if (field === 'columns') return ['columns'];
  const match = /^columns\.(\d+)(?:\.(\w+))?$/.exec(field ?? '');
  if (!match) return null;
  const part = COLUMN_FIELDS.find((f) => f === match[2]) ?? 'signalId';
  return ['columns', Number(match[1]), part];
}
