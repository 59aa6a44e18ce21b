/**
 * Shared set-up of the project monitor's report tests: a fake server with the project (three equipment), its pages
 * (empty ones: these tests are about the reports beside them), report definitions per equipment and their tables,
 * generated reports, the project's custom reports and the column editor's choices.
 */
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { TEST_USER, fail, installFakeServer, ok, type FakeServer, type RecordedRequest } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import type { ArchivedReport, CustomReport, CustomReportData, Mvar, Report, ReportData, ReportEquipment } from '@/generated/answers';

export const P = {
  project: '/lfscada/project/info',
  pages: '/lfscada/project/page/query',
  page: '/lfscada/monitor/project/page/info',
  egPage: '/lfscada/configuration/page/info',
  reports: '/lfscada/monitor/multi/report/queryAll',
  cols: '/lfscada/monitor/multi/report/queryCols',
  archives: '/lfscada/monitor/multi/report/archive/query',
  customAll: '/lfscada/monitor/project/custom/report/queryAll',
  customData: '/lfscada/monitor/project/custom/report/data/query',
  customArchives: '/lfscada/monitor/project/custom/report/archive/query',
  customArchive: '/lfscada/monitor/project/custom/report/archive/info',
  save: '/lfscada/project/custom/report/save',
  remove: '/lfscada/project/custom/report/delete',
  equips: '/lfscada/project/report/col/item/queryEquips',
  statistics: '/lfscada/project/report/mvar/validStatistics',
  mvars: '/lfscada/project/mvar/query',
};

export const PROJECT = {
  id: 4,
  name: '东区泵站',
  remark: '',
  equipment: [
    { id: 7, equipName: '1# Pump station' },
    { id: 8, equipName: '2# Pump station' },
    { id: 9, equipName: '3# Spare pump' },
  ],
};

const HOUR = 3_600_000;

export const REPORTS: Record<string, Report[]> = {
  '7': [
    { id: 41, equipmentId: 7, name: 'Energy', periodMs: HOUR, columns: [{ signalId: 1, statistic: 'difference' }], gmtCreate: 0 },
    { id: 42, equipmentId: 7, name: 'Pressure', periodMs: HOUR, columns: [{ signalId: 2, statistic: 'avg' }], gmtCreate: 0 },
  ],
  '8': [{ id: 51, equipmentId: 8, name: 'Outlet', periodMs: HOUR, columns: [{ signalId: 50, statistic: 'max' }], gmtCreate: 0 }],
  '9': [],
};

export const EQUIPS: ReportEquipment[] = [
  { equipmentId: 7, equipName: '1# Pump station', signals: [{ signalId: 1, name: 'Energy total', unit: 'kWh', decimals: 1 }, { signalId: 2, name: 'Inlet pressure', unit: 'bar', decimals: 2 }] },
  { equipmentId: 8, equipName: '2# Pump station', signals: [{ signalId: 50, name: 'Outlet pressure', unit: 'bar', decimals: 2 }] },
];

export const MVARS: Mvar[] = [
  { id: 3, projectId: 4, name: '合计流量', calc: 'sum', formula: '', signalIds: [1, 50], unit: 'm³/h', decimals: 1, updated: 1 },
  { id: 4, projectId: 4, name: '压差', calc: 'custom', formula: '${7.2} - ${8.50}', signalIds: [2, 50], unit: 'bar', decimals: 2, updated: 1 },
];
/** What `validStatistics` answers per variable: a sum keeps avg, first, last and difference; a linear formula the same. */
export const VALID: Record<string, string[]> = { '3': ['avg', 'first', 'last', 'difference'], '4': ['first', 'last'] };

export const CUSTOM: CustomReport[] = [
  {
    id: 61,
    projectId: 4,
    name: '全站能耗',
    periodMs: HOUR,
    columns: [
      { equipmentId: 7, signalId: 1, statistic: 'difference', wrapsAt: 65536 },
      { mvarId: 3, statistic: 'avg' },
    ],
    gmtCreate: Date.UTC(2026, 10, 1, 2, 0, 0),
  },
  { id: 62, projectId: 4, name: '压力', periodMs: 15 * 60_000, columns: [{ equipmentId: 8, signalId: 50, statistic: 'max' }], gmtCreate: Date.UTC(2026, 10, 2, 2, 0, 0) },
];

export const param = (request: RecordedRequest | undefined, name: string) => new URLSearchParams(request?.body ?? '').get(name);
export const body = (request: RecordedRequest | undefined) => Object.fromEntries(new URLSearchParams(request?.body ?? ''));

/** A day's 24 hourly rows of `values` per hour. */
function dayRows(date: string, values: (i: number) => Array<number | null>) {
  const midnight = Date.parse(`${date}T00:00:00+08:00`);
  return Array.from({ length: 24 }, (_, i) => ({ start: midnight + i * HOUR, end: midnight + (i + 1) * HOUR, running: false, values: values(i) }));
}

export function installProjectServer(auths: string[] = ['manage', 'monitor_write_data']): FakeServer {
  localStorage.clear();
  const server = installFakeServer({ loggedIn: true });
  server.on('/lfscada/user/info', ok({ ...TEST_USER, auths }));
  server.on(P.project, ok(PROJECT));
  const page = (id: number, title: string, home: boolean) => ({
    id, equipmentId: null, projectId: 4, title, width: 800, height: 400, updated: 1, protected: false, home,
  });
  server.on(P.pages, ok([page(21, '总览', false), page(22, '泵房', true)]));
  server.on(P.page, (request) => ok({ ...page(Number(param(request, 'id')), '总览', false), document: { con: { width: 800, height: 400 }, widgets: [] } }));
  // The project's pages are the project monitor's to load: the equipment's call refuses them here.
  server.on(P.egPage, fail('403', 'a project page asked through the equipment call'));
  server.on(P.reports, (request) => ok(REPORTS[param(request, 'equipmentId') ?? ''] ?? []));
  server.on(P.cols, (request) => {
    const id = Number(param(request, 'reportId'));
    const report = Object.values(REPORTS).flat().find((r) => r.id === id) as Report;
    const cols = [{ signalId: 1, signalTitle: `${report.name} signal`, unit: 'kWh', decimals: 1, statistic: report.columns[0]!.statistic }];
    return ok({ report, cols, rows: dayRows(param(request, 'date') ?? '2026-11-28', (i) => [id + i]), total: 24 } satisfies ReportData);
  });
  server.on(P.archives, ok({ total: 0, list: [] }));
  server.on(P.customAll, ok(CUSTOM));
  server.on(P.customData, (request) => {
    const report = CUSTOM.find((r) => r.id === Number(param(request, 'customReportId'))) as CustomReport;
    const cols = [
      { equipmentId: 7, signalId: 1, title: '1# Pump station · Energy total', unit: 'kWh', decimals: 1, statistic: 'difference' as const },
      { mvarId: 3, title: '合计流量', unit: 'm³/h', decimals: 1, statistic: 'avg' as const },
    ];
    return ok({ report, cols, rows: dayRows(param(request, 'date') ?? '2026-11-28', (i) => [i * 2, i === 5 ? null : 30]), total: 24 } satisfies CustomReportData);
  });
  const archive: ArchivedReport = {
    view: 'day', period: '2026-11-27', start: Date.parse('2026-11-27T00:00:00+08:00'), end: Date.parse('2026-11-28T00:00:00+08:00'), generatedMs: Date.parse('2026-11-28T00:10:02+08:00'),
  };
  server.on(P.customArchives, ok({ total: 1, list: [archive] }));
  server.on(P.customArchive, ok({
    archive,
    cols: [{ mvarId: 3, title: '合计流量', unit: 'm³/h', decimals: 1, statistic: 'avg' }],
    rows: dayRows('2026-11-27', (i) => [100 + i]),
  }));
  server.on(P.equips, ok(EQUIPS));
  server.on(P.mvars, ok(MVARS));
  server.on(P.statistics, (request) => ok(VALID[param(request, 'mvarId') ?? ''] ?? []));
  server.on(P.save, ok({ id: 63 }));
  server.on(P.remove, ok(null));
  return server;
}

/** Opens the project monitor at `suffix` and waits for it. */
export async function openProject(suffix: string) {
  const app = renderApp(`/monitor/project/4${suffix}`);
  await screen.findByTestId('project-monitor', undefined, { timeout: 15_000 });
  return app;
}

/** The text of each cell of the report table's body rows. */
export function cells(): string[][] {
  return [...document.querySelectorAll('[data-testid="report-table"] tbody tr.ant-table-row')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''),
  );
}

export async function waitForRows(count: number) {
  await waitFor(() => expect(cells()).toHaveLength(count), { timeout: 15_000 });
}
