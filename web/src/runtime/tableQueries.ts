/**
 * The server queries of the page's tables, as TanStack Query options (tested without rendering): the history and
 * alarm calls are the ones the EG detail screen's tabs use (entities/equipmentRecords), so the parameters, the "no
 * records" answer (2001) and the confirmation are handled in one place.
 *
 * Each table has its own cache entry (keyed by its widget id and what it asks for) under the detail screen's keys,
 * so a confirmation anywhere refreshes every alarm list and a logout drops them all. A project's page lists the
 * alarm records of all of the project's equipment, through the project's own call where the screen's calls have one
 * (`alarmsOfSet`), else one call per equipment, merged (`fetchAlarmsOf`). The query
 * is repeated every `rollTime` seconds, and only while the browser shows the page: TanStack Query holds interval
 * refetches while the document is hidden (`refetchIntervalInBackground` false) and the query client does not
 * refetch on focus. The window (`timeRange` back from now) is computed when a query runs, so it rolls with time
 * while the key stays the same. A range the operator picked (filterTime) is part of the key and is not repeated:
 * a fixed range's records do not change with the roll. The calls themselves are the screen's (runtime/recordCalls:
 * the console's, or the share view's), and their scope is part of every key.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlarmRecord, HistoryAnswer, Listed } from '@/generated/answers';
import { ALARM_PAGE_SIZE, type AlarmQuery } from '@/entities/equipmentRecords/alarms';
import { monitorKeys } from '@/entities/equipmentRecords/keys';
import { Code } from '@/lib/api/codes';
import { apiErrorFor, type ApiError } from '@/lib/api/errors';
import { consoleRecordCalls, type RecordCalls } from './recordCalls';
import { queryWindow, type FixedRange, type TableSettings } from './tables';

/** The time bounds of an alarm query. */
type AlarmWindow = Pick<AlarmQuery, 'startTime' | 'endTime'>;

/** The history of `signalIds` over the table's window, re-queried every rollTime seconds. */
export function historyTableQuery(
  widgetId: string,
  signalIds: readonly number[],
  settings: TableSettings,
  clock: () => number = Date.now,
  fixed: FixedRange | null = null,
  calls: RecordCalls = consoleRecordCalls,
) {
  return queryOptions<HistoryAnswer, ApiError>({
    queryKey: monitorKeys.history({ widget: widgetId, signalIds: [...signalIds], timeRange: settings.timeRange, fixed, scope: calls.scope }),
    queryFn: ({ signal }) => calls.history({ signalIds: [...signalIds], ...queryWindow(clock(), settings, fixed) }, signal),
    refetchInterval: fixed ? false : settings.rollTime * 1000,
    refetchIntervalInBackground: false,
    // Old rows stay on screen while the next roll loads.
    placeholderData: keepPreviousData,
  });
}

/**
 * Page `page` of the alarm records of the page's equipment (one equipment's page: its own; a project's page: every
 * equipment of the project) triggered in the table's window, re-queried every rollTime seconds.
 */
export function alarmTableQuery(
  equipmentIds: readonly number[],
  widgetId: string,
  page: number,
  settings: TableSettings,
  enabled: boolean,
  clock: () => number = Date.now,
  fixed: FixedRange | null = null,
  calls: RecordCalls = consoleRecordCalls,
) {
  return queryOptions<Listed<AlarmRecord>, ApiError>({
    queryKey: [...monitorKeys.alarmsOf(equipmentIds), 'widget', widgetId, { page, timeRange: settings.timeRange, fixed, scope: calls.scope }],
    queryFn: ({ signal }) => fetchAlarmsOf(equipmentIds, { page, ...queryWindow(clock(), settings, fixed) }, signal, calls),
    enabled,
    refetchInterval: fixed ? false : settings.rollTime * 1000,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
  });
}

/**
 * Confirms a record (the alarm screen's call) and refreshes every alarm list: the record may be in any of them.
 * Where the calls confirm nothing (the share view) the table offers no confirmation; a call anyway is refused.
 */
export function useConfirmTableAlarm(calls: RecordCalls = consoleRecordCalls) {
  const client = useQueryClient();
  return useMutation<AlarmRecord, ApiError, number>({
    mutationFn: (alarmId) =>
      calls.confirmAlarm ? calls.confirmAlarm(alarmId) : Promise.reject(apiErrorFor(Code.ShareViewOnly)),
    onSettled: () => client.invalidateQueries({ queryKey: monitorKeys.allAlarms }),
  });
}

/** The most alarm records one export collects (100 pages of the call's largest page): past it the file says so. */
export const MAX_EXPORTED_ALARMS = 10_000;
/** The alarm call's largest page (the server's PAGE_SIZE_MAX), so an export asks as few times as it can. */
const LARGEST_PAGE = 100;

/** The server's order of alarm records: newest trigger first, then the higher id. */
const newestFirst = (a: AlarmRecord, b: AlarmRecord) => b.gmtTrigger - a.gmtTrigger || b.id - a.id;

/**
 * The first `count` records of one equipment in `window` (newest first), asked in pages of up to
 * {@link LARGEST_PAGE}; `total` is how many the server holds.
 */
async function firstAlarms(calls: RecordCalls, equipmentId: number, count: number, window: AlarmWindow, signal?: AbortSignal): Promise<Listed<AlarmRecord>> {
  const pageSize = Math.min(LARGEST_PAGE, count);
  const list: AlarmRecord[] = [];
  let total = 0;
  for (let page = 1; list.length < count; page++) {
    const answer = await calls.alarms(equipmentId, { page, pageSize, ...window }, signal);
    total = answer.total;
    list.push(...answer.list);
    if (answer.list.length < pageSize || list.length >= total) break;
  }
  return { total, list: list.slice(0, count) };
}

/** The first `count` records of the whole set through its one call, in pages of up to {@link LARGEST_PAGE}. */
async function firstAlarmsOfSet(
  ofSet: NonNullable<RecordCalls['alarmsOfSet']>,
  count: number,
  window: AlarmWindow,
  signal?: AbortSignal,
): Promise<Listed<AlarmRecord>> {
  const pageSize = Math.min(LARGEST_PAGE, count);
  const list: AlarmRecord[] = [];
  let total = 0;
  for (let page = 1; list.length < count; page++) {
    const answer = await ofSet({ page, pageSize, ...window }, signal);
    total = answer.total;
    list.push(...answer.list);
    if (answer.list.length < pageSize || list.length >= total) break;
  }
  return { total, list: list.slice(0, count) };
}

/** The first `count` records of every equipment of the set, as one list newest first, the totals added. */
async function firstAlarmsOf(
  calls: RecordCalls,
  equipmentIds: readonly number[],
  count: number,
  window: AlarmWindow,
  signal?: AbortSignal,
): Promise<Listed<AlarmRecord>> {
  const ofSet = calls.alarmsOfSet;
  if (ofSet) return firstAlarmsOfSet(ofSet, count, window, signal);
  const pages = await Promise.all(equipmentIds.map((id) => firstAlarms(calls, id, count, window, signal)));
  return {
    total: pages.reduce((sum, p) => sum + p.total, 0),
    list: pages.flatMap((p) => p.list).sort(newestFirst),
  };
}

/**
 * Page `query.page` of the records of the equipment set. One equipment: the server's own page. Several: the call
 * is per equipment, and page p of their merged list lies within the first p × pageSize records of each, so those
 * are asked and merged (the next pages of a deep page cost more calls; the first page costs one per equipment).
 */
export async function fetchAlarmsOf(
  equipmentIds: readonly number[],
  query: AlarmQuery,
  signal?: AbortSignal,
  calls: RecordCalls = consoleRecordCalls,
): Promise<Listed<AlarmRecord>> {
  if (calls.alarmsOfSet) return calls.alarmsOfSet(query, signal);
  const only = equipmentIds.length === 1 ? equipmentIds[0] : undefined;
  if (only !== undefined) return calls.alarms(only, query, signal);
  const pageSize = query.pageSize ?? ALARM_PAGE_SIZE;
  const merged = await firstAlarmsOf(calls, equipmentIds, query.page * pageSize, { startTime: query.startTime, endTime: query.endTime }, signal);
  return { total: merged.total, list: merged.list.slice((query.page - 1) * pageSize, query.page * pageSize) };
}

/**
 * Every alarm record of the equipment set triggered in `window` (newest first, as the table lists them), page
 * after page, at most {@link MAX_EXPORTED_ALARMS}; `total` is how many the server holds, so a cut list can say so.
 */
export async function allAlarms(
  equipmentIds: readonly number[],
  window: FixedRange,
  signal?: AbortSignal,
  calls: RecordCalls = consoleRecordCalls,
): Promise<Listed<AlarmRecord>> {
  const all = await firstAlarmsOf(calls, equipmentIds, MAX_EXPORTED_ALARMS, window, signal);
  return { total: all.total, list: all.list.slice(0, MAX_EXPORTED_ALARMS) };
}
