/**
 * A project's custom reports (docs/reports.md): columns from any equipment of the project and its intermediate
 * variables. Listed by the designer's chart source picker and read, every period of a view at once, by a page's
 * chart (`queryAllForCurve`).
 */
import { post } from '@/lib/api/client';
import type { CustomReport, CustomReportData } from '@/generated/answers';
import { viewParams, type ReportView } from './view';

/** POST /lfscada/monitor/project/custom/report/queryAll {projectId} → the project's custom reports. Silent: shown inline. */
export function fetchCustomReports(projectId: number, signal?: AbortSignal): Promise<CustomReport[]> {
  return post<CustomReport[]>('/lfscada/monitor/project/custom/report/queryAll', { projectId }, { silent: true, ...(signal ? { signal } : {}) });
}

/**
 * POST /lfscada/monitor/project/custom/report/queryAllForCurve {customReportId, view, …} → every period of the view
 * at once (a range view unpaged), for a chart. Silent: the chart says what failed.
 */
export function fetchCustomReportCurve(customReportId: number, view: ReportView, signal?: AbortSignal): Promise<CustomReportData> {
  return post<CustomReportData>(
    '/lfscada/monitor/project/custom/report/queryAllForCurve',
    { customReportId, ...viewParams(view) },
    { silent: true, ...(signal ? { signal } : {}) },
  );
}
