/**
 * An order message's order (spec: type order, dataStatus sended / seen): the repair order's summary, or the inspection
 * worksheet's (equipType `inspection`), and the way to it, open beside its equipment
 * (features/monitor/detail/components/OrderBeside.tsx). Looking at it makes the message seen. Where the order is gone
 * or not the user's to see (1290, 1297, 1212), the message's own text stays, with a note.
 */
import { Alert, Button, Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Message } from '@/generated/answers';
import { TabLoading } from '@/components/LoadState';
import { RepairStatusTag } from '@/entities/repairs/components/RepairStatusTag';
import { WorksheetStatusTag } from '@/entities/inspection/components/WorksheetStatusTag';
import { useWorksheet } from '@/entities/inspection/api';
import { formatBaseTime } from '@/lib/chinaTime';
import { positiveIdOf, repairOrderPath, worksheetPath } from '@/lib/paths';
import { useRepairOrder } from '@/entities/repairs/api';
import { canHandleRepairs } from '@/entities/repairs/rules';
import { useUser } from '@/lib/session';

export function OrderPart({ message }: { message: Message }) {
  if (message.equipType === 'inspection') return <WorksheetPart message={message} />;
  return <RepairPart message={message} />;
}

function RepairPart({ message }: { message: Message }) {
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

function WorksheetPart({ message }: { message: Message }) {
  const { t } = useTranslation();
  const allowed = canHandleRepairs(useUser());
  const id = allowed ? positiveIdOf(message.dataId) : null;
  const detail = useWorksheet(id);
  if (id !== null && detail.isLoading) return <TabLoading />;
  const sheet = detail.data?.worksheet;
  if (!sheet) {
    return (
      <Flex vertical gap={8}>
        {message.note && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{message.note}</Typography.Paragraph>}
        <Alert type="info" showIcon message={allowed ? t('inspection.detail.notFound') : t('repair.noPermission')} data-testid="order-gone" />
      </Flex>
    );
  }
  const first = sheet.equipment[0];
  const items = [
    { key: 'number', label: t('inspection.column.number'), children: sheet.number },
    { key: 'plan', label: t('inspection.column.plan'), children: sheet.planName },
    { key: 'route', label: t('inspection.column.route'), children: sheet.equipment.map((e) => e.name).join(' → ') },
    { key: 'status', label: t('inspection.column.status'), children: <WorksheetStatusTag status={sheet.status} overdue={sheet.overdue} /> },
    { key: 'inspector', label: t('inspection.column.inspector'), children: sheet.inspectorName },
    { key: 'due', label: t('inspection.column.due'), children: formatBaseTime(sheet.dueAt) },
    { key: 'deadline', label: t('inspection.column.deadline'), children: formatBaseTime(sheet.deadline) },
    ...(sheet.remark ? [{ key: 'remark', label: t('inspection.column.remark'), children: sheet.remark }] : []),
  ];
  const to = first ? worksheetPath(first.id, sheet.id) : `/manage/ops/worksheet?worksheet=${sheet.id}`;
  return (
    <Flex vertical gap={12} data-testid="order-summary">
      <Typography.Text strong>{t('inspection.orderMessage')}</Typography.Text>
      <Descriptions column={1} size="small" bordered items={items} styles={{ label: { whiteSpace: 'nowrap', width: 160 } }} />
      <Link to={to} id="message-open-order">
        <Button type="primary">{t('inspection.openWorksheet')}</Button>
      </Link>
    </Flex>
  );
}
