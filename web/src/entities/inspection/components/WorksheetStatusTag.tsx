/** A worksheet's status as a coloured tag, and "overdue" beside it when it is (a computed flag, not a status). */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InspectionStatus } from '@/entities/inspection/rules';

const COLOURS: Record<InspectionStatus, string> = {
  'not-started': 'blue',
  aborted: 'default',
  normal: 'green',
  abnormal: 'red',
};

export function WorksheetStatusTag({ status, overdue = false }: { status: InspectionStatus; overdue?: boolean }) {
  const { t } = useTranslation();
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <Tag color={COLOURS[status]} style={{ marginInlineEnd: overdue ? 4 : 0 }} data-testid="worksheet-status" data-status={status}>
        {t(`inspection.status.${status}`)}
      </Tag>
      {overdue && (
        <Tag color="volcano" style={{ marginInlineEnd: 0 }} data-testid="worksheet-overdue">
          {t('inspection.overdue')}
        </Tag>
      )}
    </span>
  );
}
