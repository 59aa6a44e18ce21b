/**
 * A page of worksheets: a table on wide screens, cards below 768 px (lib/layout.ts). The number (or a card's
 * button) opens the worksheet.
 */
import { Button, Empty, Flex, Spin, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { Worksheet } from '@/generated/answers';
import { CardList, CardListItem, CardListPager, type CardPaging } from '@/components/CardList';
import { TOUCH_TARGET, useCardLayout } from '@/lib/layout';
import { formatBaseTime } from '@/lib/chinaTime';
import { WorksheetStatusTag } from './WorksheetStatusTag';

export interface WorksheetListProps {
  sheets: readonly Worksheet[];
  loading: boolean;
  emptyText: string;
  paging: CardPaging;
  onOpen(sheet: Worksheet): void;
}

export function WorksheetList({ sheets, loading, emptyText, paging, onOpen }: WorksheetListProps) {
  const { t } = useTranslation();
  const cards = useCardLayout();
  const route = (w: Worksheet) => w.equipment.map((e) => e.name).join(' → ');
  if (cards) {
    if (sheets.length === 0) {
      return loading ? <Spin style={{ display: 'block', padding: 24 }} /> : <Empty description={emptyText} data-testid="worksheet-cards-empty" />;
    }
    return (
      <CardList testId="worksheet-cards">
        {sheets.map((w) => (
          <CardListItem key={w.id} rowKey={w.id} testId="worksheet-card">
            <Flex justify="space-between" align="center" gap={8} wrap>
              <Typography.Text strong>{w.number}</Typography.Text>
              <WorksheetStatusTag status={w.status} overdue={w.overdue} />
            </Flex>
            <Typography.Text>{w.planName}</Typography.Text>
            <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
              {route(w)}
            </Typography.Text>
            <Typography.Text type="secondary">
              {t('inspection.column.inspector')} {w.inspectorName} · {t('inspection.column.due')} {formatBaseTime(w.dueAt)}
            </Typography.Text>
            <Flex justify="flex-end">
              <Button style={{ minHeight: TOUCH_TARGET, minWidth: TOUCH_TARGET }} onClick={() => onOpen(w)} data-testid={`worksheet-open-${w.id}`}>
                {t('inspection.open')}
              </Button>
            </Flex>
          </CardListItem>
        ))}
        <CardListPager paging={paging} />
      </CardList>
    );
  }
  const nowrap = (text: string) => <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;
  const columns: ColumnsType<Worksheet> = [
    {
      title: nowrap(t('inspection.column.number')),
      key: 'number',
      render: (_, w) => (
        <Typography.Link onClick={() => onOpen(w)} data-testid={`worksheet-open-${w.id}`} style={{ whiteSpace: 'nowrap' }}>
          {w.number}
        </Typography.Link>
      ),
    },
    { title: nowrap(t('inspection.column.plan')), key: 'plan', render: (_, w) => w.planName },
    {
      title: t('inspection.column.route'),
      key: 'route',
      render: (_, w) => (
        <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0, maxWidth: 280 }}>
          {route(w)}
        </Typography.Paragraph>
      ),
    },
    { title: nowrap(t('inspection.column.inspector')), key: 'inspector', render: (_, w) => w.inspectorName },
    { title: nowrap(t('inspection.column.due')), key: 'due', render: (_, w) => nowrap(formatBaseTime(w.dueAt)) },
    { title: nowrap(t('inspection.column.submitted')), key: 'submitted', render: (_, w) => nowrap(w.gmtSubmit ? formatBaseTime(w.gmtSubmit) : '—') },
    { title: nowrap(t('inspection.column.status')), key: 'status', render: (_, w) => <WorksheetStatusTag status={w.status} overdue={w.overdue} /> },
  ];
  return (
    <div style={{ overflowX: 'auto' }}>
      <Table<Worksheet>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={[...sheets]}
        loading={loading}
        data-testid="worksheet-table"
        locale={{ emptyText }}
        pagination={{ ...paging, showSizeChanger: false }}
      />
    </div>
  );
}
