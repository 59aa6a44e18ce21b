/**
 * A project's history as a table per period (`history/queryAllData`, docs/project-monitor.md "History"): a row per
 * minute, hour or day of the queried range, a column per chosen signal and variable with the chosen statistic,
 * paged on the server and drawn by the reports' table (a custom report's range view is read the same way).
 * Export reads every page, {@link PAGE_SIZE_MAX} rows at a time, into one sheet with the reports' heading, each page
 * written into the file as it comes (a month by the minute is 43,200 rows), with the reports' progress dialog and its
 * Cancel (the file is dropped).
 */
import { useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TabError } from '@/components/LoadState';
import { fetchProjectHistoryTable, useProjectHistoryTable, type ProjectTableRequest } from '@/entities/equipmentRecords/project';
import { ReportTable } from '@/entities/reports/components/ReportTable';
import { ExportProgress } from '@/entities/reports/components/ExportProgress';
import { useSheetExport } from '@/entities/reports/components/useSheetExport';
import { useSheetLabels } from '@/entities/reports/labels';
import { ReportSheet, reportFileName } from '@/entities/reports/sheet';
import { PAGE_SIZE_MAX, readAllPages, shownColumn, type ShownTable } from '@/entities/reports/table';
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
  const view: ReportView = { kind: 'range', start: choice.startTime, end: choice.endTime };

  const sheetExport = useSheetExport();

  const exportSheet = () => {
    const heading = {
      reportName: t('monitor.projectHistory.sheetName'),
      equipName: projectName,
      ownerLabel: t('reports.sheet.project'),
      viewName: t(`monitor.projectHistory.perUnit.${choice.timeUnit}`),
      span: viewSpanText(view),
      exportedAt: Date.now(),
    };
    return sheetExport.run(reportFileName(heading.reportName, projectName, viewStamp(view)), async ({ sink, signal, progress, opened }) => {
      const open = async (cols: ShownTable['cols']) => opened(await ReportSheet.open(sink, heading, cols, 'range', sheetLabels));
      let sheet: ReportSheet | undefined;
      progress({ read: 0, total: table.data?.total ?? 0 });
      // The reports' page-by-page reading, each page from the project's table (the request's report is not read).
      await readAllPages(
        { reportId: projectId, view },
        async (rows, data, so) => {
          sheet ??= await open(data.cols);
          await sheet.add(rows, Date.now());
          progress(so);
        },
        signal,
        async (pageRequest, pageSignal) =>
          shown(await fetchProjectHistoryTable(projectId, { ...choice, page: pageRequest.page ?? 1, pageSize: pageRequest.pageSize ?? PAGE_SIZE_MAX }, pageSignal)),
      );
      return sheet ?? open([]);
    });
  };

  return (
    <Flex vertical gap={8} data-testid="project-history-table">
      {sheetExport.holder}
      <ExportProgress progress={sheetExport.progress} onCancel={sheetExport.cancel} idPrefix="project-history-table-export" />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t(`monitor.projectHistory.tableTitle.${choice.timeUnit}`)}
        </Typography.Title>
        <Button id="project-history-table-export" icon={<DownloadOutlined />} loading={sheetExport.busy} disabled={!table.data} onClick={() => void exportSheet()}>
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
