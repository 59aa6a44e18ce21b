/**
 * One generated report opened: its table as it was made, read-only, with the table, chart, export and print of the
 * live view (the same components), its period and when it was made. Nothing is read again: the file and the paper
 * hold what the screen shows.
 */
import { Alert, Button, Flex, Typography } from 'antd';
import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TabError, TabLoading } from '@/components/LoadState';
import { formatBaseTime } from '@/lib/chinaTime';
import { archiveView, useArchive } from '../archive';
import { useReportLabels } from '../labels';
import type { ReportKind } from '../table';
import { viewSpanText } from '../view';
import { ReportChart } from './ReportChart';
import { ReportExport } from './ReportExport';
import { ReportPrint, type ReportHeading } from './ReportPrint';
import { ReportTable } from './ReportTable';

export interface ArchiveReportProps {
  kind: ReportKind;
  report: { id: number; name: string };
  equipName: string;
  ownerLabel?: string;
  which: { view: string; period: string };
  onBack: () => void;
}

export function ArchiveReport({ kind, report, equipName, ownerLabel, which, onBack }: ArchiveReportProps) {
  const { t } = useTranslation();
  const labels = useReportLabels();
  const opened = useArchive(kind, report.id, which);
  const view = archiveView(which);
  const generated = opened.data ? t('reports.archive.generatedAt', { time: formatBaseTime(opened.data.archive.generatedMs) }) : '';
  const heading: ReportHeading = {
    reportName: report.name,
    equipName,
    viewName: labels.view(view.kind),
    span: viewSpanText(view),
    ...(ownerLabel ? { ownerLabel } : {}),
    ...(generated ? { note: generated } : {}),
  };
  const data = opened.data?.table;

  const body = () => {
    if (opened.isPending) return <TabLoading testId="archive-report-loading" />;
    if (opened.isError) {
      return <TabError title={t('reports.archive.loadFailed')} error={opened.error} onRetry={() => void opened.refetch()} testId="archive-report-error" />;
    }
    const { archive, table } = opened.data;
    if (table.cols.length === 0) return <Alert type="info" showIcon message={t('reports.archive.noColumns')} data-testid="report-no-columns" />;
    return (
      <>
        <ReportTable data={table} kind={view.kind} now={archive.generatedMs} />
        <ReportChart data={table} kind={view.kind} />
        <ReportPrint heading={heading} data={table} kind={view.kind} now={archive.generatedMs} />
      </>
    );
  };

  return (
    <Flex vertical gap={12} data-testid="archive-report" data-view={view.kind} data-period={which.period}>
      <Flex gap={12} wrap align="center" justify="space-between">
        <Button icon={<ArrowLeftOutlined />} onClick={onBack} id="archive-back">
          {t('reports.archive.back')}
        </Button>
        <Flex gap={8} wrap>
          {data && data.cols.length > 0 && <ReportExport kind={kind} reportId={report.id} view={view} heading={heading} data={data} />}
          <Button id="report-print" icon={<PrinterOutlined />} disabled={!data || data.cols.length === 0} onClick={() => window.print()}>
            {t('reports.print')}
          </Button>
        </Flex>
      </Flex>
      <Flex vertical gap={2}>
        <Typography.Title level={5} style={{ margin: 0 }} data-testid="report-heading">
          {`${report.name} · ${heading.viewName} ${heading.span}`}
        </Typography.Title>
        {generated && (
          <Typography.Text type="secondary" data-testid="archive-generated">
            {generated}
          </Typography.Text>
        )}
      </Flex>
      {body()}
    </Flex>
  );
}
