/**
 * A report's generated reports, newest first and paged on the server: each a closed day or month (its view and
 * period), the span it covers and when it was made; opening one hands its view and period on. A report without
 * any says when the first is made (10 minutes after today ends), so an empty list is not taken for a fault.
 */
import { Alert, Button, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { TabError, TabLoading } from '@/components/LoadState';
import { formatBaseTime } from '@/lib/chinaTime';
import { firstArchiveAt, useArchives, type ArchivedReport } from '../archive';
import { useReportLabels } from '../labels';
import type { ReportKind } from '../table';

const PAGE_SIZES = [10, 20, 50];

/** The list's page, kept by the caller so going back from an opened report returns to it. */
export interface ArchivePaging {
  page: number;
  pageSize: number;
}

export const FIRST_ARCHIVE_PAGE: ArchivePaging = { page: 1, pageSize: 10 };

export interface ArchiveListProps {
  kind: ReportKind;
  reportId: number;
  paging: ArchivePaging;
  onPaging: (paging: ArchivePaging) => void;
  onOpen: (archive: ArchivedReport) => void;
}

/** The archive's view as the live viewer names it ("Daily"), a month "Monthly". */
function viewKindOf(archive: Pick<ArchivedReport, 'view'>): 'day' | 'month' {
  return archive.view === 'month' ? 'month' : 'day';
}

export function ArchiveList({ kind, reportId, paging, onPaging, onOpen }: ArchiveListProps) {
  const { t } = useTranslation();
  const labels = useReportLabels();
  const list = useArchives(kind, reportId, paging.page, paging.pageSize);

  if (list.isPending) return <TabLoading testId="archive-loading" />;
  if (list.isError) {
    return <TabError title={t('reports.archive.listFailed')} error={list.error} onRetry={() => void list.refetch()} testId="archive-error" />;
  }
  if (list.data.total === 0) {
    return (
      <Alert
        type="info"
        showIcon
        data-testid="archive-none"
        message={t('reports.archive.none')}
        description={t('reports.archive.firstAt', { time: formatBaseTime(firstArchiveAt(Date.now()), 'YYYY-MM-DD HH:mm') })}
      />
    );
  }

  const columns: ColumnsType<ArchivedReport> = [
    {
      title: t('reports.archive.column.report'),
      key: 'period',
      render: (_, a) => (
        <Typography.Link onClick={() => onOpen(a)} data-testid={`archive-open-${a.view}-${a.period}`} style={{ whiteSpace: 'nowrap' }}>
          {`${labels.view(viewKindOf(a))} ${a.period}`}
        </Typography.Link>
      ),
    },
    {
      title: t('reports.archive.column.span'),
      key: 'span',
      render: (_, a) => (
        <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {`${formatBaseTime(a.start, 'YYYY-MM-DD HH:mm')} – ${formatBaseTime(a.end, 'YYYY-MM-DD HH:mm')}`}
        </span>
      ),
    },
    {
      title: t('reports.archive.column.generated'),
      key: 'generated',
      render: (_, a) => <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{formatBaseTime(a.generatedMs)}</span>,
    },
    {
      title: '',
      key: 'open',
      width: 1,
      render: (_, a) => (
        <Button size="small" onClick={() => onOpen(a)}>
          {t('reports.archive.open')}
        </Button>
      ),
    },
  ];

  return (
    <Table<ArchivedReport>
      rowKey={(a) => `${a.view}-${a.period}`}
      size="small"
      columns={columns}
      dataSource={list.data.list}
      loading={list.isFetching}
      data-testid="archive-list"
      scroll={{ x: 'max-content' }}
      pagination={{
        current: paging.page,
        pageSize: paging.pageSize,
        total: list.data.total,
        pageSizeOptions: PAGE_SIZES,
        showSizeChanger: true,
        hideOnSinglePage: list.data.total <= PAGE_SIZES[0]!,
        showTotal: (count) => t('reports.archive.count', { count }),
        onChange: (page, pageSize) => onPaging({ page: pageSize === paging.pageSize ? page : 1, pageSize }),
      }}
    />
  );
}
