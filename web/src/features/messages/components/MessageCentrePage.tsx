/**
 * The message centre's lists (spec section 2: `/message` and `/msg`, children messageAll, messageUnReaden,
 * messageReaden): the caller's messages, newest first, 10 a page, filtered by type and by equipment; selected ones
 * marked read or deleted, or everything marked read at once. A message opens its detail. New messages arrive live
 * (the message socket refreshes every message query), so an open list grows without a reload.
 *
 * On a phone the rows are cards (lib/layout.ts, CARDS_BELOW) with the same parts and a finger-sized checkbox.
 */
import { useState } from 'react';
import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Empty, Flex, Popconfirm, Select, Spin, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Message } from '@/generated/answers';
import { CardList, CardListItem, CardListPager, type CardPaging } from '@/components/CardList';
import { TabError } from '@/components/LoadState';
import { useEquipmentOptions } from '@/entities/equipment/options';
import { TOUCH_TARGET, useCardLayout } from '@/lib/layout';
import { formatBaseTime } from '@/lib/chinaTime';
import { useChangeMessages, useMessages } from '../api/messages';
import {
  MESSAGE_PAGE_SIZE,
  MESSAGE_TYPES,
  centreOfPath,
  detailPath,
  listOfPath,
  readStatusOf,
  type MessageQuery,
  type MessageType,
} from '../model/messageQuery';
import { MessageTypeTag, ReadMark, useMessageTitle } from './messageParts';
import { NotifySettingsDrawer } from './NotifySettingsDrawer';

export default function MessageCentrePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const list = listOfPath(pathname);
  const centre = centreOfPath(pathname);
  const cards = useCardLayout();
  const titleOf = useMessageTitle();
  const [filter, setFilter] = useState<{ type?: MessageType; equipId?: number; page: number }>({ page: 1 });
  const [selected, setSelected] = useState<number[]>([]);
  const [notifyOpen, setNotifyOpen] = useState(false);
  const readStatus = readStatusOf(list);
  const query: MessageQuery = {
    page: filter.page,
    ...(filter.type ? { type: filter.type } : {}),
    ...(filter.equipId !== undefined ? { equipId: filter.equipId } : {}),
    ...(readStatus ? { readStatus } : {}),
  };
  const messages = useMessages(query);
  const change = useChangeMessages();
  const equipment = useEquipmentOptions(true);
  const equipmentName = new Map((equipment.data ?? []).map((e) => [e.id, e.equipName]));

  const refilter = (next: Partial<typeof filter>) => {
    setFilter((f) => ({ ...f, ...next, page: 1 }));
    setSelected([]);
  };
  const act = (kind: 'read' | 'delete') => change.mutate({ kind, ids: selected }, { onSuccess: () => setSelected([]) });
  const rows = messages.data?.list ?? [];
  const total = messages.data?.total ?? 0;
  const open = (m: Message) => detailPath(centre, list, m);
  const busy = change.isPending;

  const toolbar = (
    <Flex gap={8} wrap align="center" justify="space-between" style={{ marginBottom: 12 }}>
      <Flex gap={8} wrap style={{ flex: cards ? '1 1 100%' : 'none' }}>
        <Select<MessageType>
          id="message-type-filter"
          allowClear
          placeholder={t('messages.filter.allTypes')}
          value={filter.type}
          onChange={(type) => refilter({ type })}
          options={MESSAGE_TYPES.map((type) => ({ value: type, label: t(`messages.type.${type}`) }))}
          style={{ width: cards ? '100%' : 160 }}
        />
        <Select<number>
          id="message-equipment-filter"
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('messages.filter.allEquipment')}
          value={filter.equipId}
          onChange={(equipId) => refilter({ equipId })}
          loading={equipment.isLoading}
          options={(equipment.data ?? []).map((e) => ({ value: e.id, label: e.equipName }))}
          style={{ width: cards ? '100%' : 220 }}
        />
      </Flex>
      <Flex gap={8} wrap>
        <Button id="message-mark-read" disabled={selected.length === 0} loading={busy && change.variables?.kind === 'read'} onClick={() => act('read')}>
          {t('messages.markRead', { count: selected.length })}
        </Button>
        <Popconfirm title={t('messages.deleteConfirm', { count: selected.length })} onConfirm={() => act('delete')} disabled={selected.length === 0}>
          <Button id="message-delete" danger disabled={selected.length === 0} loading={busy && change.variables?.kind === 'delete'}>
            {t('messages.delete')}
          </Button>
        </Popconfirm>
        <Button
          id="message-mark-all-read"
          type="primary"
          ghost
          loading={busy && change.variables?.kind === 'readAll'}
          onClick={() => change.mutate(filter.type ? { kind: 'readAll', type: filter.type } : { kind: 'readAll' })}
        >
          {filter.type ? t('messages.markAllReadOfType', { type: t(`messages.type.${filter.type}`) }) : t('messages.markAllRead')}
        </Button>
        <Button id="notify-settings-open" icon={<SettingOutlined />} onClick={() => setNotifyOpen(true)}>
          {t('messages.notify.open')}
        </Button>
        <NotifySettingsDrawer open={notifyOpen} onClose={() => setNotifyOpen(false)} />
      </Flex>
    </Flex>
  );

  const pagination = {
    current: filter.page,
    pageSize: MESSAGE_PAGE_SIZE,
    total,
    showTotal: (n: number) => t('messages.total', { count: n }),
    onChange: (page: number) => {
      setFilter((f) => ({ ...f, page }));
      setSelected([]);
    },
  };

  if (messages.isError && !messages.data) {
    return <TabError title={t('messages.loadFailed')} error={messages.error} onRetry={() => void messages.refetch()} testId="messages-error" />;
  }

  const columns: ColumnsType<Message> = [
    { title: t('messages.column.status'), key: 'read', width: 110, render: (_, m) => <ReadMark read={m.read} /> },
    { title: t('messages.column.type'), key: 'type', width: 100, render: (_, m) => <MessageTypeTag type={m.type} /> },
    {
      title: t('messages.column.title'),
      key: 'title',
      render: (_, m) => (
        <Link to={open(m)} style={{ fontWeight: m.read ? 'normal' : 600 }} data-testid="message-title">
          {titleOf(m)}
        </Link>
      ),
    },
    {
      title: t('messages.column.equipment'),
      key: 'equipment',
      render: (_, m) => (m.equipId !== null ? (equipmentName.get(m.equipId) ?? '—') : '—'),
    },
    {
      title: t('messages.column.time'),
      key: 'gmtCreate',
      width: 180,
      render: (_, m) => <span style={{ whiteSpace: 'nowrap' }}>{formatBaseTime(m.gmtCreate)}</span>,
    },
  ];

  return (
    <div data-testid="message-centre">
      {toolbar}
      {cards ? (
        <MessageCards
          rows={rows}
          loading={messages.isFetching}
          selected={selected}
          onSelect={setSelected}
          pathOf={open}
          titleOf={titleOf}
          pagination={pagination}
        />
      ) : (
        <Table<Message>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={messages.isFetching && !messages.data}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
          locale={{ emptyText: <Empty description={t('messages.empty')} data-testid="messages-empty" /> }}
          pagination={{ ...pagination, showSizeChanger: false }}
        />
      )}
    </div>
  );
}

interface MessageCardsProps {
  rows: readonly Message[];
  loading: boolean;
  selected: readonly number[];
  onSelect(ids: number[]): void;
  pathOf(m: Message): string;
  titleOf(m: Message): string;
  pagination: CardPaging;
}

function MessageCards({ rows, loading, selected, onSelect, pathOf, titleOf, pagination }: MessageCardsProps) {
  const { t } = useTranslation();
  if (rows.length === 0) {
    return loading ? <Spin style={{ display: 'block', padding: 24 }} /> : <Empty description={t('messages.empty')} data-testid="messages-empty" />;
  }
  const toggle = (id: number, on: boolean) => onSelect(on ? [...selected, id] : selected.filter((s) => s !== id));
  return (
    <CardList testId="message-cards">
      {rows.map((m) => (
        <CardListItem key={m.id} rowKey={m.id} testId="message-card">
          <Flex gap={8} align="flex-start">
            <Checkbox
              checked={selected.includes(m.id)}
              onChange={(e) => toggle(m.id, e.target.checked)}
              aria-label={t('messages.select')}
              style={{ minWidth: TOUCH_TARGET, minHeight: TOUCH_TARGET, justifyContent: 'center', alignItems: 'center', margin: -10 }}
            />
            <Link to={pathOf(m)} style={{ flex: 1, minWidth: 0, color: 'inherit' }} data-testid="message-title">
              <Flex vertical gap={4}>
                <Typography.Text strong={!m.read} style={{ overflowWrap: 'anywhere' }}>
                  {titleOf(m)}
                </Typography.Text>
                <Flex gap={8} wrap align="center">
                  <MessageTypeTag type={m.type} />
                  <ReadMark read={m.read} />
                  <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                    {formatBaseTime(m.gmtCreate)}
                  </Typography.Text>
                </Flex>
              </Flex>
            </Link>
          </Flex>
        </CardListItem>
      ))}
      <CardListPager paging={pagination} />
    </CardList>
  );
}
