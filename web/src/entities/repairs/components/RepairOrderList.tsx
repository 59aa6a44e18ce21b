/**
 * A page of repair orders: a table on wide screens, cards below 768 px (lib/layout.ts), with the same parts. A
 * row's number opens the order (`onOpen`), as does a card's button. Used by the repair screen and the EG detail's
 * repair records tab (`showEquipment` off there: the equipment is the screen's).
 */
import { Button, Empty, Flex, Spin, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { RepairOrder } from '@/generated/answers';
import { CardList, CardListItem, CardListPager, type CardPaging } from '@/components/CardList';
import { TOUCH_TARGET, useCardLayout } from '@/lib/layout';
import { formatBaseTime } from '@/lib/chinaTime';
import { RepairStatusTag } from './RepairStatusTag';

export interface RepairOrderListProps {
  orders: readonly RepairOrder[];
  loading: boolean;
  emptyText: string;
  paging: CardPaging;
  onOpen(order: RepairOrder): void;
  showEquipment?: boolean;
}

export function RepairOrderList({ orders, loading, emptyText, paging, onOpen, showEquipment = true }: RepairOrderListProps) {
  const { t } = useTranslation();
  const cards = useCardLayout();
  if (cards) {
    if (orders.length === 0) {
      return loading ? <Spin style={{ display: 'block', padding: 24 }} /> : <Empty description={emptyText} data-testid="repair-cards-empty" />;
    }
    return (
      <CardList testId="repair-cards">
        {orders.map((o) => (
          <CardListItem key={o.id} rowKey={o.id} testId="repair-card">
            <Flex justify="space-between" align="center" gap={8}>
              <Typography.Text strong>{o.number}</Typography.Text>
              <RepairStatusTag status={o.status} />
            </Flex>
            <Typography.Text style={{ overflowWrap: 'anywhere' }}>{o.description}</Typography.Text>
            <Typography.Text type="secondary">
              {[showEquipment ? o.equipName : null, o.repairerName ? `${t('repair.column.repairer')} ${o.repairerName}` : null]
                .filter(Boolean)
                .join(' · ')}
            </Typography.Text>
            <Flex justify="space-between" align="center" gap={8}>
              <Typography.Text type="secondary">{formatBaseTime(o.gmtCreate)}</Typography.Text>
              <Button style={{ minHeight: TOUCH_TARGET, minWidth: TOUCH_TARGET }} onClick={() => onOpen(o)} data-testid={`repair-open-${o.id}`}>
                {t('repair.open')}
              </Button>
            </Flex>
          </CardListItem>
        ))}
        <CardListPager paging={paging} />
      </CardList>
    );
  }
  const columns: ColumnsType<RepairOrder> = [
    {
      title: <span style={{ whiteSpace: 'nowrap' }}>{t('repair.column.number')}</span>,
      key: 'number',
      render: (_, o) => (
        <Typography.Link onClick={() => onOpen(o)} data-testid={`repair-open-${o.id}`} style={{ whiteSpace: 'nowrap' }}>
          {o.number}
        </Typography.Link>
      ),
    },
    ...(showEquipment ? [{ title: <span style={{ whiteSpace: 'nowrap' }}>{t('repair.column.equipment')}</span>, key: 'equipment', render: (_: unknown, o: RepairOrder) => o.equipName }] : []),
    {
      title: t('repair.column.description'),
      key: 'description',
      render: (_, o) => (
        <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0, maxWidth: 360 }}>
          {o.description}
        </Typography.Paragraph>
      ),
    },
    { title: <span style={{ whiteSpace: 'nowrap' }}>{t('repair.column.repairer')}</span>, key: 'repairer', render: (_, o) => o.repairerName ?? '—' },
    {
      title: t('repair.column.content'),
      key: 'content',
      render: (_, o) => (
        <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0, maxWidth: 260 }}>
          {o.content || '—'}
        </Typography.Paragraph>
      ),
    },
    { title: <span style={{ whiteSpace: 'nowrap' }}>{t('repair.column.creator')}</span>, key: 'creator', render: (_, o) => o.creatorName },
    { title: <span style={{ whiteSpace: 'nowrap' }}>{t('repair.column.time')}</span>, key: 'time', render: (_, o) => <span style={{ whiteSpace: 'nowrap' }}>{formatBaseTime(o.gmtCreate)}</span> },
    { title: <span style={{ whiteSpace: 'nowrap' }}>{t('repair.column.status')}</span>, key: 'status', render: (_, o) => <RepairStatusTag status={o.status} /> },
  ];
  return (
    <div style={{ overflowX: 'auto' }}>
      <Table<RepairOrder>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={[...orders]}
        loading={loading}
        data-testid="repair-table"
        locale={{ emptyText }}
        pagination={{ ...paging, showSizeChanger: false }}
      />
    </div>
  );
}
