/**
 * The alarm records on a phone (lib/layout.ts, CARDS_BELOW): one card per record with its message, kind, trigger
 * and release, value and a finger-sized confirm, paged as the table is. The same parts as the table
 * (alarmCells.tsx).
 */
import { Empty, Flex, Spin, Typography } from 'antd';
import { CardList, CardListItem, CardListPager, type CardPaging } from '@/components/CardList';
import { useTranslation } from 'react-i18next';
import { formatBaseTime } from '@/lib/chinaTime';
import type { AlarmRecord } from '@/generated/answers';
import { AlarmConfirm, AlarmKind, AlarmRelease, AlarmRepair, AlarmValue } from './alarmCells';
import type { StateText } from '@/entities/signals/states';

interface AlarmCardsProps {
  records: readonly AlarmRecord[];
  loading: boolean;
  emptyText: string;
  pagination: CardPaging;
  confirming(record: AlarmRecord): boolean;
  onConfirm(record: AlarmRecord): void;
  /** The signals' state texts, by signal id. */
  valueMaps: ReadonlyMap<number, readonly StateText[]>;
  /** A repair order from the record, where the user may make one. */
  onRepair?(record: AlarmRecord): void;
}

export function AlarmCards({ records, loading, emptyText, pagination, confirming, onConfirm, valueMaps, onRepair }: AlarmCardsProps) {
  const { t } = useTranslation();
  if (records.length === 0) {
    return loading ? <Spin style={{ display: 'block', padding: 24 }} /> : <Empty description={emptyText} data-testid="alarm-cards-empty" />;
  }
  return (
    <CardList testId="alarm-cards">
      {records.map((r) => (
        <CardListItem key={r.id} rowKey={r.id} testId="alarm-card">
          <Flex justify="space-between" align="flex-start" gap={8}>
            <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
              {r.msg || '—'}
            </Typography.Text>
            <AlarmRelease record={r} />
          </Flex>
          <AlarmKind record={r} />
          <Flex justify="space-between" gap={8} wrap>
            <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
              {t('monitor.alarm.column.gmtTrigger')} {formatBaseTime(r.gmtTrigger)}
            </Typography.Text>
            <Typography.Text style={{ whiteSpace: 'nowrap' }}>
              {t('monitor.alarm.column.value')} <AlarmValue record={r} valueMaps={valueMaps} />
            </Typography.Text>
          </Flex>
          {r.gmtRelease !== null && (
            <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
              {t('monitor.alarm.column.gmtRelease')} {formatBaseTime(r.gmtRelease)}
            </Typography.Text>
          )}
          <Flex justify="flex-end" gap={8} wrap>
            {onRepair && <AlarmRepair record={r} touch onRepair={() => onRepair(r)} />}
            <AlarmConfirm record={r} busy={confirming(r)} touch onConfirm={() => onConfirm(r)} />
          </Flex>
        </CardListItem>
      ))}
      <CardListPager paging={pagination} />
    </CardList>
  );
}
