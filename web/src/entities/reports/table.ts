/**
 * A report's table over a view (`ReportData`: the columns as the signals are now, one row per period, oldest first).
 * A day, a month and a day's shifts come whole; a range comes a page at a time (it may hold 30 days of one-minute
 * steps), so the screen pages it and an export reads it page by page. An equipment's report and a project's custom
 * report are read the same way (`queryCols`, `custom/report/data/query`) and shown as one {@link ShownTable}.
 */
import { useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { CustomReportColumn, CustomReportData, ReportData, ReportRow } from '@/generated/answers';
import type { ShownColumn } from './format';
import { reportKeys } from './keys';
import { viewParams, type ReportView } from './view';

/** What a report is defined on: an equipment (`report`) or a project (`custom`, a custom report). */
export type ReportKind = 'report' | 'custom';

/** A table as the screens show it, whichever kind of report it is of. */
export interface ShownTable {
  cols: ShownColumn[];
  rows: ReportRow[];
  /** How many periods the view holds (over all pages). */
  total: number;
}

export interface TableRequest {
  /** An equipment's report unless said (`custom`: `reportId` is a custom report's). */
  kind?: ReportKind;
  reportId: number;
  view: ReportView;
  /** Range view only: the page (from 1) and its rows (1 to {@link PAGE_SIZE_MAX}). */
  page?: number;
  pageSize?: number;
}

/** The most rows the server answers a range page with. */
export const PAGE_SIZE_MAX = 100;

/** The request's parameters: the report, the view's own, and a range's page. */
export function tableParams(request: TableRequest): Record<string, string | number> {
  const params: Record<string, string | number> = {
    [request.kind === 'custom' ? 'customReportId' : 'reportId']: request.reportId,
    ...viewParams(request.view),
  };
  if (request.view.kind === 'range') {
    params.page = request.page ?? 1;
    params.pageSize = request.pageSize ?? 10;
  }
  return params;
}

/** POST /lfscada/monitor/multi/report/queryCols → the table. Silent: shown inline. */
export function fetchReportTable(request: TableRequest, signal?: AbortSignal): Promise<ReportData> {
  return post<ReportData>('/lfscada/monitor/multi/report/queryCols', tableParams(request), { silent: true, ...(signal ? { signal } : {}) });
}

/** A custom report's column as a report's: its title (`Pump · Flow`, or the variable's name) where a signal's is. */
export function shownColumn(column: CustomReportColumn): ShownColumn {
  return { signalTitle: column.title, unit: column.unit, decimals: column.decimals, statistic: column.statistic };
}

/** The table of either kind: `queryCols` of a report, `custom/report/data/query` of a custom report. Silent. */
export async function fetchShownTable(request: TableRequest, signal?: AbortSignal): Promise<ShownTable> {
  if (request.kind !== 'custom') return fetchReportTable(request, signal);
  const data = await post<CustomReportData>('/lfscada/monitor/project/custom/report/data/query', tableParams(request), {
    silent: true,
    ...(signal ? { signal } : {}),
  });
  return { cols: data.cols.map(shownColumn), rows: data.rows, total: data.total };
}

/** The query key of a table read: a custom report's under its own kind, so ids of the two kinds never meet. */
function tableKey(request: TableRequest) {
  return request.kind === 'custom' ? reportKeys.customTable(request.reportId, tableParams(request)) : reportKeys.table(request.reportId, tableParams(request));
}

/**
 * The table of `request` (none asked while null). A range's next page keeps the page before on screen until it
 * comes (the same report's), so the pager does not jump. Read again only when asked (`refetch`): a running period's values move, and
 * the operator refreshes when they want the latest, so the table and its export show the same numbers.
 */
export function useReportTable(request: TableRequest | null) {
  const key = request ? tableKey(request) : (['reports', 'table', 'none'] as const);
  return useQuery<ShownTable, ApiError>({
    queryKey: key,
    queryFn: ({ signal }) => fetchShownTable(request as TableRequest, signal),
    enabled: request !== null,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    // The same report's page before: its key differs only past the report (kind and id first).
    placeholderData: (previous, previousQuery) =>
      request?.view.kind === 'range' && previousQuery && JSON.stringify(previousQuery.queryKey.slice(0, 3)) === JSON.stringify(key.slice(0, 3))
        ? previous
        : undefined,
  });
}

/** What a page-by-page read has so far. */
export interface PagesProgress {
  /** Rows read so far, and the view's rows in all. */
  read: number;
  total: number;
}

/**
 * Reads every page of a range view, {@link PAGE_SIZE_MAX} rows at a time, handing each page's rows to `onPage` as it
 * arrives (so the caller writes its file as it goes, not after holding every answer) and answering the first
 * page's table (for its columns). A promise `onPage` answers is waited for before the next page is asked (the file's
 * writing holds the reading back). `signal` cancels between and during calls: the promise then rejects.
 */
export async function readAllPages(
  request: Omit<TableRequest, 'page' | 'pageSize'>,
  onPage: (rows: ReportRow[], data: ShownTable, progress: PagesProgress) => void | Promise<void>,
  signal?: AbortSignal,
  fetchPage: (request: TableRequest, signal?: AbortSignal) => Promise<ShownTable> = fetchShownTable,
): Promise<ShownTable> {
  let first: ShownTable | undefined;
  let read = 0;
  for (let page = 1; ; page++) {
    signal?.throwIfAborted();
    const data = await fetchPage({ ...request, page, pageSize: PAGE_SIZE_MAX }, signal);
    first ??= data;
    read += data.rows.length;
    await onPage(data.rows, data, { read, total: data.total });
    // A page short of full is the last (also when periods were fewer than `total` said).
    if (data.rows.length < PAGE_SIZE_MAX || read >= data.total) return first;
  }
}
