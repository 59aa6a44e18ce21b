/**
 * Generated reports (docs/reports.md, "Generated reports"): the server makes each closed China day's and month's table
 * of every report definition and custom report 10 minutes after the period ends and keeps it with the definition.
 * The list comes newest first and paged; one opened is its table as it was made, read-only (a late reading rolled
 * up drops the period's archive so it is made again with it, so what is kept is never older than the history).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { ArchivedReport, CustomReportArchive, Listed, ReportArchive, ReportRow } from '@/generated/answers';
import { reportKeys } from './keys';
import { shownColumn, type ReportKind, type ShownTable } from './table';
import { chinaMidnight, type ReportView } from './view';

export type { ArchivedReport };

/** The views a report is generated in. */
export type ArchiveView = 'day' | 'month';

/** How long after its period ends a report is made (the server's worker: the period's late readings first). */
export const ARCHIVE_DELAY_MS = 10 * 60_000;

const DAY_MS = 86_400_000;

/** When the first generated report of a definition without any is made: 10 minutes after today ends (China). */
export function firstArchiveAt(now: number): number {
  return chinaMidnight(now) + DAY_MS + ARCHIVE_DELAY_MS;
}

/** The view a generated report was made over, as the live viewer names it (`day` + date, `month` + month). */
export function archiveView(archive: Pick<ArchivedReport, 'view' | 'period'>): ReportView {
  return archive.view === 'month' ? { kind: 'month', month: archive.period } : { kind: 'day', date: archive.period };
}

const LIST_PATH: Record<ReportKind, string> = {
  report: '/lfscada/monitor/multi/report/archive/query',
  custom: '/lfscada/monitor/project/custom/report/archive/query',
};
const INFO_PATH: Record<ReportKind, string> = {
  report: '/lfscada/monitor/multi/report/archive/info',
  custom: '/lfscada/monitor/project/custom/report/archive/info',
};
const idParam = (kind: ReportKind, id: number) => (kind === 'custom' ? { customReportId: id } : { reportId: id });

/** POST …/archive/query {reportId | customReportId, page, pageSize} → the generated reports, newest first. Silent. */
export function fetchArchives(kind: ReportKind, id: number, page: number, pageSize: number, signal?: AbortSignal): Promise<Listed<ArchivedReport>> {
  return post<Listed<ArchivedReport>>(LIST_PATH[kind], { ...idParam(kind, id), page, pageSize }, { silent: true, ...(signal ? { signal } : {}) });
}

/** A generated report opened: what it is and its table as it was made. */
export interface OpenedArchive {
  archive: ArchivedReport;
  table: ShownTable;
}

/** POST …/archive/info {reportId | customReportId, view, period} → the generated report's table. Silent. */
export async function fetchArchive(kind: ReportKind, id: number, view: string, period: string, signal?: AbortSignal): Promise<OpenedArchive> {
  const options = { silent: true, ...(signal ? { signal } : {}) };
  const params = { ...idParam(kind, id), view, period };
  let rows: ReportRow[];
  let archive: ArchivedReport;
  let cols: ShownTable['cols'];
  if (kind === 'custom') {
    const answer = await post<CustomReportArchive>(INFO_PATH.custom, params, options);
    ({ archive, rows } = answer);
    cols = answer.cols.map(shownColumn);
  } else {
    ({ archive, rows, cols } = await post<ReportArchive>(INFO_PATH.report, params, options));
  }
  return { archive, table: { cols, rows, total: rows.length } };
}

/** A page of the generated reports; the page before stays on screen while the next comes. */
export function useArchives(kind: ReportKind, id: number, page: number, pageSize: number) {
  return useQuery<Listed<ArchivedReport>, ApiError>({
    queryKey: reportKeys.archiveList(kind, id, page, pageSize),
    queryFn: ({ signal }) => fetchArchives(kind, id, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * One generated report (none asked while `which` is null). Kept as made, so read once while shown; a period's late
 * reading makes it again, which the next opening after a few minutes reads.
 */
export function useArchive(kind: ReportKind, id: number, which: { view: string; period: string } | null) {
  return useQuery<OpenedArchive, ApiError>({
    queryKey: reportKeys.archive(kind, id, which?.view ?? '', which?.period ?? ''),
    queryFn: ({ signal }) => fetchArchive(kind, id, which?.view ?? '', which?.period ?? '', signal),
    enabled: which !== null,
    staleTime: 5 * 60_000,
  });
}
