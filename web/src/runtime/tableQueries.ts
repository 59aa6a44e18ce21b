/**
 * The server queries of the page's tables, as TanStack Query options (tested without rendering): the history and
 * alarm calls are the ones the EG detail screen's tabs use (lib/equipmentRecords), so the parameters, the "no
 * records" answer (2001) and the confirmation are handled in one place.
 *
 * Each table has its own cache entry (keyed by its widget id and what it asks for) under the detail screen's keys,
 * so a confirmation anywhere refreshes every alarm list of the equipment and a logout drops them all. The query
 * is repeated every `rollTime` seconds, and only while the browser shows the page: TanStack Query holds interval
 * refetches while the document is hidden (`refetchIntervalInBackground` false) and the query client does not
 * refetch on focus. The window (`timeRange` back from now) is computed when a query runs, so it rolls with time
 * while the key stays the same. A range the operator picked (filterTime) is part of the key and is not repeated:
 * a fixed range's records do not change with the roll.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchAlarms } from '@/lib/equipmentRecords/alarms';
import { monitorKeys } from '@/lib/equipmentRecords/keys';
import { fetchHistory } from '@/lib/equipmentRecords/history';
import type { AlarmPage, HistoryAnswer } from '@/lib/equipmentRecords/types';
import type { ApiError } from '@/lib/api/errors';
import { queryWindow, type FixedRange, type TableSettings } from './tables';

export { useConfirmAlarm } from '@/lib/equipmentRecords/alarms';

/** The history of `signalIds` over the table's window, re-queried every rollTime seconds. */
export function historyTableQuery(
  widgetId: string,
  signalIds: readonly number[],
  settings: TableSettings,
  clock: () => number = Date.now,
  fixed: FixedRange | null = null,
) {
  return queryOptions<HistoryAnswer, ApiError>({
    queryKey: monitorKeys.history({ widget: widgetId, signalIds: [...signalIds], timeRange: settings.timeRange, fixed }),
    queryFn: ({ signal }) => fetchHistory({ signalIds: [...signalIds], ...queryWindow(clock(), settings, fixed) }, signal),
    refetchInterval: fixed ? false : settings.rollTime * 1000,
    refetchIntervalInBackground: false,
    // Old rows stay on screen while the next roll loads.
    placeholderData: keepPreviousData,
  });
}

/** Page `page` of the equipment's alarm records triggered in the table's window, re-queried every rollTime seconds. */
export function alarmTableQuery(
  equipmentId: number,
  widgetId: string,
  page: number,
  settings: TableSettings,
  enabled: boolean,
  clock: () => number = Date.now,
  fixed: FixedRange | null = null,
) {
  return queryOptions<AlarmPage, ApiError>({
    queryKey: [...monitorKeys.alarms(equipmentId), 'widget', widgetId, { page, timeRange: settings.timeRange, fixed }],
    queryFn: ({ signal }) => fetchAlarms(equipmentId, { page, ...queryWindow(clock(), settings, fixed) }, signal),
    enabled,
    refetchInterval: fixed ? false : settings.rollTime * 1000,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
  });
}

/** The most alarm records one export collects (100 pages of the call's largest page): past it the file says so. */
export const MAX_EXPORTED_ALARMS = 10_000;
/** The alarm call's largest page (the server's PAGE_SIZE_MAX), so an export asks as few times as it can. */
const EXPORT_PAGE_SIZE = 100;

/**
 * Every alarm record of the equipment triggered in `window` (newest first, as the table lists them), page after
 * page, at most {@link MAX_EXPORTED_ALARMS}; `total` is how many the server holds, so a cut list can say so.
 */
export async function allAlarms(equipmentId: number, window: FixedRange, signal?: AbortSignal): Promise<AlarmPage> {
  const list: AlarmPage['list'] = [];
  let total = 0;
  for (let page = 1; list.length < MAX_EXPORTED_ALARMS; page++) {
    const answer = await fetchAlarms(equipmentId, { page, pageSize: EXPORT_PAGE_SIZE, ...window }, signal);
    total = answer.total;
    list.push(...answer.list);
    if (answer.list.length < EXPORT_PAGE_SIZE || list.length >= total) break;
  }
  return { total, list: list.slice(0, MAX_EXPORTED_ALARMS) };
}
