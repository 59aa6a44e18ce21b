/**
 * One message (spec section 2): `/message/detail/{msgType}/{msgId}` by its id, `/msg/detail/{menuType}/{msgType}/
 * {dataId}` and the stand-alone `/system/msg/detail/{dataId}/{msgType}` by what it is about (the newest such
 * message). Opening an unread message reads it. What follows depends on the type:
 * - alarm: when and what, with the way to the equipment's alarms and, with the repair permission, a repair order
 *   made from the alarm (its equipment, signal and text filled in);
 * - notice: the announcement, its text shown as text (never as markup: an announcement is typed by a person and
 *   read by everyone);
 * - order: the repair order's summary (number, equipment, status, problem, repairer) and the way to the order
 *   beside its equipment;
 * - expire: the equipment or gateway, its expiry date and days left, the way to the equipment and, for managers,
 *   to where the date is edited (ExpirePart).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Descriptions, Flex, Popconfirm, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { Message } from '@/generated/answers';
import { TabError, TabLoading } from '@/components/LoadState';
import { WayBackButtons } from '@/components/WayBack';
import { positiveIdOf } from '@/lib/paths';
import { formatBaseTime } from '@/lib/chinaTime';
import { Code } from '@/lib/api/codes';
import { useChangeMessages, useMessage, useMessages, useNotice } from '../api/messages';
import { centreOfPath, isMessageType, listOfPath, type MessageList, type MessageType } from '../model/messageQuery';
import { MessageTypeTag, ReadMark, useMessageTitle } from './messageParts';
import { OrderPart } from './OrderPart';
import { ExpirePart } from './ExpirePart';
import { CreateRepairDialog } from '@/entities/repairs/components/CreateRepairDialog';
import { useEquipmentOptions } from '@/entities/equipment/options';
import { canHandleRepairs } from '@/entities/repairs/rules';
import { useUser } from '@/lib/session';

/** Which message an address names, and where "back" goes. */
interface Target {
  byId: number | null;
  byData: { type: MessageType; dataId: string } | null;
  back: string | null;
}

function useTarget(): Target {
  const { msgType, msgId, dataId, menuType } = useParams();
  if (msgId !== undefined) return { byId: positiveIdOf(msgId), byData: null, back: '/message/messageAll' };
  const list: MessageList = listOfPath(`/${menuType ?? ''}`);
  const back = menuType !== undefined ? `${centreOfPath('/msg')}/${list}` : null;
  return { byId: null, byData: isMessageType(msgType) && dataId ? { type: msgType, dataId } : null, back };
}

export default function MessageDetailPage() {
  const { t } = useTranslation();
  const target = useTarget();
  const one = useMessage(target.byId);
  const found = useMessages(
    target.byData ? { page: 1, pageSize: 1, type: target.byData.type, dataId: target.byData.dataId } : { page: 1 },
    target.byData !== null,
  );
  const message = target.byId !== null ? one.data : found.data?.list[0];
  const loading = target.byId !== null ? one.isLoading : target.byData !== null && found.isLoading;
  const error = target.byId !== null ? one.error : found.error;
  const missing =
    (target.byId === null && target.byData === null) ||
    error?.code === Code.MessageNotFound ||
    (target.byData !== null && found.data !== undefined && found.data.list.length === 0);

  return (
    <Flex vertical gap={12} data-testid="message-detail" style={{ maxWidth: 880 }}>
      {target.back && (
        <Link to={target.back}>
          <ArrowLeftOutlined /> {t('messages.backToList')}
        </Link>
      )}
      {loading ? (
        <TabLoading />
      ) : missing ? (
        <>
          <Alert type="warning" showIcon message={t('messages.notFound')} data-testid="message-not-found" />
          {/* The centre's detail has its "back" link above; the message's own window has no shell to leave by. */}
          {!target.back && (
            <Flex gap={8}>
              <WayBackButtons back={{ to: '/message/messageAll', label: t('messages.toCentre') }} />
            </Flex>
          )}
        </>
      ) : error || !message ? (
        <TabError title={t('messages.loadFailed')} error={error} />
      ) : (
        <MessageCard message={message} back={target.back} />
      )}
    </Flex>
  );
}

function MessageCard({ message, back }: { message: Message; back: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleOf = useMessageTitle();
  const { mutate: markRead } = useChangeMessages(true);
  const remove = useChangeMessages();
  const marked = useRef<number | null>(null);

  // Opening reads it, once per message (the refetch after the mark shows it read).
  useEffect(() => {
    if (!message.read && marked.current !== message.id) {
      marked.current = message.id;
      markRead({ kind: 'read', ids: [message.id] });
    }
  }, [message.id, message.read, markRead]);

  const rows: Array<{ key: string; label: string; children: ReactNode }> = [
    { key: 'type', label: t('messages.column.type'), children: <MessageTypeTag type={message.type} /> },
    { key: 'status', label: t('messages.column.status'), children: <ReadMark read={message.read} /> },
    { key: 'time', label: t('messages.column.time'), children: formatBaseTime(message.gmtCreate) },
  ];
  if (message.type === 'alarm' && message.note) rows.push({ key: 'value', label: t('messages.alarmValue'), children: message.note });

  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0, whiteSpace: 'normal' }} data-testid="message-detail-title">
          {titleOf(message)}
        </Typography.Title>
      }
      extra={
        <Popconfirm
          title={t('messages.deleteConfirm', { count: 1 })}
          onConfirm={() => remove.mutate({ kind: 'delete', ids: [message.id] }, { onSuccess: () => void navigate(back ?? '/message/messageAll') })}
        >
          <Button danger loading={remove.isPending} id="message-detail-delete">
            {t('messages.delete')}
          </Button>
        </Popconfirm>
      }
    >
      <Descriptions column={1} size="small" items={rows} />
      <div style={{ marginTop: 16 }}>
        {message.type === 'alarm' && <AlarmPart message={message} />}
        {message.type === 'notice' && <NoticePart message={message} />}
        {message.type === 'order' && <OrderPart message={message} />}
        {message.type === 'expire' && <ExpirePart message={message} />}
      </div>
    </Card>
  );
}

function AlarmPart({ message }: { message: Message }) {
  const { t } = useTranslation();
  const titleOf = useMessageTitle();
  const canRepair = canHandleRepairs(useUser());
  const equipment = useEquipmentOptions(canRepair && message.equipId !== null);
  const [repairing, setRepairing] = useState(false);
  if (message.equipId === null) return null;
  const equipId = message.equipId;
  const equipName = equipment.data?.find((e) => e.id === equipId)?.equipName ?? '';
  return (
    <Flex gap={8} wrap>
      <Link to={`/monitor/eg/detail/list/${equipId}/1`} id="message-open-alarms">
        <Button type="primary">{t('messages.openAlarms')}</Button>
      </Link>
      {canRepair && message.alarmId !== null && (
        <>
          <Button onClick={() => setRepairing(true)} id="message-repair">
            {t('repair.fromAlarm')}
          </Button>
          <CreateRepairDialog
            open={repairing}
            prefill={{ equipmentId: equipId, equipName, alarmId: message.alarmId, description: titleOf(message) }}
            onClose={() => setRepairing(false)}
          />
        </>
      )}
    </Flex>
  );
}

function NoticePart({ message }: { message: Message }) {
  const { t } = useTranslation();
  const notice = useNotice(positiveIdOf(message.dataId));
  if (notice.isLoading) return <TabLoading />;
  if (!notice.data) {
    return <Alert type="info" showIcon message={t('messages.noticeGone')} data-testid="notice-gone" />;
  }
  return (
    <Flex vertical gap={8} data-testid="notice-detail">
      {notice.data.status === 'withdrawn' && <Alert type="warning" showIcon message={t('messages.noticeWithdrawn')} />}
      <Typography.Text type="secondary">
        {t('messages.published', { time: formatBaseTime(notice.data.gmtPublish) })}
      </Typography.Text>
      {/* Text, not markup: React escapes it, and line breaks are kept. */}
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="notice-content">
        {notice.data.content}
      </Typography.Paragraph>
    </Flex>
  );
}
