/**
 * A project's history and alarm records through the project monitor's own calls (docs/project-monitor.md,
 * "History" and "Alarms"): every equipment of the project at once, checked by the server against the project (a
 * signal or alarm that is not one of its equipment's is refused by field). The raw history itself is read by
 * ./history.ts with a project scope.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { AlarmRecord, Listed, ProjectHistorySources, ProjectHistoryTable, Statistic } from '@/generated/answers';
import { announceAlarmConfirmed } from './alarmConfirmed';
import { ALARM_REFRESH_MS, fetchAlarmPage, type AlarmQuery } from './alarms';
import { monitorKeys } from './keys';

/** POST /lfscada/monitor/project/history/queryAll {projectId} → its signals (equipment by name) and variables. */
export function useProjectHistorySources(projectId: number) {
  return useQuery<ProjectHistorySources, ApiError>({
    queryKey: monitorKeys.projectHistorySources(projectId),
    queryFn: ({ signal }) => post<ProjectHistorySources>('/lfscada/monitor/project/history/queryAll', { projectId }, { silent: true, signal }),
  });
}

/** The periods a project's history table is cut in (the server's `timeUnit`). */
export const TIME_UNITS = ['minute', 'hour', 'day'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

export interface ProjectTableRequest {
  signalIds: number[];
  mvarIds: number[];
  startTime: number;
  endTime: number;
  timeUnit: TimeUnit;
  statistic: Statistic;
  page: number;
  pageSize: number;
}

/**
 * POST /lfscada/monitor/project/history/queryAllData → a row per period of the range, a column per signal and
 * variable (a variable whose rule does not allow the statistic reads its last value; its column says so). Silent.
 */
export function fetchProjectHistoryTable(projectId: number, request: ProjectTableRequest, signal?: AbortSignal): Promise<ProjectHistoryTable> {
  return post<ProjectHistoryTable>(
    '/lfscada/monitor/project/history/queryAllData',
    {
      projectId,
      signalIds: request.signalIds.join(','),
      ...(request.mvarIds.length > 0 ? { mvarIds: request.mvarIds.join(',') } : {}),
      startTime: request.startTime,
      endTime: request.endTime,
      timeUnit: request.timeUnit,
      statistic: request.statistic,
      page: request.page,
      pageSize: request.pageSize,
    },
    { silent: true, ...(signal ? { signal } : {}) },
  );
}

/** The table of `request` (none asked while null); the next page keeps the one before on screen until it comes. */
export function useProjectHistoryTable(projectId: number, request: ProjectTableRequest | null, run: number) {
  return useQuery<ProjectHistoryTable, ApiError>({
    queryKey: monitorKeys.projectHistoryTable(projectId, { ...(request ?? {}), run }),
    queryFn: ({ signal }) => fetchProjectHistoryTable(projectId, request as ProjectTableRequest, signal),
    enabled: request !== null,
    staleTime: Infinity,
    gcTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/**
 * POST /lfscada/monitor/project/alarm/query {projectId, startTime?, endTime?, page, pageSize} → {total, list}, every
 * equipment's records newest first; 2001 (none) is an empty page.
 */
export function fetchProjectAlarms(projectId: number, query: AlarmQuery, signal?: AbortSignal): Promise<Listed<AlarmRecord>> {
  return fetchAlarmPage('/lfscada/monitor/project/alarm/query', { projectId }, query, signal);
}

export function useProjectAlarms(projectId: number, query: AlarmQuery, enabled: boolean) {
  return useQuery<Listed<AlarmRecord>, ApiError>({
    queryKey: [...monitorKeys.projectAlarms(projectId), 'records', query],
    queryFn: ({ signal }) => fetchProjectAlarms(projectId, query, signal),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: ALARM_REFRESH_MS,
  });
}

/** POST /lfscada/monitor/project/alarm/queryAll {projectId} → the open (not released) alarms, newest first, at most 500. */
export function useProjectOpenAlarms(projectId: number, enabled: boolean) {
  return useQuery<Listed<AlarmRecord>, ApiError>({
    queryKey: [...monitorKeys.projectAlarms(projectId), 'open'],
    queryFn: ({ signal }) => post<Listed<AlarmRecord>>('/lfscada/monitor/project/alarm/queryAll', { projectId }, { silent: true, signal }),
    enabled,
    refetchInterval: ALARM_REFRESH_MS,
  });
}

/**
 * POST /lfscada/monitor/project/alarm/confirm {projectId, alarmId} → the record with who confirmed it; the server
 * checks the alarm is of the project's equipment and the permission of its rule type. A refusal is toasted. Every
 * alarm list is read again (the equipment's own lists show the same record), and the alarm's sound stops.
 */
export function useConfirmProjectAlarm(projectId: number) {
  const client = useQueryClient();
  return useMutation<AlarmRecord, ApiError, number>({
    mutationFn: (alarmId) => confirmProjectAlarm(projectId, alarmId),
    onSettled: () => client.invalidateQueries({ queryKey: monitorKeys.allAlarms }),
  });
}

/** Confirms alarm `alarmId` through project `projectId` (refused when it is not of the project's equipment). */
export async function confirmProjectAlarm(projectId: number, alarmId: number): Promise<AlarmRecord> {
  const record = await post<AlarmRecord>('/lfscada/monitor/project/alarm/confirm', { projectId, alarmId });
  announceAlarmConfirmed(alarmId);
  return record;
}
