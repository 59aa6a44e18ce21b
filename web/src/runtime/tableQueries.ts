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
 * while the key stays the same.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchAlarms } from '@/lib/equipmentRecords/alarms';
import { monitorKeys } from '@/lib/equipmentRecords/keys';
import { fetchHistory } from '@/lib/equipmentRecords/history';
import type { AlarmPage, HistoryAnswer } from '@/lib/equipmentRecords/types';
import type { ApiError } from '@/lib/api/errors';
import { tableWindow, type TableSettings } from './tables';

export { useConfirmAlarm } from '@/lib/equipmentRecords/alarms';

/** The history of `signalIds` over the table's window, re-queried every rollTime seconds. */
export function historyTableQuery(widgetId: string, signalIds: readonly number[], settings: TableSettings, clock: () => number = Date.now) {
  return queryOptions<HistoryAnswer, ApiError>({
    queryKey: monitorKeys.history({ widget: widgetId, signalIds: [...signalIds], timeRange: settings.timeRange }),
    queryFn: ({ signal }) => fetchHistory({ signalIds: [...signalIds], ...tableWindow(clock(), settings) }, signal),
    refetchInterval: settings.rollTime * 1000,
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
) {
  return queryOptions<AlarmPage, ApiError>({
    queryKey: [...monitorKeys.alarms(equipmentId), 'widget', widgetId, { page, timeRange: settings.timeRange }],
    queryFn: ({ signal }) => fetchAlarms(equipmentId, { page, ...tableWindow(clock(), settings) }, signal),
    enabled,
    refetchInterval: settings.rollTime * 1000,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
  });
}
