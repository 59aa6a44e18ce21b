/**
 * The server calls a live page's widgets make beyond the pushed values, in one place, so the viewer runs the same
 * in the console and in the public share view (docs/share.md): the console's are the EG detail screen's calls
 * (history, alarm records and their confirmation, the map's equipment, the weather); the share view's are its
 * `share/…` counterparts, scoped to the shared equipment, and leave out what a visitor may not reach (no alarm
 * confirmation, no organisation map, no weather call, no reports). The screen hands them to the viewer in the runtime
 * context (`RuntimeContext.live.calls`); the widgets read them from their render environment (`env.live.calls`).
 */
import type { AlarmRecord, HistoryAnswer, Listed, MapCard } from '@/generated/answers';
import { confirmAlarm, fetchAlarms, type AlarmQuery } from '@/entities/equipmentRecords/alarms';
import { fetchHistory, type HistoryRequest } from '@/entities/equipmentRecords/history';
import { fetchMapCards } from '@/entities/equipment/mapCards';
import { confirmProjectAlarm, fetchProjectAlarms } from '@/entities/equipmentRecords/project';

export interface RecordCalls {
  /** Whose calls these are, part of every cache key they fill ('console', 'share:7'), so none answers for another. */
  scope: string;
  /**
   * The calls are a signed-in user's: widgets apply the user's permissions before asking (the alarm table's view
   * permission). False for a share visitor, who holds no account: the share session is the server's check.
   */
  userRights: boolean;
  /** The history of signals of the page's equipment (the history table). */
  history(request: HistoryRequest, signal?: AbortSignal): Promise<HistoryAnswer>;
  /** A page of one equipment's alarm records (the alarm table); "no records" is an empty page. */
  alarms(equipmentId: number, query: AlarmQuery, signal?: AbortSignal): Promise<Listed<AlarmRecord>>;
  /**
   * A page of the records of the page's whole equipment set in one call (a project's page: the project monitor's
   * alarm call); absent, the set is asked one equipment at a time and merged (runtime/tableQueries.ts).
   */
  alarmsOfSet?: (query: AlarmQuery, signal?: AbortSignal) => Promise<Listed<AlarmRecord>>;
  /** Confirms an alarm record; null where the viewer confirms nothing (the share view). */
  confirmAlarm: ((alarmId: number) => Promise<AlarmRecord>) | null;
  /** The organisation's equipment for the map widget; null where none is shown (the map draws its frame only). */
  mapCards: ((signal?: AbortSignal) => Promise<MapCard[]>) | null;
  /** The weather widget asks the server for the weather; false: it says it is not shown here. */
  weather: boolean;
  /**
   * EZVIZ videos ask the server for their camera's live address (runtime/ezviz.ts, a console call spending the
   * organisation's EZVIZ quota); false: they say they are not shown here.
   */
  ezviz: boolean;
  /**
   * Charts bound to a report or a custom report read it (runtime/reportQueries.ts, the console's report calls);
   * false: they say they are not shown here (the share view has no report calls).
   */
  reports: boolean;
}

/** The console's calls (a signed-in user's session; the server checks the user's rights on each). */
export const consoleRecordCalls: RecordCalls = {
  scope: 'console',
  userRights: true,
  history: fetchHistory,
  alarms: fetchAlarms,
  confirmAlarm,
  mapCards: fetchMapCards,
  weather: true,
  ezviz: true,
  reports: true,
};

/**
 * The console's calls for a project's page: its history, alarm records and confirmations through the project
 * monitor's own calls (docs/project-monitor.md), which the server checks against the project; the rest as the
 * console's.
 */
export function projectRecordCalls(projectId: number): RecordCalls {
  return {
    ...consoleRecordCalls,
    scope: `console:project:${projectId}`,
    history: (request, signal) => fetchHistory(request, signal, { kind: 'project', projectId }),
    alarmsOfSet: (query, signal) => fetchProjectAlarms(projectId, query, signal),
    confirmAlarm: (alarmId) => confirmProjectAlarm(projectId, alarmId),
  };
}
