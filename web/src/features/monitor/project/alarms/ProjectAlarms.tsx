/**
 * A project's alarms (spec section 2, "project … alarm"; docs/project-monitor.md "Alarms"), `?view=alarms` of the
 * project monitor: the alarm records of every equipment of the project, each row naming its equipment, listed by
 * the EG detail's alarm records view on the project's calls. "Open" shows the alarms not yet released
 * (`alarm/queryAll`, newest first), "All records" every record, paged by the server, with the trigger-time filter.
 *
 * As the EG Alarm tab: viewing needs `monitor_multi_designer_alarm` (lib/access), and the server's 1211 (the
 * permission of a rule type among the project's equipment) shows the same notice, so a user without either sees no
 * record and no confirm. Confirming names the project; the server checks the alarm is of its equipment.
 */
import { useMemo, useState } from 'react';
import { Flex, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { Permission, hasAuth } from '@/lib/access';
import { useUser } from '@/lib/session';
import { canHandleRepairs } from '@/entities/repairs/rules';
import { ALARM_PAGE_SIZE, type AlarmQuery } from '@/entities/equipmentRecords/alarms';
import { AlarmNoPermission, AlarmRangeFilter, AlarmRecords, isAlarmRefusal } from '@/entities/equipmentRecords/components/AlarmRecords';
import { useConfirmProjectAlarm, useProjectAlarms, useProjectHistorySources, useProjectOpenAlarms } from '@/entities/equipmentRecords/project';

type Shown = 'open' | 'all';

export function ProjectAlarms({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const user = useUser();
  const canView = hasAuth(user, Permission.MultiDesignerAlarm);
  const canRepair = canHandleRepairs(user);
  const [shown, setShown] = useState<Shown>('open');
  const [query, setQuery] = useState<AlarmQuery>({ page: 1, startTime: null, endTime: null });
  const [openPage, setOpenPage] = useState(1);
  const records = useProjectAlarms(projectId, query, canView && shown === 'all');
  const open = useProjectOpenAlarms(projectId, canView && shown === 'open');
  const confirm = useConfirmProjectAlarm(projectId);
  // The signals' state texts, from the project's signals (the history chooser's call, shared through its cache).
  const sources = useProjectHistorySources(projectId);
  const valueMaps = useMemo(() => new Map((sources.data?.signals ?? []).map((s) => [s.id, s.valueMap] as const)), [sources.data]);

  const list = shown === 'open' ? open : records;
  if (!canView || isAlarmRefusal(list.error)) return <AlarmNoPermission />;

  const openList = open.data?.list ?? [];
  const view =
    shown === 'open'
      ? {
          records: openList.slice((openPage - 1) * ALARM_PAGE_SIZE, openPage * ALARM_PAGE_SIZE),
          total: openList.length,
          page: openPage,
          onPage: setOpenPage,
          emptyText: t('monitor.projectAlarms.openEmpty'),
        }
      : {
          records: records.data?.list ?? [],
          total: records.data?.total ?? 0,
          page: query.page,
          onPage: (page: number) => setQuery((q) => ({ ...q, page })),
          emptyText: query.startTime !== null ? t('monitor.alarm.emptyRange') : t('monitor.alarm.empty'),
        };

  const toolbar = (
    <Flex gap={16} align="center" wrap>
      <Segmented<Shown>
        id="project-alarms-shown"
        value={shown}
        onChange={setShown}
        options={[
          { value: 'open', label: <span data-testid="project-alarms-open">{t('monitor.projectAlarms.open')}</span> },
          { value: 'all', label: <span data-testid="project-alarms-all">{t('monitor.projectAlarms.all')}</span> },
        ]}
      />
      {shown === 'all' && <AlarmRangeFilter value={query} onChange={(range) => setQuery({ page: 1, ...range })} />}
    </Flex>
  );

  return (
    <AlarmRecords
      testId="project-alarms"
      {...view}
      loading={list.isLoading}
      error={list.isError && !list.data ? list.error : null}
      onRetry={() => void list.refetch()}
      confirmingId={confirm.isPending ? confirm.variables : null}
      onConfirm={(r) => confirm.mutate(r.id)}
      valueMaps={valueMaps}
      canRepair={canRepair}
      toolbar={toolbar}
    />
  );
}
