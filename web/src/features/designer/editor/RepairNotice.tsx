/**
 * What binding repair changed when the page was opened (spec section 4): bindings to signals that no longer exist
 * or belong to another equipment were cleared, stale titles refreshed, charts' deleted reports cleared and report
 * columns no longer defined removed. The engineer reviews it before saving: the
 * widgets concerned can be selected, and undo goes back to the page as stored.
 */
import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RepairResult } from '@/runtime/bindings';

interface RepairNoticeProps {
  repair: RepairResult;
  onSelect(ids: string[]): void;
  onClose(): void;
}

export function RepairNotice({ repair, onSelect, onClose }: RepairNoticeProps) {
  const { t } = useTranslation();
  const parts = [
    repair.cleared > 0 ? t('designer.repair.cleared', { count: repair.cleared }) : null,
    repair.refreshed > 0 ? t('designer.repair.refreshed', { count: repair.refreshed }) : null,
    repair.reportsCleared > 0 ? t('designer.repair.reportsCleared', { count: repair.reportsCleared }) : null,
    repair.columnsRemoved > 0 ? t('designer.repair.columnsRemoved', { count: repair.columnsRemoved }) : null,
  ].filter((part): part is string => part !== null);
  return (
    <Alert
      type={repair.cleared + repair.reportsCleared + repair.columnsRemoved > 0 ? 'warning' : 'info'}
      showIcon
      closable
      onClose={onClose}
      banner
      data-testid="repair-notice"
      message={t('designer.repair.title', { changes: parts.join(t('designer.repair.and')), count: repair.widgets.length })}
      description={t('designer.repair.hint')}
      action={
        <Space>
          <Button size="small" data-testid="repair-select" onClick={() => onSelect(repair.widgets.map((widget) => widget.id))}>
            {t('designer.repair.select')}
          </Button>
        </Space>
      }
    />
  );
}
