/**
 * Binding repair of the charts bound to a report or a custom report (spec section 4: "Chart data is cleared … when
 * the referenced signal, equipment or report column no longer exists"; docs/page-document.md, "Charts on reports"):
 *
 * - a report that is not among its equipment's definitions (deleted), or whose equipment is not the page owner's, is
 *   cleared: `reportId` goes, the columns with it (the chart then says no report is chosen);
 * - a custom report not among the project's is cleared likewise;
 * - a column the definition no longer has (by its signal and statistic, or its variable and statistic) is removed.
 *
 * Only what a list that answered says is judged: an equipment whose definitions are not known (its call failed, or
 * it was not asked) clears nothing. Pure, and a widget that needs nothing keeps its identity (runtime/bindings.ts).
 */
import type { CustomReport, Report } from '@/generated/answers';
import type { Widget } from './documentTypes';
import { chartSourceOf, customColumnsOf, reportColumnsOf, sameCustomColumn, sameReportColumn } from './reportCharts';

/** The definitions repair judges by. */
export interface KnownReports {
  /** Report definitions by equipment id, for each equipment whose list answered. */
  reports: ReadonlyMap<number, readonly Report[]>;
  /** The project's custom reports, when the page is a project's and its list answered. */
  customReports?: readonly CustomReport[] | undefined;
}

export interface ReportTally {
  /** Reports and custom reports cleared from charts: deleted, or of an equipment not the page's. */
  reportsCleared: number;
  /** Columns removed from charts: no longer in their report's definition. */
  columnsRemoved: number;
}

/** `extra` without `keys`, with `patch`. */
function withExtra(widget: Widget, keys: readonly string[], patch: Record<string, unknown>): Widget {
  const extra = { ...widget.data.extra };
  for (const key of keys) delete extra[key];
  return { ...widget, data: { ...widget.data, extra: { ...extra, ...patch } } };
}

function repairReport(widget: Widget, known: KnownReports, owns: (equipmentId: number) => boolean, tally: ReportTally): Widget {
  const { data } = widget;
  const reportId = data.extra.reportId;
  if (typeof reportId !== 'number') return widget;
  const equipId = data.equipId;
  const list = equipId === null ? undefined : known.reports.get(equipId);
  const foreign = equipId !== null && !owns(equipId);
  const report = list?.find((r) => r.id === reportId);
  if (foreign || (list && !report)) {
    tally.reportsCleared++;
    return withExtra(widget, ['reportId'], { reportSignalArray: [] });
  }
  if (!report) return widget;
  const columns = reportColumnsOf(data.extra.reportSignalArray);
  const kept = columns.filter(
    (ref) => (ref.equipId === null || ref.equipId === report.equipmentId) && report.columns.some((col) => sameReportColumn(ref, col)),
  );
  const stored = Array.isArray(data.extra.reportSignalArray) ? data.extra.reportSignalArray.length : 0;
  if (kept.length === stored) return widget;
  tally.columnsRemoved += stored - kept.length;
  return withExtra(widget, [], { reportSignalArray: kept });
}

function repairCustom(widget: Widget, known: KnownReports, tally: ReportTally): Widget {
  const { extra } = widget.data;
  const id = extra.customReportId;
  if (typeof id !== 'number' || !known.customReports) return widget;
  const report = known.customReports.find((r) => r.id === id);
  if (!report) {
    tally.reportsCleared++;
    return withExtra(widget, ['customReportId'], { customArray: [] });
  }
  const kept = customColumnsOf(extra.customArray).filter((ref) => report.columns.some((col) => sameCustomColumn(ref, col)));
  const stored = Array.isArray(extra.customArray) ? extra.customArray.length : 0;
  if (kept.length === stored) return widget;
  tally.columnsRemoved += stored - kept.length;
  return withExtra(widget, [], { customArray: kept });
}

/** The widget (and its group's members) with its report charts repaired; the same object when nothing changes. */
export function repairReportCharts(widget: Widget, known: KnownReports, owns: (equipmentId: number) => boolean, tally: ReportTally): Widget {
  const source = chartSourceOf(widget.data);
  let next = widget;
  if (source === 'report') next = repairReport(widget, known, owns, tally);
  else if (source === 'customReport') next = repairCustom(widget, known, tally);
  if (widget.children.length === 0) return next;
  const children = widget.children.map((child) => repairReportCharts(child, known, owns, tally));
  return children.some((child, i) => child !== widget.children[i]) ? { ...next, children } : next;
}

/** The equipment whose report definitions repair needs: those the document's report charts name, each once. */
export function reportEquipmentIn(widgets: readonly Widget[]): number[] {
  const found = new Set<number>();
  const visit = (widget: Widget) => {
    if (chartSourceOf(widget.data) === 'report' && widget.data.equipId !== null) found.add(widget.data.equipId);
    widget.children.forEach(visit);
  };
  widgets.forEach(visit);
  return [...found];
}

/** Whether the document has a chart of a custom report (repair then needs the project's list). */
export function hasCustomReportChart(widgets: readonly Widget[]): boolean {
  return widgets.some((w) => chartSourceOf(w.data) === 'customReport' || hasCustomReportChart(w.children));
}
