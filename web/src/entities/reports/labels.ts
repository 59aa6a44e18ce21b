/**
 * The report rules' texts in the shown language (`reports` texts: a screen that shows a report loads that area).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Statistic } from '@/generated/answers';
import type { ReportLabels } from './format';
import type { SheetLabels } from './sheet';
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

/** The texts of a report's .xlsx sheet (entities/reports/sheet.ts): the rules' texts and the sheet's own. */
export function useSheetLabels(): SheetLabels {
  const { t } = useTranslation();
  const labels = useReportLabels();
  return useMemo(
    () => ({
      ...labels,
      equipment: t('reports.sheet.equipment'),
      view: t('reports.sheet.view'),
      span: t('reports.sheet.span'),
      exported: t('reports.sheet.exported'),
      period: t('reports.column.period'),
      status: t('reports.sheet.status'),
      running: t('reports.running'),
      future: t('reports.future'),
    }),
    [labels, t],
  );
}
