/**
 * A project's history (spec section 2, "project history"; docs/project-monitor.md "History"), `?view=history` of
 * the project monitor: any signals of its equipment (grouped by equipment) and its intermediate variables over a
 * time range. The signals' raw history is the EG detail's history panel on the project's call (chart or table,
 * export); below it, a table per minute, hour or day of every chosen signal and variable with one statistic
 * (`history/queryAllData`, ./PeriodTable.tsx). A variable has no raw history (the server computes variables, it
 * does not keep them): the chart draws it per minute (per hour past two days) from its signals' roll-ups, as a
 * step line beside the signals; the raw table and its export stay the signals' readings.
 */
import { useMemo, useState } from 'react';
import { Flex, Segmented, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Limits } from '@/lib/api/limits';
import { capSelection, HISTORY_MAX_SIGNALS } from '@/entities/equipmentRecords/historyRange';
import { TabEmpty, TabError, TabLoading } from '@/components/LoadState';
import { HistoryPanel } from '@/entities/equipmentRecords/components/HistoryPanel';
import type { HistoryRequest } from '@/entities/equipmentRecords/history';
import { TIME_UNITS, useProjectHistorySources, type TimeUnit } from '@/entities/equipmentRecords/project';
import { DEFAULT_STATISTIC, STATISTICS } from '@/entities/reports/statistics';
import { useReportLabels } from '@/entities/reports/labels';
import type { SignalEntry, Statistic } from '@/generated/answers';
import { PeriodTable, type PeriodChoice } from './PeriodTable';

/** The chooser's options: each equipment's signals under its name, in the server's order (equipment by name). */
export function groupedSignals(signals: readonly SignalEntry[]) {
  const groups = new Map<number, { label: string; title: string; options: { value: number; label: string }[] }>();
  for (const s of signals) {
    let group = groups.get(s.equipId);
    if (!group) {
      group = { label: s.equipTitle, title: s.equipTitle, options: [] };
      groups.set(s.equipId, group);
    }
    group.options.push({ value: s.id, label: s.signalTitle });
  }
  return [...groups.values()];
}

/**
 * The table's columns are the signals and the variables together, at most the server's limit: with the history's
 * most signals, what is left is for variables, so no choice can be refused by the server for its width.
 */
const MAX_MVARS = Limits.ProjectHistoryColumns - HISTORY_MAX_SIGNALS;

export function ProjectHistory({ projectId, projectName }: { projectId: number; projectName: string }) {
  const { t } = useTranslation();
  const labels = useReportLabels();
  const sources = useProjectHistorySources(projectId);
  const [openedAt] = useState(() => Date.now());
  const [mvarIds, setMvarIds] = useState<number[]>([]);
  const [timeUnit, setTimeUnit] = useState<TimeUnit>('hour');
  const [statistic, setStatistic] = useState<Statistic>(DEFAULT_STATISTIC);
  const [columnsProblem, setColumnsProblem] = useState<string | null>(null);
  const [choice, setChoice] = useState<PeriodChoice | null>(null);
  const [run, setRun] = useState(0);
  const options = useMemo(() => groupedSignals(sources.data?.signals ?? []), [sources.data]);

  if (sources.isLoading) return <TabLoading testId="project-history-loading" />;
  if (!sources.data) {
    return <TabError testId="project-history-error" title={t('monitor.projectHistory.sourcesFailed')} error={sources.error} onRetry={() => void sources.refetch()} />;
  }
  const { signals, mvars } = sources.data;
  if (signals.length === 0) return <TabEmpty testId="project-history-none" description={t('monitor.projectHistory.noSignals')} />;

  const query = (request: HistoryRequest) => {
    setChoice({ signalIds: request.signalIds, mvarIds, startTime: request.startTime, endTime: request.endTime, timeUnit, statistic });
    setRun((n) => n + 1);
  };

  const extraFields = (
    <>
      <Flex vertical gap={4} style={{ flex: 1, minWidth: 220 }}>
        <Typography.Text strong>{t('monitor.projectHistory.mvars')}</Typography.Text>
        <Select<number[]>
          id="project-history-mvars"
          mode="multiple"
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={mvars.length === 0 ? t('monitor.projectHistory.noMvars') : t('monitor.projectHistory.pickMvars')}
          disabled={mvars.length === 0}
          value={mvarIds}
          status={columnsProblem ? 'error' : undefined}
          onChange={(next) => {
            const capped = capSelection(mvarIds, next, MAX_MVARS);
            setMvarIds(capped.selection);
            setColumnsProblem(capped.refused ? t('monitor.projectHistory.tooManyMvars', { max: MAX_MVARS, signals: HISTORY_MAX_SIGNALS, columns: Limits.ProjectHistoryColumns }) : null);
          }}
          options={mvars.map((m) => ({ value: m.id, label: m.name }))}
        />
        <Typography.Text type={columnsProblem ? 'danger' : 'secondary'} role={columnsProblem ? 'alert' : undefined} data-testid="project-history-mvars-hint" style={{ fontSize: 12 }}>
          {columnsProblem ?? t('monitor.projectHistory.mvarsHint')}
        </Typography.Text>
      </Flex>
      <Flex vertical gap={4}>
        <Typography.Text strong>{t('monitor.projectHistory.period')}</Typography.Text>
        <Segmented<TimeUnit>
          id="project-history-unit"
          value={timeUnit}
          onChange={setTimeUnit}
          options={TIME_UNITS.map((unit) => ({ value: unit, label: <span data-testid={`project-history-unit-${unit}`}>{t(`monitor.projectHistory.timeUnit.${unit}`)}</span> }))}
        />
      </Flex>
      <Flex vertical gap={4}>
        <Typography.Text strong>{t('monitor.projectHistory.statistic')}</Typography.Text>
        <Select<Statistic>
          id="project-history-statistic"
          style={{ minWidth: 120 }}
          optionFilterProp="label"
          value={statistic}
          onChange={setStatistic}
          options={STATISTICS.map((s) => ({ value: s, label: labels.statistic(s) }))}
        />
      </Flex>
    </>
  );

  return (
    <HistoryPanel
      testId="project-history"
      fileName={projectName}
      signals={signals}
      signalOptions={options}
      scope={{ kind: 'project', projectId }}
      openedAt={openedAt}
      extraFields={extraFields}
      mvarIds={mvarIds}
      onQuery={query}
    >
      {choice && <PeriodTable projectId={projectId} projectName={projectName} choice={choice} run={run} />}
    </HistoryPanel>
  );
}
