import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { NO_GATEWAY_CODE } from '@/entities/live/liveConstants';
import type { AlarmRecord, Listed } from '@/generated/answers';
import { announceAlarmConfirmed } from '@/entities/equipmentRecords/alarmConfirmed';
import { monitorKeys } from './keys';

/** Rows per page (spec section 9). */
export const ALARM_PAGE_SIZE = 10;
/** Alarms are refetched at least this often, besides on every change of the live alarm counts. */
export const ALARM_REFRESH_MS = 30_000;

export interface AlarmQuery {
  page: number;
  /** Records per page; {@link ALARM_PAGE_SIZE} when not given (an export asks for more at once). */
  pageSize?: number;
  startTime: number | null;
  endTime: number | null;
}

/**
 * A page of alarm records from `path` for `owner` (an equipment or a project), the query's window and paging as the
 * calls take them. 2001 means "no alarm records" (spec section 8: state cleared), answered as an empty page.
 */
export async function fetchAlarmPage(
  path: string,
  owner: { equipmentId: number } | { projectId: number },
  query: AlarmQuery,
  signal?: AbortSignal,
): Promise<Listed<AlarmRecord>> {
  try {
    return await post<Listed<AlarmRecord>>(
      path,
      {
        ...owner,
        ...(query.startTime !== null ? { startTime: query.startTime } : {}),
        ...(query.endTime !== null ? { endTime: query.endTime } : {}),
        page: query.page,
        pageSize: query.pageSize ?? ALARM_PAGE_SIZE,
      },
      { silent: true, ...(signal ? { signal } : {}) },
    );
  } catch (error) {
    if ((error as { code?: string }).code === NO_GATEWAY_CODE) return { total: 0, list: [] };
    throw error;
  }
}

/** POST /lfscada/monitor/multi/alarm/query {equipmentId, startTime?, endTime?, page, pageSize} → {total, list}. */
export function fetchAlarms(equipmentId: number, query: AlarmQuery, signal?: AbortSignal): Promise<Listed<AlarmRecord>> {
  return fetchAlarmPage('/lfscada/monitor/multi/alarm/query', { equipmentId }, query, signal);
}

export function useAlarms(equipmentId: number, query: AlarmQuery, enabled: boolean) {
  return useQuery<Listed<AlarmRecord>, ApiError>({
    queryKey: [...monitorKeys.alarms(equipmentId), query],
    queryFn: ({ signal }) => fetchAlarms(equipmentId, query, signal),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: ALARM_REFRESH_MS,
  });
}

/**
 * POST /lfscada/monitor/multi/alarm/confirm {alarmId} → the record with who confirmed it. Toasts a failure. A
 * confirmed alarm's sound stops (entities/equipmentRecords/alarmConfirmed.ts), whichever screen confirmed it.
 */
export async function confirmAlarm(alarmId: number): Promise<AlarmRecord> {
  const record = await post<AlarmRecord>('/lfscada/monitor/multi/alarm/confirm', { alarmId });
  announceAlarmConfirmed(alarmId);
  return record;
}

export function useConfirmAlarm(equipmentId: number) {
  const client = useQueryClient();
  return useMutation<AlarmRecord, ApiError, number>({
    mutationFn: confirmAlarm,
    onSettled: () => client.invalidateQueries({ queryKey: monitorKeys.alarms(equipmentId) }),
  });
}
