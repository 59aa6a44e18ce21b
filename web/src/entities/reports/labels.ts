/**
 * The report rules' texts in the shown language (`reports` texts: a screen that shows a report loads that area).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Statistic } from '@/generated/answers';
import type { ReportLabels } from './format';
import type { ViewKind } from './view';

export function useReportLabels(): ReportLabels & { view: (kind: ViewKind) => string } {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      statistic: (statistic: Statistic) => t(`reports.statistic.${statistic}`),
      view: (kind: ViewKind) => t(`reports.view.${kind}`),
      hours: t('reports.unit.hours'),
      nextDay: (time: string) => t('reports.nextDay', { time }),
    }),
    [t],
  );
}
