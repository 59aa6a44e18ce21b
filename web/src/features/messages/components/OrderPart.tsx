/**
 * An order message's order (spec: type order, dataStatus sended / seen): the repair order's summary and the way to
 * it, open beside its equipment (components/repairs/OrderBeside.tsx). Looking at it makes the message seen. Where the
 * order is gone or not the user's to see (1290, 1212), the message's own text stays, with a note.
 */
import { Alert, Button, Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Message } from '@/generated/answers';
import { TabLoading } from '@/components/LoadState';
import { RepairStatusTag } from '@/components/repairs/RepairStatusTag';
import { repairOrderPath } from '@/components/repairs/OrderBeside';
import { positiveIdOf } from '@/lib/paths';
import { useRepairOrder } from '@/lib/repairs/api';
import { canHandleRepairs } from '@/lib/repairs/rules';
import { useUser } from '@/lib/session';

export function OrderPart({ message }: { message: Message }) {
  const { t } = useTranslation();
  const allowed = canHandleRepairs(useUser());
  const id = message.equipType === 'repair' && allowed ? positiveIdOf(message.dataId) : null;
  const detail = useRepairOrder(id);
  if (id !== null && detail.isLoading) return <TabLoading />;
  const order = detail.data?.order;
  if (!order) {
    return (
      <Flex vertical gap={8}>
        {message.note && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{message.note}</Typography.Paragraph>}
        <Alert type="info" showIcon message={allowed ? t('repair.detail.notFound') : t('repair.noPermission')} data-testid="order-gone" />
      </Flex>
    );
  }
  const items = [
    { key: 'number', label: t('repair.column.number'), children: order.number },
    { key: 'equipment', label: t('repair.column.equipment'), children: order.equipName },
    { key: 'status', label: t('repair.column.status'), children: <RepairStatusTag status={order.status} /> },
    { key: 'description', label: t('repair.column.description'), children: <span style={{ whiteSpace: 'pre-wrap' }}>{order.description}</span> },
    { key: 'repairer', label: t('repair.column.repairer'), children: order.repairerName ?? '—' },
    ...(order.content ? [{ key: 'content', label: t('repair.column.content'), children: order.content }] : []),
  ];
  return (
    <Flex vertical gap={12} data-testid="order-summary">
      <Typography.Text strong>{t('repair.orderMessage')}</Typography.Text>
      <Descriptions column={1} size="small" bordered items={items} styles={{ label: { whiteSpace: 'nowrap', width: 160 } }} />
      <Link to={repairOrderPath(order.equipmentId, order.id)} id="message-open-order">
        <Button type="primary">{t('repair.openOrder')}</Button>
      </Link>
    </Flex>
  );
}
