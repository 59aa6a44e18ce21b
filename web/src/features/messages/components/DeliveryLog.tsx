/**
 * The caller's delivery log, newest first: which channel, which message, queued / sent / failed, how many attempts
 * and why the last one failed. A table on wider screens, cards on phones (lib/layout.ts, CARDS_BELOW).
 */
import { useState } from 'react';
import { Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { NotifyDelivery } from '@/generated/answers';
import { CardList, CardListItem, CardListPager } from '@/components/CardList';
import { useCardLayout } from '@/lib/layout';
import { formatBaseTime } from '@/lib/chinaTime';
import { LOG_PAGE_SIZE, useDeliveryLog } from '../api/notify';

const STATUS_COLOUR: Record<NotifyDelivery['status'], string> = { queued: 'processing', sent: 'success', failed: 'error' };

function StatusTag({ status }: { status: NotifyDelivery['status'] }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOUR[status]}>{t(`messages.notify.status.${status}`)}</Tag>;
}

export function DeliveryLog() {
  const { t } = useTranslation();
  const cards = useCardLayout();
  const [page, setPage] = useState(1);
  const log = useDeliveryLog(page, true);
  const rows = log.data?.list ?? [];
  const paging = {
    current: page,
    pageSize: LOG_PAGE_SIZE,
    total: log.data?.total ?? 0,
    showTotal: (n: number) => t('messages.notify.log.total', { count: n }),
    onChange: setPage,
  };
  const channel = (d: NotifyDelivery) => `${d.channelName} (${t(`messages.notify.kind.${d.channelKind}`, d.channelKind)})`;
  const error = (d: NotifyDelivery) =>
    d.lastError ? (
      <Typography.Text type={d.status === 'failed' ? 'danger' : 'secondary'} style={{ wordBreak: 'break-word' }}>
        {d.lastError}
      </Typography.Text>
    ) : null;

  const title = <Typography.Title level={5}>{t('messages.notify.log.title')}</Typography.Title>;
  if (cards) {
    return (
      <section>
        {title}
        <CardList testId="notify-log">
          {rows.map((d) => (
            <CardListItem key={d.id} rowKey={d.id} testId="notify-log-card">
              <Typography.Text strong>{d.title}</Typography.Text>
              <span>{channel(d)}</span>
              <span>
                <StatusTag status={d.status} /> {t('messages.notify.log.attemptsOf', { count: d.attempts })}
              </span>
              <Typography.Text type="secondary">{formatBaseTime(d.gmtUpdate)}</Typography.Text>
              {error(d)}
            </CardListItem>
          ))}
          {rows.length === 0 && !log.isLoading && <Typography.Text type="secondary">{t('messages.notify.log.empty')}</Typography.Text>}
        </CardList>
        <CardListPager paging={paging} />
      </section>
    );
  }
  const columns: ColumnsType<NotifyDelivery> = [
    { title: t('messages.notify.log.time'), key: 'time', width: 170, render: (_, d) => formatBaseTime(d.gmtUpdate) },
    { title: t('messages.notify.log.channel'), key: 'channel', render: (_, d) => channel(d) },
    { title: t('messages.notify.log.message'), key: 'title', dataIndex: 'title' },
    { title: t('messages.notify.log.status'), key: 'status', width: 90, render: (_, d) => <StatusTag status={d.status} /> },
    { title: t('messages.notify.log.attempts'), key: 'attempts', width: 80, dataIndex: 'attempts' },
    { title: t('messages.notify.log.error'), key: 'error', render: (_, d) => error(d) },
  ];
  return (
    <section>
      {title}
      <Table<NotifyDelivery>
        data-testid="notify-log"
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={log.isLoading}
        locale={{ emptyText: t('messages.notify.log.empty') }}
        pagination={paging}
        scroll={{ x: 760 }}
      />
    </section>
  );
}
