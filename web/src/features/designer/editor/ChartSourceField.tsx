/**
 * Where a chart's data comes from (model/fields/reportSource.ts): live values (the signal list below), a report, or
 * on a project's page a custom report. A report is picked among the definitions of the page's equipment (a
 * project's page: of the equipment picked first), a custom report among the project's; its columns are then ticked
 * (all of them when it is picked), each named "signal · statistic". Every change is one history step.
 *
 * The page's owner comes from the designer's address (`/manage/eg/{equipId}/designer/…`,
 * `/manage/project/{projectId}/designer/…`), so the panel needs no new property from the editor.
 */
import { Checkbox, Flex, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { CustomReport, Statistic } from '@/generated/answers';
import { fetchCustomReports } from '@/entities/reports/custom';
import { useReports } from '@/entities/reports/definitions';
import { reportKeys } from '@/entities/reports/keys';
import type { ApiError } from '@/lib/api/errors';
import { CHART_SOURCES, customColumnKey, type ChartSource, type CustomColumnRef } from '@/runtime/reportCharts';
import type { ChartSourceValue } from '../model/fields/reportSource';
import type { BindableSignal, EquipmentChoice } from '../model/properties';
import { ownerOfParams } from '../prefetch';
import { useProjectMvars } from './projectMvars';

interface ChartSourceFieldProps {
  id: string;
  value: ChartSourceValue;
  signals: readonly BindableSignal[];
  /** A project page's equipment (an equipment page: none). */
  equipment?: readonly EquipmentChoice[] | undefined;
  disabled?: boolean;
  onChange(value: ChartSourceValue): void;
}

const EMPTY: Omit<ChartSourceValue, 'source'> = {
  equipId: null,
  reportId: null,
  customReportId: null,
  title: '',
  reportColumns: [],
  customColumns: [],
};

function useStatisticName() {
  const { t } = useTranslation();
  return (statistic: Statistic) => t(`runtime.reportChart.statistic.${statistic}`);
}

/** A report of the chosen equipment, and its columns. */
function ReportPicker({ id, value, equipId, signals, disabled, onChange }: Omit<ChartSourceFieldProps, 'equipment'> & { equipId: number }) {
  const { t } = useTranslation();
  const statisticName = useStatisticName();
  const reports = useReports(equipId);
  const report = reports.data?.find((r) => r.id === value.reportId);
  const signalName = (signalId: number) => signals.find((s) => s.id === signalId)?.title ?? t('designer.chartSource.deletedSignal', { id: signalId });
  const key = (c: { signalId: number; statistic: Statistic }) => `${c.signalId}/${c.statistic}`;
  return (
    <>
      <Select
        id={`${id}-report`}
        data-testid={`${id}-report`}
        size="small"
        disabled={disabled}
        loading={reports.isPending}
        placeholder={t('designer.chartSource.pickReport')}
        value={report ? report.id : undefined}
        notFoundContent={t('designer.chartSource.noReports')}
        options={(reports.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
        onChange={(reportId: number) => {
          const picked = reports.data?.find((r) => r.id === reportId);
          if (!picked) return;
          onChange({
            ...EMPTY,
            source: 'report',
            equipId,
            reportId,
            title: picked.name,
            reportColumns: picked.columns.map((c) => ({ equipId, signalId: c.signalId, statistic: c.statistic })),
          });
        }}
      />
      {reports.error && <Typography.Text type="danger">{t('designer.chartSource.loadFailed', { message: reports.error.message })}</Typography.Text>}
      {value.reportId !== null && reports.data && !report && (
        <Typography.Text type="warning">{t('designer.chartSource.reportGone', { id: value.reportId })}</Typography.Text>
      )}
      {report && (
        <Checkbox.Group
          data-testid={`${id}-columns`}
          disabled={disabled}
          style={{ display: 'flex', flexDirection: 'column', gap: 2 }}
          value={value.reportColumns.map(key)}
          options={report.columns.map((c) => ({ value: key(c), label: `${signalName(c.signalId)} · ${statisticName(c.statistic)}` }))}
          onChange={(checked) => {
            const ticked = new Set(checked.map(String));
            const reportColumns = report.columns.filter((c) => ticked.has(key(c))).map((c) => ({ equipId, signalId: c.signalId, statistic: c.statistic }));
            onChange({ ...value, reportColumns });
          }}
        />
      )}
    </>
  );
}

/** A custom report of the project, and its columns. */
function CustomPicker({ id, value, projectId, signals, equipment, disabled, onChange }: ChartSourceFieldProps & { projectId: number }) {
  const { t } = useTranslation();
  const statisticName = useStatisticName();
  const mvars = useProjectMvars()?.mvars ?? [];
  const reports = useQuery<CustomReport[], ApiError>({
    queryKey: reportKeys.customDefinitions(projectId),
    queryFn: ({ signal }) => fetchCustomReports(projectId, signal),
  });
  const report = reports.data?.find((r) => r.id === value.customReportId);
  const columnName = (c: CustomReport['columns'][number]) => {
    if (c.mvarId !== undefined) return mvars.find((m) => m.id === c.mvarId)?.name ?? t('designer.chartSource.deletedMvar', { id: c.mvarId });
    const equipTitle = equipment?.find((e) => e.id === c.equipmentId)?.title ?? `#${c.equipmentId ?? ''}`;
    const signal = signals.find((s) => s.id === c.signalId)?.title ?? t('designer.chartSource.deletedSignal', { id: c.signalId ?? '' });
    return `${equipTitle} · ${signal}`;
  };
  const columnsOf = (r: CustomReport, keys?: ReadonlySet<string>): CustomColumnRef[] =>
    r.columns
      .filter((c) => !keys || keys.has(customColumnKey(c)))
      .flatMap((c): CustomColumnRef[] => {
        if (c.mvarId !== undefined) return [{ mvarId: c.mvarId, statistic: c.statistic }];
        if (c.equipmentId !== undefined && c.signalId !== undefined) return [{ equipmentId: c.equipmentId, signalId: c.signalId, statistic: c.statistic }];
        return [];
      });
  return (
    <>
      <Select
        id={`${id}-custom`}
        data-testid={`${id}-custom`}
        size="small"
        disabled={disabled}
        loading={reports.isPending}
        placeholder={t('designer.chartSource.pickCustom')}
        value={report ? report.id : undefined}
        notFoundContent={t('designer.chartSource.noCustomReports')}
        options={(reports.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
        onChange={(customReportId: number) => {
          const picked = reports.data?.find((r) => r.id === customReportId);
          if (picked) onChange({ ...EMPTY, source: 'customReport', customReportId, title: picked.name, customColumns: columnsOf(picked) });
        }}
      />
      {reports.error && <Typography.Text type="danger">{t('designer.chartSource.loadFailed', { message: reports.error.message })}</Typography.Text>}
      {value.customReportId !== null && reports.data && !report && (
        <Typography.Text type="warning">{t('designer.chartSource.reportGone', { id: value.customReportId })}</Typography.Text>
      )}
      {report && (
        <Checkbox.Group
          data-testid={`${id}-columns`}
          disabled={disabled}
          style={{ display: 'flex', flexDirection: 'column', gap: 2 }}
          value={value.customColumns.map(customColumnKey)}
          options={report.columns.map((c) => ({ value: customColumnKey(c), label: `${columnName(c)} · ${statisticName(c.statistic)}` }))}
          onChange={(checked) => onChange({ ...value, customColumns: columnsOf(report, new Set(checked.map(String))) })}
        />
      )}
    </>
  );
}

export function ChartSourceField(props: ChartSourceFieldProps) {
  const { id, value, equipment, disabled, onChange } = props;
  const { t } = useTranslation();
  const owner = ownerOfParams(useParams());
  const project = owner?.kind === 'project' ? owner.id : null;
  const sources = CHART_SOURCES.filter((s) => s !== 'customReport' || project !== null || value.source === 'customReport');
  // An equipment page's reports are its equipment's; a project page's of the equipment picked (the first at first).
  const ownEquipment = owner?.kind === 'equipment' ? owner.id : null;
  const firstEquipment = ownEquipment ?? equipment?.[0]?.id ?? null;
  const equipId = value.equipId ?? (value.source === 'report' ? firstEquipment : null);
  const choose = (source: ChartSource) => {
    if (source === value.source) return;
    onChange({ ...EMPTY, source, equipId: source === 'report' ? firstEquipment : null });
  };
  return (
    <Flex vertical gap={4} role="group" aria-labelledby={`label-${id.replace(/^field-/, '')}`} data-testid={id} style={{ flex: 1, minWidth: 0 }}>
      <Select
        id={`${id}-source`}
        data-testid={`${id}-source`}
        size="small"
        disabled={disabled}
        value={value.source}
        options={sources.map((s) => ({ value: s, label: t(`designer.chartSource.source.${s}`) }))}
        onChange={choose}
      />
      {value.source === 'report' && equipment && owner?.kind === 'project' && (
        <Select
          id={`${id}-equipment`}
          data-testid={`${id}-equipment`}
          size="small"
          disabled={disabled}
          placeholder={t('designer.chartSource.pickEquipment')}
          value={equipId ?? undefined}
          options={equipment.map((e) => ({ value: e.id, label: e.title || `#${e.id}` }))}
          onChange={(picked: number) => onChange({ ...EMPTY, source: 'report', equipId: picked })}
        />
      )}
      {value.source === 'report' && equipId !== null && <ReportPicker {...props} equipId={equipId} />}
      {value.source === 'customReport' && project !== null && <CustomPicker {...props} projectId={project} />}
      {value.source === 'customReport' && project === null && (
        <Typography.Text type="warning">{t('designer.chartSource.projectOnly')}</Typography.Text>
      )}
    </Flex>
  );
}
