/**
 * The alarm table (ComplexAlarm): the page's equipment's alarm records (a project page: those of every equipment of
 * the project, merged newest first) triggered in the last timeRange minutes,
 * newest first, in the spec's columns (equipTitle, type, gmtTrigger, gmtRelease, value, msg, opration), paged by
 * the server 10 at a time, re-queried every rollTime seconds (tableQueries.ts). Unconfirmed records can be
 * confirmed here, through the equipment alarm screen's own call; it refreshes every alarm list.
 *
 * Permission as on that screen: without `monitor_multi_designer_alarm` the table says so and asks nothing; the
 * server's own refusal (its rule-type permission, 1211) is shown the same way. In the designer (not live) it draws
 * the frame and headings only (widgets/tables.tsx), its tools (range picker, export) disabled.
 *
 * With `filterTime` a picked range replaces the rolling window until "back to live"; with `exportExcel` the export
 * saves every record of the window (page after page of the alarm call, at most MAX_EXPORTED_ALARMS), in the table's
 * columns and the console's language. `dimensionType` and `timeUnit` are the history table's: records are events,
 * each listed as it happened.
 */
import { useEffect, useMemo } from 'react';
import { Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AlarmRecord } from '@/generated/answers';
import { Permission, hasAuth } from '@/lib/access';
import { Code } from '@/lib/api/codes';
import { catalogueText } from '@/lib/api/errors';
import { userInfoQueryOptions } from '@/lib/session';
import { formatTimer } from '../format';
import { saveSheet } from '@/entities/equipmentRecords/sheetFile';
import { alarmExportRows, tableFileName } from '../tableExport';
import { alarmTableQuery, allAlarms, useConfirmTableAlarm } from '../tableQueries';
import { TABLE_PAGE_SIZE, alarmValueText, lastPage, queryWindow, tableSettingsOf, type TableSettings } from '../tables';
import { boxOf, type LiveTarget, type WidgetRenderProps } from './common';
import { TableTools } from './tableTools';
import { Headings, TableFrame, hasTools, rowsThatFit, useTableWindow, useWindowCaption, type TableNote } from './tables';

/** The spec's alarm columns, in its order and spelling (`opration` included). */
export const ALARM_COLUMNS = ['equipTitle', 'type', 'gmtTrigger', 'gmtRelease', 'value', 'msg', 'opration'] as const;
/** The number column (the triggering value) sits right. */
const NUMERIC = [ALARM_COLUMNS.indexOf('value')];

function useAlarmHeadings(): string[] {
  const { t } = useTranslation();
  return ALARM_COLUMNS.map((column) => t(`runtime.table.alarm.${column}`));
}

export function ComplexAlarm({ widget, env }: WidgetRenderProps) {
  const { t } = useTranslation();
  const settings = useMemo(() => tableSettingsOf(widget.data), [widget.data]);
  const caption = useWindowCaption(settings);
  const headings = useAlarmHeadings();
  if (env.live) {
    return <LiveAlarms widget={widget} live={env.live} settings={settings} headings={headings} />;
  }
  return (
    <TableFrame
      widget={widget}
      kind="alarm"
      tools={<TableTools widgetId={widget.id} settings={settings} live={null} />}
      headings={<Headings titles={headings} numeric={NUMERIC} />}
      rows={null}
      note={{ text: t('runtime.table.still'), tone: 'note' }}
      caption={caption}
    />
  );
}

interface LiveAlarmsProps extends Pick<WidgetRenderProps, 'widget'> {
  /** Whose records (the page's equipment, or a project page's equipment) and where they are asked for. */
  live: LiveTarget;
  settings: TableSettings;
  headings: string[];
}

function LiveAlarms({ widget, live, settings, headings }: LiveAlarmsProps) {
  const { t } = useTranslation();
  const { equipmentIds, calls } = live;
  // The user is asked for only where the calls are a user's: a share visitor has none to ask for.
  const user = useQuery({ ...userInfoQueryOptions(), enabled: calls.userRights }).data;
  // The console asks for the user's alarm permission; a share visitor holds no account and reads the shared
  // equipment's records through its share session (the server's check), confirming none.
  const canView = !calls.userRights || hasAuth(user, Permission.MultiDesignerAlarm);
  const { page, setPage, fixed, chooseFixed, caption } = useTableWindow(settings);
  const asked = settings.paged ? page : 1;
  const query = useQuery(alarmTableQuery(equipmentIds, widget.id, asked, settings, canView, Date.now, fixed, calls));
  const confirm = useConfirmTableAlarm(calls);
  const total = query.data?.total ?? 0;
  // Records released or aged out of the window: a page past the last one shows the last one.
  useEffect(() => {
    if (query.data && page > lastPage(total, TABLE_PAGE_SIZE)) setPage(lastPage(total, TABLE_PAGE_SIZE));
  }, [query.data, page, total]);

  // Under the session guard the user is known; until then (a test, a reload) the table is loading, not refused.
  const refused = ((!calls.userRights || user !== undefined) && !canView) || query.error?.code === Code.NoAlarmPermission;
  const list = refused ? [] : (query.data?.list ?? []);
  const shown = settings.paged ? list : list.slice(0, rowsThatFit(boxOf(widget).height, widget.style.font.size, hasTools(settings)));
  const typeText = (r: AlarmRecord) => (r.type === 'no_data' ? t('runtime.table.alarm.noData') : t('runtime.table.alarm.signalAlarm'));

  // Every record of the window now (the picked range, or the last timeRange minutes), not only the page shown.
  const exportRecords = async () => {
    const window = queryWindow(Date.now(), settings, fixed);
    const all = await allAlarms(equipmentIds, window, undefined, calls);
    const sheet = alarmExportRows(all.list, {
      headings,
      type: (r) => [typeText(r), r.signalTitle, t('runtime.table.alarm.level', { level: r.level })].filter(Boolean).join(' · '),
      active: t('runtime.table.alarm.active'),
      confirmedBy: (who) => t('runtime.table.alarm.confirmedBy', { user: who }),
      unconfirmed: t('runtime.table.alarm.unconfirmed'),
    });
    // Named after the equipment only when the records are one equipment's (a project page's are several's).
    const equipment = equipmentIds.length === 1 ? (all.list[0]?.equipTitle ?? '') : '';
    await saveSheet(tableFileName([widget.widgetName, equipment], t('runtime.table.tools.alarmFile'), window.startTime, window.endTime), sheet);
  };
  let note: TableNote | null = null;
  if (refused) {
    note = { text: catalogueText(Code.NoAlarmPermission) ?? t('runtime.table.noAlarmPermission'), tone: 'note' };
  } else if (!query.data) {
    note = query.error
      ? { text: t('runtime.table.failed', { message: query.error.message }), tone: 'error' }
      : { text: t('runtime.table.loading'), tone: 'note' };
  } else if (list.length === 0) {
    note = { text: t('runtime.table.alarmEmpty'), tone: 'note' };
  }
  const warning = !refused && query.data && query.error ? t('runtime.table.refreshFailed', { message: query.error.message }) : undefined;

  const row = (r: AlarmRecord) => (
    <tr key={r.id} data-row-key={r.id}>
      <td>{r.equipTitle}</td>
      <td>
        {typeText(r)}
        <span style={{ color: '#8C8C8C' }}>
          {' · '}
          {[r.signalTitle, t('runtime.table.alarm.level', { level: r.level })].filter(Boolean).join(' · ')}
        </span>
      </td>
      <td>{formatTimer(r.gmtTrigger)}</td>
      <td data-released={r.gmtRelease !== null}>
        {r.gmtRelease !== null ? formatTimer(r.gmtRelease) : <span style={{ color: '#CF1322' }}>{t('runtime.table.alarm.active')}</span>}
      </td>
      <td className="rt-num">{alarmValueText(r.value)}</td>
      <td style={{ whiteSpace: 'normal', minWidth: 96 }}>{r.msg || '—'}</td>
      <td>
        {r.confirmed ? (
          <span style={{ color: '#8C8C8C' }} title={formatTimer(r.gmtConfirm)} data-testid={`table-alarm-confirmed-${r.id}`}>
            {t('runtime.table.alarm.confirmedBy', { user: r.confirmUser ?? '—' })}
          </span>
        ) : !calls.confirmAlarm ? (
          <span style={{ color: '#8C8C8C' }}>{t('runtime.table.alarm.unconfirmed')}</span>
        ) : (
          <Button
            size="small"
            data-testid={`table-alarm-confirm-${r.id}`}
            loading={confirm.isPending && confirm.variables === r.id}
            disabled={confirm.isPending}
            onClick={() => confirm.mutate(r.id)}
          >
            {t('runtime.table.alarm.confirm')}
          </Button>
        )}
      </td>
    </tr>
  );

  return (
    <TableFrame
      widget={widget}
      kind="alarm"
      tools={
        <TableTools
          widgetId={widget.id}
          settings={settings}
          live={{
            fixed,
            onFixed: chooseFixed,
            onExport: exportRecords,
            exportDisabled: refused || !query.data,
          }}
        />
      }
      headings={<Headings titles={headings} numeric={NUMERIC} />}
      rows={shown.map(row)}
      note={note}
      caption={caption}
      warning={warning}
      pager={settings.paged && !refused ? { page: Math.min(page, lastPage(total, TABLE_PAGE_SIZE)), total, onChange: setPage } : undefined}
    />
  );
}
