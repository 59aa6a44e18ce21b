/**
 * The operating centre (`/monitor/gm/ocInfo`, `运营中心` in the monitor menu; issue 14): what is still open on
 * the equipment the operator sees: totals, a chart of the busiest equipment and one row per equipment, each
 * leading to the equipment's alarms. Refreshed every 30 s. A count the operator may not see (the rule type's alarm
 * permission is missing) reads "—", never 0. On phones the rows are cards.
 *
 * Open repair orders and overdue inspection worksheets are counted for those who may handle work orders (else "—").
 */
import { useState } from 'react';
import { Card, Col, Empty, Flex, Input, Row, Statistic, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EquipmentLoad } from '@/generated/answers';
import { CardList, CardListItem } from '@/components/CardList';
import { LazyChart } from '@/components/LazyChart';
import { TabError, TabLoading } from '@/components/LoadState';
import { useCardLayout } from '@/lib/layout';
import { busiest, loadChart, useOpsCenter } from './opsCenter';

/** The equipment's alarm tab. */
const alarmsOf = (id: number) => `/monitor/eg/detail/list/${id}/1`;

function Count({ value }: { value: number | null }) {
  const { t } = useTranslation();
  if (value === null) {
    return (
      <Tooltip title={t('opsCenter.noPermission')}>
        <span>—</span>
      </Tooltip>
    );
  }
  return <span style={{ fontWeight: value > 0 ? 600 : 'normal', color: value > 0 ? '#cf1322' : undefined }}>{value}</span>;
}

export default function OpsCenterPage() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const centre = useOpsCenter(keyword);
  const cards = useCardLayout();

  if (centre.isLoading) return <TabLoading />;
  if (!centre.data) {
    return <TabError title={t('opsCenter.loadFailed')} error={centre.error} onRetry={() => void centre.refetch()} testId="center-error" />;
  }
  const { totals, equipment } = centre.data;
  const labels = { open: t('opsCenter.openAlarms'), unconfirmed: t('opsCenter.unconfirmedAlarms'), orders: t('opsCenter.openOrders'), overdue: t('opsCenter.overdueWorksheets') };
  const charted = busiest(equipment);

  const columns: ColumnsType<EquipmentLoad> = [
    { title: t('opsCenter.equipment'), key: 'name', render: (_, e) => <Link to={alarmsOf(e.id)}>{e.equipName}</Link> },
    { title: labels.open, key: 'open', align: 'right', width: 160, render: (_, e) => <Count value={e.openAlarms} /> },
    { title: labels.unconfirmed, key: 'unconfirmed', align: 'right', width: 180, render: (_, e) => <Count value={e.unconfirmedAlarms} /> },
    { title: labels.orders, key: 'orders', align: 'right', width: 160, render: (_, e) => <Count value={e.openOrders} /> },
    { title: labels.overdue, key: 'overdue', align: 'right', width: 160, render: (_, e) => <Count value={e.overdueWorksheets} /> },
  ];

  return (
    <Flex vertical gap={16} data-testid="ops-center">
      <Row gutter={[12, 12]}>
        {(
          [
            ['equipment', t('opsCenter.equipmentCount'), totals.equipment],
            ['open', labels.open, totals.openAlarms],
            ['unconfirmed', labels.unconfirmed, totals.unconfirmedAlarms],
            ['orders', labels.orders, totals.openOrders],
            ['overdue', labels.overdue, totals.overdueWorksheets],
          ] as const
        ).map(([key, title, value]) => (
          <Col flex="1 1 160px" key={key}>
            <Card size="small" data-testid={`center-total-${key}`}>
              <Statistic title={title} value={value ?? '—'} valueStyle={key !== 'equipment' && (value ?? 0) > 0 ? { color: '#cf1322' } : undefined} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title={t('opsCenter.busiest')}>
        {charted.length > 0 ? (
          <LazyChart option={loadChart(equipment, labels)} height={Math.max(160, 40 + charted.length * 36)} testId="center-chart" />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('opsCenter.nothingOpen')} data-testid="center-nothing-open" />
        )}
      </Card>
      <Input.Search
        id="center-keyword"
        allowClear
        placeholder={t('opsCenter.search')}
        onSearch={(value) => setKeyword(value.trim())}
        style={{ maxWidth: cards ? undefined : 320 }}
      />
      {cards ? (
        <CardList testId="center-cards">
          {equipment.map((e) => (
            <CardListItem key={e.id} rowKey={e.id} testId="center-card">
              <Link to={alarmsOf(e.id)}>
                <Typography.Text strong>{e.equipName}</Typography.Text>
              </Link>
              <Flex justify="space-between">
                <span>
                  {labels.open} <Count value={e.openAlarms} />
                </span>
                <span>
                  {labels.unconfirmed} <Count value={e.unconfirmedAlarms} />
                </span>
              </Flex>
              <Flex gap={16} wrap>
                <span>
                  {labels.orders} <Count value={e.openOrders} />
                </span>
                <span>
                  {labels.overdue} <Count value={e.overdueWorksheets} />
                </span>
              </Flex>
            </CardListItem>
          ))}
        </CardList>
      ) : (
        <Table<EquipmentLoad>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={equipment}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          data-testid="center-table"
        />
      )}
    </Flex>
  );
}
