/**
 * A chart bound to a report or a project's custom report (spec section 3, "Charts: data has reportId,
 * customReportId, … arrays reportSignalArray, signalArray, mvarArray, customArray"; docs/page-document.md, "Charts
 * on reports"), as the viewer, the designer and binding repair read it from `data` (the parser keeps these fields in
 * `data.extra`, written back as they are):
 *
 * - a report (the spec's `report` binding): `type: "report"`, `equipId` (the report's equipment), `reportId`,
 *   `reportSignalArray: [{equipId, signalId, statistic}]`: the columns drawn, each named by what it reads, not by
 *   its place, so a column moved, added or removed in the definition keeps the others';
 * - a custom report (a project page only): `customReportId`, `customArray: [{equipmentId, signalId, statistic}]` or
 *   `[{mvarId, statistic}]`: the custom report's own column identity (its save's `columns`);
 * - `reportView`: `auto` (the default), `day`, `shift` or `month`. Auto is today by the hour for a report whose
 *   step is shorter than a day, this month by the day otherwise.
 *
 * Which source a chart draws is told by these fields alone: a custom report when `customReportId` or `customArray`
 * is there, a report when the binding is `report` or `reportId` or `reportSignalArray` is there, else the live
 * values (`signalArray`, `systemArray`, `mvarArray`). The designer writes one source and clears the others.
 */
import type { Statistic } from '@/generated/answers';
import { chinaDay, chinaMonth, type ReportView } from '@/entities/reports/view';
import { isStatistic } from '@/entities/reports/statistics';
import type { WidgetData } from './documentTypes';
import { isRecord } from './documentValues';

export const CHART_SOURCES = ['live', 'report', 'customReport'] as const;
export type ChartSource = (typeof CHART_SOURCES)[number];

export const REPORT_VIEWS = ['auto', 'day', 'shift', 'month'] as const;
export type ReportViewChoice = (typeof REPORT_VIEWS)[number];

/** A report column a chart draws: the signal of the report's equipment and the statistic it reads. */
export interface ReportColumnRef {
  equipId: number | null;
  signalId: number;
  statistic: Statistic;
}

/** A custom report column a chart draws: a signal of an equipment of the project, or a variable, and a statistic. */
export type CustomColumnRef =
  | { equipmentId: number; signalId: number; statistic: Statistic }
  | { mvarId: number; statistic: Statistic };

export interface ReportChart {
  source: 'report';
  reportId: number | null;
  /** The report's equipment (the binding's `equipId`); null when unknown. */
  equipId: number | null;
  columns: ReportColumnRef[];
  view: ReportViewChoice;
}

export interface CustomReportChart {
  source: 'customReport';
  customReportId: number | null;
  columns: CustomColumnRef[];
  view: ReportViewChoice;
}

const idOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;

/** What the chart draws: a custom report, a report, or the live values. */
export function chartSourceOf(data: WidgetData): ChartSource {
  const extra = data.extra;
  if (extra.customReportId !== undefined && extra.customReportId !== null) return 'customReport';
  if (Array.isArray(extra.customArray)) return 'customReport';
  if (data.type === 'report') return 'report';
  if (extra.reportId !== undefined && extra.reportId !== null) return 'report';
  return Array.isArray(extra.reportSignalArray) ? 'report' : 'live';
}

export function reportViewOf(data: WidgetData): ReportViewChoice {
  const view = data.extra.reportView;
  return (REPORT_VIEWS as readonly unknown[]).includes(view) ? (view as ReportViewChoice) : 'auto';
}

/** The report columns as stored: each names a signal and a statistic, once; anything else is left out. */
export function reportColumnsOf(value: unknown): ReportColumnRef[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  return value.filter(isRecord).flatMap((entry) => {
    const signalId = idOf(entry.signalId);
    if (signalId === null || !isStatistic(entry.statistic)) return [];
    const key = `${signalId}/${entry.statistic}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ equipId: idOf(entry.equipId), signalId, statistic: entry.statistic }];
  });
}

/** The key a custom column is known by: `e3/s7/avg` or `m2/avg`. */
export function customColumnKey(column: { equipmentId?: number | null; signalId?: number | null; mvarId?: number | null; statistic: Statistic }): string {
  if (column.mvarId !== undefined && column.mvarId !== null) return `m${column.mvarId}/${column.statistic}`;
  return `e${column.equipmentId ?? 0}/s${column.signalId ?? 0}/${column.statistic}`;
}

/** The custom report columns as stored: a signal of an equipment or a variable, and a statistic, once each. */
export function customColumnsOf(value: unknown): CustomColumnRef[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  return value.filter(isRecord).flatMap((entry): CustomColumnRef[] => {
    if (!isStatistic(entry.statistic)) return [];
    const mvarId = idOf(entry.mvarId);
    const equipmentId = idOf(entry.equipmentId);
    const signalId = idOf(entry.signalId);
    let column: CustomColumnRef;
    if (mvarId !== null) column = { mvarId, statistic: entry.statistic };
    else if (equipmentId !== null && signalId !== null) column = { equipmentId, signalId, statistic: entry.statistic };
    else return [];
    const key = customColumnKey(column);
    if (seen.has(key)) return [];
    seen.add(key);
    return [column];
  });
}

/** The chart's report or custom report settings; null for a chart of live values. */
export function reportChartOf(data: WidgetData): ReportChart | CustomReportChart | null {
  const source = chartSourceOf(data);
  const view = reportViewOf(data);
  if (source === 'customReport') {
    return { source, customReportId: idOf(data.extra.customReportId), columns: customColumnsOf(data.extra.customArray), view };
  }
  if (source === 'report') {
    return { source, reportId: idOf(data.extra.reportId), equipId: data.equipId, columns: reportColumnsOf(data.extra.reportSignalArray), view };
  }
  return null;
}

/** Whether a report's answer column is the one a chart names. */
export function sameReportColumn(ref: ReportColumnRef, column: { signalId: number; statistic: Statistic }): boolean {
  return ref.signalId === column.signalId && ref.statistic === column.statistic;
}

/** Whether a custom report's column (of its definition or its answer) is the one a chart names. */
export function sameCustomColumn(
  ref: CustomColumnRef,
  column: { equipmentId?: number | null; signalId?: number | null; mvarId?: number | null; statistic: Statistic },
): boolean {
  return customColumnKey(ref) === customColumnKey(column);
}

const DAY_MS = 86_400_000;

/**
 * The view a chart reads at `now`: the chosen one of today (a day, its shifts) or this month; `auto` is today by the
 * hour for a report whose step (`periodMs`) is shorter than a day, this month by the day otherwise.
 */
export function chartView(choice: ReportViewChoice, periodMs: number, now: number): ReportView {
  const kind = choice === 'auto' ? (periodMs < DAY_MS ? 'day' : 'month') : choice;
  if (kind === 'month') return { kind, month: chinaMonth(now) };
  return { kind, date: chinaDay(now) };
}
