/**
 * The detail screen's Reports tab: the equipment's report definitions to choose from (the first at first) and the
 * chosen one read over a view, or its generated reports (entities/reports/components/ReportPanel.tsx). Without
 * definitions it says so and points to where they are made: the equipment's report tab for someone who may manage
 * equipment, else whom to ask.
 */
import { useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TabEmpty, TabError, TabLoading } from '@/components/LoadState';
import { Permission, hasAuth } from '@/lib/access';
import { equipmentReportsPath } from '@/lib/paths';
import { useUser } from '@/lib/session';
import { useReports } from '@/entities/reports/definitions';
import { ReportPanel } from '@/entities/reports/components/ReportPanel';

export function ReportsTab({ equipmentId, equipName }: { equipmentId: number; equipName: string }) {
  const { t } = useTranslation();
  const canManage = hasAuth(useUser(), Permission.Manage);
  const reports = useReports(equipmentId);
  const [chosen, setChosen] = useState<number | null>(null);

  if (reports.isPending) return <TabLoading testId="reports-loading" />;
  if (reports.isError) {
    return <TabError title={t('reports.listFailed')} error={reports.error} onRetry={() => void reports.refetch()} testId="reports-error" />;
  }
  const list = reports.data;
  if (list.length === 0) {
    return (
      <TabEmpty testId="reports-none" description={t('reports.none')}>
        {canManage ? (
          <Link to={equipmentReportsPath(equipmentId)} id="reports-define">
            {t('reports.define')}
          </Link>
        ) : (
          t('reports.askManager')
        )}
      </TabEmpty>
    );
  }
  const report = list.find((r) => r.id === chosen) ?? list[0]!;

  return (
    <div data-testid="reports-tab">
      <ReportPanel
        report={report}
        equipName={equipName}
        toolbar={
          <Select<number>
            id="report-select"
            aria-label={t('reports.choose')}
            value={report.id}
            onChange={setChosen}
            style={{ minWidth: 200 }}
            popupMatchSelectWidth={false}
            showSearch
            optionFilterProp="label"
            options={list.map((r) => ({ value: r.id, label: r.name }))}
          />
        }
      />
    </div>
  );
}
