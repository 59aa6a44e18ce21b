/**
 * A report's table: the period first (a shift by its name and times), then a column per report column titled by its
 * signal, statistic and unit, numbers right-aligned with the column's digits and "—" for a period without a value.
 * A period still running is tagged, one not begun is greyed. A range view pages on the server (`pagination`);
 * the other views show all their rows.
 */
import type { HTMLAttributes } from 'react';
import { Table, Tag, Typography } from 'antd';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { ReportRow } from '@/generated/answers';
import { columnTitle, formatCell, periodParts, rowState, EMPTY_CELL } from '../format';
import { useReportLabels } from '../labels';
import type { ShownTable } from '../table';
import type { ViewKind } from '../view';
import './report.css';

export interface ReportTableProps {
  data: ShownTable;
  kind: ViewKind;
  now: number;
  loading?: boolean;
  pagination?: TablePaginationConfig | false;
}

export function ReportTable({ data, kind, now, loading, pagination = false }: ReportTableProps) {
  const { t } = useTranslation();
  const labels = useReportLabels();

  const columns: ColumnsType<ReportRow> = [
    {
      title: t('reports.column.period'),
      key: 'period',
      fixed: 'left',
      render: (_, row) => {
        const { name, time } = periodParts(row, kind, labels);
        const state = rowState(row, now);
        return (
          <span style={{ whiteSpace: 'nowrap' }} data-state={state}>
            {name && <Typography.Text strong style={{ marginInlineEnd: 8 }}>{name}</Typography.Text>}
            <span style={{ fontVariantNumeric: 'tabular-nums' }}>{time}</span>
            {state === 'running' && (
              <Tag color="processing" style={{ marginInlineStart: 8 }} data-testid="report-running">
                {t('reports.running')}
              </Tag>
            )}
          </span>
        );
      },
    },
    ...data.cols.map(
      (column, i): ColumnsType<ReportRow>[number] => ({
        // A long title (equipment · signal · statistic (unit)) wraps instead of widening the table past its card.
        title: <div className="report-column-title">{columnTitle(column, labels)}</div>,
        key: `c${i}`,
        align: 'right',
        render: (_, row) => {
          const text = formatCell(row.values[i] ?? null, column);
          return text === EMPTY_CELL ? (
            <Typography.Text type="secondary">{text}</Typography.Text>
          ) : (
            <span style={{ fontVariantNumeric: 'tabular-nums' }}>{text}</span>
          );
        },
      }),
    ),
  ];

  return (
    <Table<ReportRow>
      rowKey="start"
      size="small"
      bordered
      columns={columns}
      dataSource={data.rows}
      loading={loading}
      pagination={pagination}
      scroll={{ x: 'max-content' }}
      rowClassName={(row) => (rowState(row, now) === 'future' ? 'report-row-future' : '')}
      onRow={(row) => ({ 'data-state': rowState(row, now) }) as HTMLAttributes<HTMLElement>}
      locale={{ emptyText: t('reports.noRows') }}
      data-testid="report-table"
    />
  );
}
