/**
 * One report read over a view: the view and its date (ReportViewPicker), the table (a range a page at a time), a
 * chart of one column, Refresh (a running period's values move on; the table is read again only when asked, so the
 * screen, the print and the export agree), Excel export and print. `toolbar` is what the caller puts first (the
 * report picker).
 */
import { useState, type ReactNode } from 'react';
import { Alert, Button, Flex, Typography } from 'antd';
import { PrinterOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TabError, TabLoading } from '@/components/LoadState';
import { useReportLabels } from '../labels';
import { useReportTable, type ReportKind, type TableRequest } from '../table';
import { defaultView, viewSpanText, type ReportView } from '../view';
import { ReportChart } from './ReportChart';
import { ReportExport } from './ReportExport';
import { ReportPrint, type ReportHeading } from './ReportPrint';
import { ReportTable } from './ReportTable';
import { ReportViewPicker } from './ReportViewPicker';

const PAGE_SIZES = [10, 24, 50, 100];

export interface ReportViewerProps {
  /** An equipment's report (the default) or a project's custom report. */
  kind?: ReportKind;
  report: { id: number; name: string };
  /** The equipment's name, or the project's for a custom report (the title line, the sheet's heading). */
  equipName: string;
  /** The heading's label of `equipName` in the sheet ("Project" for a custom report); "Equipment" without. */
  ownerLabel?: string;
  toolbar?: ReactNode;
}

export function ReportViewer({ kind = 'report', report, equipName, ownerLabel, toolbar }: ReportViewerProps) {
  const { t } = useTranslation();
  const labels = useReportLabels();
  const [view, setView] = useState<ReportView>(() => defaultView('day', Date.now()));
  const [paging, setPaging] = useState({ page: 1, pageSize: 24 });
  const request: TableRequest = { kind, reportId: report.id, view, ...(view.kind === 'range' ? paging : {}) };
  const table = useReportTable(request);

  const changeView = (next: ReportView) => {
    setView(next);
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const heading: ReportHeading = {
    reportName: report.name,
    equipName,
    viewName: labels.view(view.kind),
    span: viewSpanText(view),
    ...(ownerLabel ? { ownerLabel } : {}),
  };

  const body = () => {
    if (table.isPending) return <TabLoading testId="report-loading" />;
    if (table.isError) {
      return <TabError title={t('reports.loadFailed')} error={table.error} onRetry={() => void table.refetch()} testId="report-error" />;
    }
    const data = table.data;
    if (data.cols.length === 0) return <Alert type="info" showIcon message={t('reports.noColumns')} data-testid="report-no-columns" />;
    return (
      <>
        <ReportTable
          data={data}
          kind={view.kind}
          now={table.dataUpdatedAt}
          loading={table.isFetching}
          pagination={
            view.kind === 'range'
              ? {
                  current: paging.page,
                  pageSize: paging.pageSize,
                  total: data.total,
                  pageSizeOptions: PAGE_SIZES,
                  showSizeChanger: true,
                  showTotal: (count) => t('reports.rows', { count }),
                  onChange: (page, pageSize) => setPaging({ page: pageSize === paging.pageSize ? page : 1, pageSize }),
                }
              : false
          }
        />
        <ReportChart data={data} kind={view.kind} />
        <ReportPrint heading={heading} data={data} kind={view.kind} now={table.dataUpdatedAt} />
      </>
    );
  };

  return (
    <Flex vertical gap={12} data-testid="report-viewer" data-view={view.kind}>
      <Flex gap={12} wrap align="flex-start" justify="space-between">
        <Flex gap={12} wrap align="flex-start">
          {toolbar}
          <ReportViewPicker view={view} onChange={changeView} />
        </Flex>
        <Flex gap={8} wrap>
          <Button id="report-refresh" icon={<ReloadOutlined />} loading={table.isFetching} onClick={() => void table.refetch()}>
            {t('reports.refresh')}
          </Button>
          {table.data && table.data.cols.length > 0 && <ReportExport kind={kind} reportId={report.id} view={view} heading={heading} data={table.data} />}
          <Button id="report-print" icon={<PrinterOutlined />} disabled={!table.data || table.data.cols.length === 0} onClick={() => window.print()}>
            {t('reports.print')}
          </Button>
        </Flex>
      </Flex>
      <Typography.Title level={5} style={{ margin: 0 }} data-testid="report-heading">
        {`${report.name} · ${heading.viewName} ${heading.span}`}
      </Typography.Title>
      {body()}
    </Flex>
  );
}
