/**
 * A project's reports in its monitor: the report definitions of the project's equipment (the equipment first, then
 * one of its definitions; the first of each at first) read as the EG detail reads them, live views and generated
 * reports (entities/reports/components/ReportPanel.tsx). The equipment and the report are in the address.
 */
import type { ReactNode } from 'react';
import { Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TabEmpty, TabError, TabLoading } from '@/components/LoadState';
import { Permission, hasAuth } from '@/lib/access';
import { equipmentReportsPath } from '@/lib/paths';
import { useUser } from '@/lib/session';
import type { EquipmentName } from '@/generated/answers';
import { useReports } from '@/entities/reports/definitions';
import { ReportPanel } from '@/entities/reports/components/ReportPanel';
import { idParam, useSearchPatch } from './searchParam';

export function ProjectReports({ equipment }: { equipment: readonly EquipmentName[] }) {
  const { t } = useTranslation();
  const [search, patch] = useSearchPatch();
  const equipmentId = idParam(search, 'equipment');
  if (equipment.length === 0) return <TabEmpty testId="project-reports-no-equipment" description={t('reports.project.noEquipment')} />;
  const shown = equipment.find((e) => e.id === equipmentId) ?? equipment[0]!;

  const picker = (
    <Select<number>
      id="project-report-equipment"
      aria-label={t('reports.project.equipment')}
      value={shown.id}
      onChange={(id) => patch({ equipment: id, report: null })}
      style={{ minWidth: 180 }}
      popupMatchSelectWidth={false}
      showSearch
      optionFilterProp="label"
      options={equipment.map((e) => ({ value: e.id, label: e.equipName }))}
    />
  );
  return <EquipmentReports key={shown.id} equipment={shown} picker={picker} />;
}

function EquipmentReports({ equipment, picker }: { equipment: EquipmentName; picker: ReactNode }) {
  const { t } = useTranslation();
  const canManage = hasAuth(useUser(), Permission.Manage);
  const reports = useReports(equipment.id);
  const [search, patch] = useSearchPatch();
  const reportId = idParam(search, 'report');

  const body = () => {
    if (reports.isPending) return <TabLoading testId="reports-loading" />;
    if (reports.isError) {
      return <TabError title={t('reports.listFailed')} error={reports.error} onRetry={() => void reports.refetch()} testId="reports-error" />;
    }
    return null;
  };
  const list = reports.data ?? [];
  if (reports.isPending || reports.isError || list.length === 0) {
    return (
      <Flex vertical gap={12} data-testid="project-reports">
        <Flex>{picker}</Flex>
        {body() ?? (
          <TabEmpty testId="reports-none" description={t('reports.none')}>
            {canManage ? (
              <Link to={equipmentReportsPath(equipment.id)} id="reports-define">
                {t('reports.define')}
              </Link>
            ) : (
              t('reports.askManager')
            )}
          </TabEmpty>
        )}
      </Flex>
    );
  }
  const report = list.find((r) => r.id === reportId) ?? list[0]!;
  return (
    <div data-testid="project-reports">
      <ReportPanel
        report={report}
        equipName={equipment.equipName}
        toolbar={
          <>
            {picker}
            <Select<number>
              id="report-select"
              aria-label={t('reports.choose')}
              value={report.id}
              onChange={(id) => patch({ report: id })}
              style={{ minWidth: 200 }}
              popupMatchSelectWidth={false}
              showSearch
              optionFilterProp="label"
              options={list.map((r) => ({ value: r.id, label: r.name }))}
            />
          </>
        }
      />
    </div>
  );
}
