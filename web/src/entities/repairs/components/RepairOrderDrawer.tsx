/**
 * One repair order in a drawer (the repair screen's detail, the EG detail's repair records, the order opened beside
 * its equipment by `/monitor/eg/detail/{list|page}/…/{orderType}/{orderId}`): what it is, its pictures, the steps the
 * current user may take (RepairStepPanel) and its history as a timeline. `beside`: no mask, so the equipment stays
 * usable next to it. Full width on phones.
 */
import { Alert, Descriptions, Drawer, Flex, Image, Popconfirm, Button, Timeline, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RepairOrder, RepairPicture, RepairStep } from '@/generated/answers';
import { TabLoading } from '@/components/LoadState';
import { Code } from '@/lib/api/codes';
import { useCardLayout } from '@/lib/layout';
import { egDetailPath } from '@/lib/paths';
import { useDeleteRepairPicture, useRepairOrder } from '@/entities/repairs/api';
import { availableActions, type RepairViewer } from '@/entities/repairs/rules';
import { formatBaseTime } from '@/lib/chinaTime';
import { useUser } from '@/lib/session';
import { RepairStatusTag } from './RepairStatusTag';
import { RepairStepPanel } from './RepairStepPanel';

export interface RepairOrderDrawerProps {
  orderId: number | null;
  onClose(): void;
  beside?: boolean;
  /** Show a link to the equipment (off where the equipment is the screen). */
  linkEquipment?: boolean;
}

export function RepairOrderDrawer({ orderId, onClose, beside = false, linkEquipment = true }: RepairOrderDrawerProps) {
  const { t } = useTranslation();
  const cards = useCardLayout();
  const detail = useRepairOrder(orderId);
  const user = useUser();
  const order = detail.data?.order;
  return (
    <Drawer
      open={orderId !== null}
      onClose={onClose}
      mask={!beside}
      width={cards ? '100%' : 520}
      title={order ? t('repair.detail.title', { number: order.number }) : t('repair.orderMessage')}
      extra={order && <RepairStatusTag status={order.status} />}
      data-testid="repair-drawer"
      destroyOnHidden
    >
      {detail.isLoading ? (
        <TabLoading />
      ) : detail.error || !detail.data || !order ? (
        <Alert
          type="warning"
          showIcon
          message={detail.error?.code === Code.RepairOrderNotFound ? t('repair.detail.notFound') : t('repair.detail.loadFailed')}
          description={detail.error?.code === Code.RepairOrderNotFound ? undefined : detail.error?.message}
          data-testid="repair-detail-error"
        />
      ) : (
        <Flex vertical gap={20} data-testid="repair-detail" data-status={order.status}>
          <OrderFacts order={order} linkEquipment={linkEquipment} />
          {user && <RepairStepPanel order={order} user={user} pictureCount={detail.data.pictures.length} />}
          <Pictures order={order} pictures={detail.data.pictures} user={user} />
          <History steps={detail.data.steps} />
        </Flex>
      )}
    </Drawer>
  );
}

function OrderFacts({ order, linkEquipment }: { order: RepairOrder; linkEquipment: boolean }) {
  const { t } = useTranslation();
  const items = [
    {
      key: 'equipment',
      label: t('repair.column.equipment'),
      children: linkEquipment ? <Link to={egDetailPath(order.equipmentId)}>{order.equipName}</Link> : order.equipName,
    },
    ...(order.signalTitle ? [{ key: 'signal', label: t('repair.column.signal'), children: order.signalTitle }] : []),
    { key: 'description', label: t('repair.column.description'), children: <span style={{ whiteSpace: 'pre-wrap' }}>{order.description}</span> },
    { key: 'creator', label: t('repair.column.creator'), children: order.creatorName },
    { key: 'time', label: t('repair.column.time'), children: formatBaseTime(order.gmtCreate) },
    { key: 'repairer', label: t('repair.column.repairer'), children: order.repairerName ?? '—' },
    ...(order.content ? [{ key: 'content', label: t('repair.column.content'), children: <span style={{ whiteSpace: 'pre-wrap' }}>{order.content}</span> }] : []),
  ];
  return <Descriptions column={1} size="small" bordered items={items} styles={{ label: { whiteSpace: 'nowrap' } }} data-testid="repair-facts" />;
}

function Pictures({ order, pictures, user }: { order: RepairOrder; pictures: RepairPicture[]; user: RepairViewer | undefined }) {
  const { t } = useTranslation();
  const remove = useDeleteRepairPicture();
  // A picture is removed by its uploader while that person may still add pictures (the server's rule).
  const mayRemove = (p: RepairPicture) => user !== undefined && p.uploadedBy === Number(user.userId) && availableActions(order, user).includes('attach');
  return (
    <Flex vertical gap={8}>
      <Typography.Text strong>{t('repair.detail.pictures')}</Typography.Text>
      {pictures.length === 0 ? (
        <Typography.Text type="secondary">{t('repair.detail.noPictures')}</Typography.Text>
      ) : (
        <Image.PreviewGroup>
          <Flex gap={8} wrap data-testid="repair-pictures">
            {pictures.map((p, index) => (
              <Flex key={p.id} vertical align="center" gap={4}>
                <Image src={p.path} width={96} height={96} style={{ objectFit: 'cover', borderRadius: 4 }} alt={t('repair.detail.picture', { index: index + 1 })} />
                {mayRemove(p) && (
                  <Popconfirm title={t('repair.detail.deletePictureConfirm')} onConfirm={() => remove.mutate({ id: order.id, pictureId: p.id })}>
                    <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('repair.detail.deletePicture')} />
                  </Popconfirm>
                )}
              </Flex>
            ))}
          </Flex>
        </Image.PreviewGroup>
      )}
    </Flex>
  );
}

function History({ steps }: { steps: RepairStep[] }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8}>
      <Typography.Text strong>{t('repair.detail.history')}</Typography.Text>
      <Timeline
        data-testid="repair-history"
        items={steps.map((s) => ({
          key: s.id,
          color: s.toStatus === 'finished' ? 'green' : s.toStatus === 'early-finish' ? 'gray' : 'blue',
          children: (
            <Flex vertical gap={2} data-testid="repair-history-step" data-action={s.action}>
              <Typography.Text>{t('repair.detail.stepBy', { user: s.userName, action: t(`repair.history.${s.action}`) })}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatBaseTime(s.gmtCreate)}
              </Typography.Text>
              {s.assigneeName && <Typography.Text data-testid="repair-history-assignee">{t('repair.detail.assignee', { name: s.assigneeName })}</Typography.Text>}
              {s.remark && <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{t('repair.detail.remark', { remark: s.remark })}</Typography.Text>}
            </Flex>
          ),
        }))}
      />
    </Flex>
  );
}
