/** A repair order's status as a coloured tag (pending calls for attention, finished is calm). */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RepairStatus } from '@/entities/repairs/rules';

const COLOURS: Record<RepairStatus, string> = {
  pending: 'orange',
  dispatched: 'blue',
  received: 'geekblue',
  finished: 'green',
  'early-finish': 'default',
};

export function RepairStatusTag({ status }: { status: RepairStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOURS[status]} style={{ marginInlineEnd: 0 }} data-testid="repair-status" data-status={status}>
      {t(`repair.status.${status}`)}
    </Tag>
  );
}
