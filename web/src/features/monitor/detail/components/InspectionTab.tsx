/**
 * The equipment's inspection records (spec section 2, equipment detail tabs: "inspection records"): the submitted
 * results about it, newest first: the worksheet, when, by whom, the item, the value and whether it was abnormal (with
 * the repair order made from it). A worksheet opens in a drawer. Needs the work-order permission, as repair records.
 */
import { useState } from 'react';
import { Button, Empty, Flex, Spin, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { InspectionRecord } from '@/generated/answers';
import { CardList, CardListItem, CardListPager } from '@/components/CardList';
import { TabEmpty, TabError } from '@/components/LoadState';
import { WorksheetDrawer } from '@/entities/inspection/components/WorksheetDrawer';
import { catalogueText } from '@/lib/api/errors';
import { Code } from '@/lib/api/codes';
import { WORKSHEET_PAGE_SIZE, useInspectionRecords } from '@/entities/inspection/api';
import { TOUCH_TARGET, useCardLayout } from '@/lib/layout';
import { formatBaseTime } from '@/lib/chinaTime';

export function InspectionTab({ equipmentId, canView }: { equipmentId: number; canView: boolean }) {
  const { t } = useTranslation();
  const cards = useCardLayout();
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<number | null>(null);
  const records = useInspectionRecords(equipmentId, page, canView);
  if (!canView || records.error?.code === Code.NoRepairPermission) {
    return <TabEmpty testId="inspection-no-permission" description={catalogueText(Code.NoRepairPermission) ?? t('repair.noPermission')} />;
  }
  if (records.isError && !records.data) {
    return <TabError title={t('inspection.loadFailed')} error={records.error} onRetry={() => void records.refetch()} testId="inspection-tab-error" />;
  }
  const list = records.data?.list ?? [];
  const value = (r: InspectionRecord) =>
    r.value === '' ? '—' : r.kind === 'check' ? t(`inspection.result.${r.value}`) : `${r.value}${r.unit ? ` ${r.unit}` : ''}`;
  const verdict = (r: InspectionRecord) =>
    r.abnormal ? <Tag color="red">{t('inspection.result.abnormal')}</Tag> : r.kind === 'text' ? null : <Tag color="green">{t('inspection.result.normal')}</Tag>;
  const paging = {
    current: page,
    pageSize: WORKSHEET_PAGE_SIZE,
    total: records.data?.total ?? 0,
    showTotal: (total: number) => t('inspection.recordsTotal', { count: total }),
    onChange: setPage,
  };
  const key = (r: InspectionRecord, i: number) => `${r.worksheetId}-${i}`;
  return (
    <Flex vertical gap={12} data-testid="inspection-tab">
      {cards ? (
        list.length === 0 ? (
          records.isLoading ? <Spin /> : <Empty description={t('inspection.recordsEmpty')} />
        ) : (
          <CardList testId="inspection-record-cards">
            {list.map((r, i) => (
              <CardListItem key={key(r, i)} rowKey={key(r, i)} testId="inspection-record-card">
                <Flex justify="space-between" align="center" gap={8}>
                  <Typography.Text strong>{r.itemName}</Typography.Text>
                  {verdict(r)}
                </Flex>
                <Typography.Text>{value(r)}</Typography.Text>
                {r.remark && <Typography.Text type="secondary">{r.remark}</Typography.Text>}
                <Flex justify="space-between" align="center" gap={8}>
                  <Typography.Text type="secondary">
                    {r.inspectorName} · {formatBaseTime(r.gmtSubmit)}
                  </Typography.Text>
                  <Button style={{ minHeight: TOUCH_TARGET }} onClick={() => setOpened(r.worksheetId)}>
                    {r.number}
                  </Button>
                </Flex>
              </CardListItem>
            ))}
            <CardListPager paging={paging} />
          </CardList>
        )
      ) : (
        <Table<InspectionRecord>
          rowKey={(r) => key(r, list.indexOf(r))}
          size="middle"
          dataSource={list}
          loading={records.isLoading}
          locale={{ emptyText: t('inspection.recordsEmpty') }}
          pagination={{ ...paging, showSizeChanger: false }}
          data-testid="inspection-record-table"
          columns={
            [
              {
                title: t('inspection.column.number'),
                key: 'number',
                render: (_, r) => (
                  <Typography.Link onClick={() => setOpened(r.worksheetId)} style={{ whiteSpace: 'nowrap' }}>
                    {r.number}
                  </Typography.Link>
                ),
              },
              { title: t('inspection.column.submitted'), key: 'time', render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatBaseTime(r.gmtSubmit)}</span> },
              { title: t('inspection.column.inspector'), key: 'inspector', render: (_, r) => r.inspectorName },
              { title: t('inspection.item.name'), key: 'item', render: (_, r) => r.itemName },
              { title: t('inspection.result.value'), key: 'value', render: (_, r) => value(r) },
              { title: t('inspection.result.verdict'), key: 'verdict', render: (_, r) => verdict(r) },
              { title: t('inspection.result.remark'), key: 'remark', render: (_, r) => r.remark || '—' },
            ] satisfies ColumnsType<InspectionRecord>
          }
        />
      )}
      <WorksheetDrawer worksheetId={opened} onClose={() => setOpened(null)} />
    </Flex>
  );
}
