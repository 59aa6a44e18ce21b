/**
 * The server reads of a page chart bound to a report or a custom report (runtime/reportCharts.ts), as TanStack Query
 * options: the equipment report's table call (`queryCols`, entities/reports/table.ts) and the custom report's chart
 * call (`queryAllForCurve`, entities/reports/custom.ts), asked again every minute while the browser shows the page
 * (a report's running period moves with each reading; a minute is the finest step a report has), never per frame
 * nor per pushed value. The day or month is taken when a read runs, so the chart moves on to the next day at
 * midnight while its key stays the same.
 *
 * The `auto` view needs the report's step: it is read from the definitions (the equipment's, or the project's
 * custom reports, cached for five minutes under the keys the report screens use); where they cannot name it, the
 * day view's answer does (it carries its report), and a report of a day or longer is read again by the month.
 */
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { CustomReportData, ReportData } from '@/generated/answers';
import { fetchCustomReportCurve, fetchCustomReports } from '@/entities/reports/custom';
import { fetchReports } from '@/entities/reports/definitions';
import { reportKeys } from '@/entities/reports/keys';
import { fetchReportTable } from '@/entities/reports/table';
import type { ReportView } from '@/entities/reports/view';
import type { ApiError } from '@/lib/api/errors';
import { chartView, type CustomReportChart, type ReportChart, type ReportViewChoice } from './reportCharts';

/** How often a shown report chart reads again. */
export const REPORT_CHART_REFRESH_MS = 60_000;
/** How long the definitions that name a report's step are taken as they are. */
const DEFINITIONS_FRESH_MS = 5 * 60_000;

export type ReportChartAnswer =
  | { source: 'report'; view: ReportView; data: ReportData }
  | { source: 'customReport'; view: ReportView; data: CustomReportData };

/** Reads the view at `now`: by the step `periodMs` names when known, else by the day view's own answer. */
async function readView<D extends { report: { periodMs: number } }>(
  choice: ReportViewChoice,
  periodMs: number | undefined,
  now: number,
  read: (view: ReportView) => Promise<D>,
): Promise<{ view: ReportView; data: D }> {
  if (choice !== 'auto' || periodMs !== undefined) {
    const view = chartView(choice, periodMs ?? 0, now);
    return { view, data: await read(view) };
  }
  const day = chartView('day', 0, now);
  const data = await read(day);
  const view = chartView('auto', data.report.periodMs, now);
  return view.kind === 'day' ? { view, data } : { view, data: await read(view) };
}

/** The report of a report chart over its view, read again every minute. */
export function reportChartQuery(chart: ReportChart & { reportId: number }, scope: string, client: QueryClient, clock: () => number = Date.now) {
  const { reportId, equipId } = chart;
  return queryOptions<ReportChartAnswer, ApiError>({
    queryKey: reportKeys.chart('report', reportId, { view: chart.view, equipId, scope }),
    queryFn: async ({ signal }) => {
      let periodMs: number | undefined;
      if (chart.view === 'auto' && equipId !== null) {
        const reports = await client.fetchQuery({
          queryKey: reportKeys.definitions(equipId),
          queryFn: ({ signal: s }) => fetchReports(equipId, s),
          staleTime: DEFINITIONS_FRESH_MS,
        });
        periodMs = reports.find((r) => r.id === reportId)?.periodMs;
      }
      const read = await readView(chart.view, periodMs, clock(), (view) => fetchReportTable({ reportId, view }, signal));
      return { source: 'report', ...read };
    },
    refetchInterval: REPORT_CHART_REFRESH_MS,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
  });
}

/** The custom report of a chart on project `projectId`'s page (null: not known here) over its view, every minute. */
export function customReportChartQuery(
  chart: CustomReportChart & { customReportId: number },
  projectId: number | null,
  scope: string,
  client: QueryClient,
  clock: () => number = Date.now,
) {
  const { customReportId } = chart;
  return queryOptions<ReportChartAnswer, ApiError>({
    queryKey: reportKeys.chart('customReport', customReportId, { view: chart.view, projectId, scope }),
    queryFn: async ({ signal }) => {
      let periodMs: number | undefined;
      if (chart.view === 'auto' && projectId !== null) {
        const reports = await client.fetchQuery({
          queryKey: reportKeys.customDefinitions(projectId),
          queryFn: ({ signal: s }) => fetchCustomReports(projectId, s),
          staleTime: DEFINITIONS_FRESH_MS,
        });
        periodMs = reports.find((r) => r.id === customReportId)?.periodMs;
      }
      const read = await readView(chart.view, periodMs, clock(), (view) => fetchCustomReportCurve(customReportId, view, signal));
      return { source: 'customReport', ...read };
    },
    refetchInterval: REPORT_CHART_REFRESH_MS,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
  });
}
