/** Query keys of reports, all under ['reports', …]: session data, dropped with the session at logout. */
export const reportKeys = {
  all: ['reports'] as const,
  /** An equipment's report definitions. */
  definitions: (equipmentId: number) => ['reports', 'definitions', equipmentId] as const,
  /** Every table read of one report (what a change of its definition makes stale). */
  tables: (reportId: number) => ['reports', 'table', reportId] as const,
  /** One table read: a report over a view, one page of it. */
  table: (reportId: number, params: object) => ['reports', 'table', reportId, params] as const,
  /** One table read of a custom report (as `table`). */
  customTable: (customReportId: number, params: object) => ['reports', 'customTable', customReportId, params] as const,
  /** Every table read of one custom report. */
  customTables: (customReportId: number) => ['reports', 'customTable', customReportId] as const,
  /** A report's or custom report's generated reports: the list's pages and each one opened. */
  archives: (kind: 'report' | 'custom', id: number) => ['reports', 'archive', kind, id] as const,
  archiveList: (kind: 'report' | 'custom', id: number, page: number, pageSize: number) => ['reports', 'archive', kind, id, 'list', page, pageSize] as const,
  archive: (kind: 'report' | 'custom', id: number, view: string, period: string) => ['reports', 'archive', kind, id, 'one', view, period] as const,
  /** A project's equipment with their signals, for a custom report's columns. */
  columnChoices: (projectId: number) => ['reports', 'custom', 'choices', projectId] as const,
  /** The statistics a custom report column may read of a variable. */
  mvarStatistics: (mvarId: number) => ['reports', 'custom', 'mvarStatistics', mvarId] as const,
  /** A project's custom report definitions. */
  customDefinitions: (projectId: number) => ['reports', 'custom', 'definitions', projectId] as const,
  /** A page chart's reading of a report or a custom report (runtime/reportQueries.ts), refetched every minute. */
  chart: (source: 'report' | 'customReport', id: number, params: object) => ['reports', 'chart', source, id, params] as const,
  /** The organisation's shifts. */
  shifts: ['reports', 'shifts'] as const,
};
