/**
 * A project's history as a table per period (`history/queryAllData`, docs/project-monitor.md "History"): a row per
 * minute, hour or day of the queried range, a column per chosen signal and variable with the chosen statistic,
 * paged on the server and drawn by the reports' table (a custom report's range view is read the same way).
 * Export reads every page, {@link PAGE_SIZE_MAX} rows at a time, into one sheet with the reports' heading, each page
 * written into the file as it comes (a month by the minute is 43,200 rows), with the reports' progress dialog and its
 * Cancel (the file is dropped).
 */
import { useRef, useState } from 'react';
import { Button, Flex, Typography, message as antdMessage } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { TabError } from '@/components/LoadState';
import { fetchProjectHistoryTable, useProjectHistoryTable, type ProjectTableRequest } from '@/entities/equipmentRecords/project';
import { ReportTable } from '@/entities/reports/components/ReportTable';
import { ExportProgress } from '@/entities/reports/components/ExportProgress';
import { openSaveSink, SaveCancelled } from '@/lib/xlsx/save';
import type { ByteSink } from '@/lib/xlsx/sink';
import { useSheetLabels } from '@/entities/reports/labels';
import { ReportSheet, reportFileName } from '@/entities/reports/sheet';
import { PAGE_SIZE_MAX, readAllPages, shownColumn, type PagesProgress, type ShownTable } from '@/entities/reports/table';
import { viewSpanText, viewStamp, type ReportView } from '@/entities/reports/view';
import type { ProjectHistoryTable } from '@/generated/answers';

const PAGE_SIZE = 24;

/** The choices of a table, without its page. */
export type PeriodChoice = Omit<ProjectTableRequest, 'page' | 'pageSize'>;

function shown(table: ProjectHistoryTable): ShownTable {
  return { cols: table.cols.map(shownColumn), rows: table.rows, total: table.total };
}

export function PeriodTable({ projectId, projectName, choice, run }: { projectId: number; projectName: string; choice: PeriodChoice; run: number }) {
  const { t } = useTranslation();
  const sheetLabels = useSheetLabels();
  const [page, setPage] = useState(1);
  // A new query starts on its first page.
  const [pageOf, setPageOf] = useState(run);
  if (pageOf !== run) {
    setPageOf(run);
    setPage(1);
  }
  const request: ProjectTableRequest = { ...choice, page, pageSize: PAGE_SIZE };
  const table = useProjectHistoryTable(projectId, request, run);
  const [exporting, setExporting] = useState(false);
  const view: ReportView = { kind: 'range', start: choice.startTime, end: choice.endTime };

  const [message, holder] = antdMessage.useMessage();
  const [progress, setProgress] = useState<PagesProgress | null>(null);
  const cancel = useRef<AbortController | null>(null);

  const exportSheet = async () => {
    const failed = (error: unknown) => showError(error instanceof ApiError ? error : new ApiError('export', t('reports.export.failed')));
    const heading = {
      reportName: t('monitor.projectHistory.sheetName'),
      equipName: projectName,
      ownerLabel: t('reports.sheet.project'),
      viewName: t(`monitor.projectHistory.perUnit.${choice.timeUnit}`),
      span: viewSpanText(view),
      exportedAt: Date.now(),
    };
    setExporting(true);
    let sink: ByteSink;
    try {
      // On the click itself: the save dialog, where there is one, needs the user's gesture (lib/xlsx/save.ts).
      sink = await openSaveSink(reportFileName(heading.reportName, projectName, viewStamp(view)));
    } catch (error) {
      setExporting(false);
      if (!(error instanceof SaveCancelled)) failed(error);
      return;
    }
    const controller = new AbortController();
    cancel.current = controller;
    const built: { sheet?: ReportSheet } = {};
    try {
      setProgress({ read: 0, total: table.data?.total ?? 0 });
      // The reports' page-by-page reading, each page from the project's table (the request's report is not read).
      await readAllPages(
        { reportId: projectId, view },
        async (rows, data, so) => {
          built.sheet ??= await ReportSheet.open(sink, heading, data.cols, 'range', sheetLabels);
          await built.sheet.add(rows, Date.now());
          setProgress(so);
        },
        controller.signal,
        async (pageRequest, signal) =>
          shown(await fetchProjectHistoryTable(projectId, { ...choice, page: pageRequest.page ?? 1, pageSize: pageRequest.pageSize ?? PAGE_SIZE_MAX }, signal)),
      );
      built.sheet ??= await ReportSheet.open(sink, heading, [], 'range', sheetLabels);
      await built.sheet.finish();
    } catch (error) {
      await (built.sheet ? built.sheet.abort(error) : sink.abort(error)).catch(() => {});
      if (controller.signal.aborted) void message.info(t('reports.export.cancelled'));
      else failed(error);
    } finally {
      cancel.current = null;
      setProgress(null);
      setExporting(false);
    }
  };

  return (
    <Flex vertical gap={8} data-testid="project-history-table">
      {holder}
      <ExportProgress progress={progress} onCancel={() => cancel.current?.abort()} idPrefix="project-history-table-export" />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t(`monitor.projectHistory.tableTitle.${choice.timeUnit}`)}
        </Typography.Title>
        <Button id="project-history-table-export" icon={<DownloadOutlined />} loading={exporting} disabled={!table.data} onClick={() => void exportSheet()}>
          {t('reports.export.action')}
        </Button>
      </Flex>
      {table.isError && !table.data ? (
        <TabError testId="project-history-table-error" title={t('monitor.projectHistory.tableFailed')} error={table.error} onRetry={() => void table.refetch()} />
      ) : (
        <ReportTable
          data={table.data ? shown(table.data) : { cols: [], rows: [], total: 0 }}
          kind="range"
          now={Date.now()}
          loading={table.isFetching}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: table.data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
        />
      )}
    </Flex>
  );
}
