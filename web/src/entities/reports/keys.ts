/** Query keys of reports, all under ['reports', …]: session data, dropped with the session at logout. */
export const reportKeys = {
  all: ['reports'] as const,
  /** An equipment's report definitions. */
  definitions: (equipmentId: number) => ['reports', 'definitions', equipmentId] as const,
  /** Every table read of one report (what a change of its definition makes stale). */
  tables: (reportId: number) => ['reports', 'table', reportId] as const,
  /** One table read: a report over a view, one page of it. */
  table: (reportId: number, params: object) => ['reports', 'table', reportId, params] as const,
  /** A project's custom report definitions. */
  customDefinitions: (projectId: number) => ['reports', 'custom', 'definitions', projectId] as const,
  /** A page chart's reading of a report or a custom report (runtime/reportQueries.ts), refetched every minute. */
  chart: (source: 'report' | 'customReport', id: number, params: object) => ['reports', 'chart', source, id, params] as const,
  /** The organisation's shifts. */
  shifts: ['reports', 'shifts'] as const,
};
