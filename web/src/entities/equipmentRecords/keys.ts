import { signalKeys } from '@/entities/signals/keys';

/** Query keys of the EG detail screen; all under ['monitor', …] so a logout drops them with the session. */
export const monitorKeys = {
  all: ['monitor'] as const,
  ...signalKeys,
  detail: (equipmentId: number) => ['monitor', 'detail', equipmentId] as const,
  gateway: (equipmentId: number) => ['monitor', 'gateway', equipmentId] as const,
  alarms: (equipmentId: number) => ['monitor', 'alarms', equipmentId] as const,
  /** Every alarm list (one equipment's or a set's): what a confirmation anywhere refreshes. */
  allAlarms: ['monitor', 'alarms'] as const,
  /** The alarm lists of a set of equipment (a project page's tables); one equipment's are its own lists. */
  alarmsOf: (equipmentIds: readonly number[]) =>
    equipmentIds.length === 1 ? (['monitor', 'alarms', equipmentIds[0]!] as const) : (['monitor', 'alarms', 'of', equipmentIds.join(',')] as const),
  history: (request: object) => ['monitor', 'history', request] as const,
  /** A project's alarm lists (records and open ones), under every alarm list: a confirmation anywhere refreshes them. */
  projectAlarms: (projectId: number) => ['monitor', 'alarms', 'project', projectId] as const,
  /** What a project's history may show (its signals and variables), and its tables per period. */
  projectHistorySources: (projectId: number) => ['monitor', 'projectHistory', projectId, 'sources'] as const,
  projectHistoryTable: (projectId: number, request: object) => ['monitor', 'projectHistory', projectId, 'table', request] as const,
};
