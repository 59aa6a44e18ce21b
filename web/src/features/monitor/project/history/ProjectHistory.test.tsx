/**
 * A project's history in its monitor (`?view=history`): signals of any of its equipment, grouped by equipment, and
 * its variables; the raw history of the signals on the project's call, and a table per period of signals and
 * variables (`history/queryAllData`) with its export; the server's refusals shown where they belong.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { fail, ok, type FakeServer } from '@/test/fakeServer';
import type { HistoryAnswer, ProjectHistorySources, ProjectHistoryTable, SignalEntry } from '@/generated/answers';
import { click, pick } from '../../detail/components/testSupport';
import { MVARS, body, cells, installProjectServer, openProject } from '../reports/projectTestSupport';
import { captureDownloads, sheetRowsOf } from '@/test/downloads';

// ECharts needs a real canvas; jsdom has none: the chart shows what it was given (as in HistoryTab.test.tsx).
vi.mock('@/components/EChart', () => ({
  default: ({ option, testId }: { option: { series: Array<{ name: string; data: ArrayLike<number>; dimensions?: string[] }> }; testId?: string }) => (
    <ul data-testid={testId}>
      {option.series.map((s) => (
        <li key={s.name}>{`${s.name}: ${s.data.length / (s.dimensions?.length ?? 1)}`}</li>
      ))}
    </ul>
  ),
}));

const H = {
  sources: '/lfscada/monitor/project/history/queryAll',
  history: '/lfscada/monitor/project/history/query',
  table: '/lfscada/monitor/project/history/queryAllData',
  egHistory: '/lfscada/monitor/multi/history/query',
};

const signal = (id: number, equipId: number, equipTitle: string, signalTitle: string, unit: string): SignalEntry => ({
  id, signalTitle, equipId, equipTitle, area: 'input_register', dataType: 'float32', unit, decimals: 2, writable: false, min: null, max: null, valueMap: [],
});

const SOURCES: ProjectHistorySources = {
  signals: [
    signal(1, 7, '1# Pump station', 'Energy total', 'kWh'),
    signal(2, 7, '1# Pump station', 'Inlet pressure', 'bar'),
    signal(50, 8, '2# Pump station', 'Outlet pressure', 'bar'),
  ],
  mvars: MVARS,
};

const T0 = Date.UTC(2026, 10, 23, 0, 0, 0);
const HOUR = 3_600_000;

const ANSWER: HistoryAnswer = {
  startTime: T0,
  endTime: T0 + HOUR,
  series: [
    { signalId: 2, signalTitle: 'Inlet pressure', equipId: 7, equipTitle: '1# Pump station', unit: 'bar', decimals: 2, rows: 3, bucketMs: null, points: [[T0, 1.5, true], [T0 + 1000, 1.6, true], [T0 + 2000, 1.7, true]] },
    { signalId: 50, signalTitle: 'Outlet pressure', equipId: 8, equipTitle: '2# Pump station', unit: 'bar', decimals: 2, rows: 2, bucketMs: null, points: [[T0, 3.25, true], [T0 + 1000, 3.5, true]] },
  ],
};

/** 30 periods from the asked start, paged as asked: a signal's maximum and a variable's last value per period. */
function tableOf(params: URLSearchParams): ProjectHistoryTable {
  const start = Number(params.get('startTime'));
  const page = Number(params.get('page'));
  const size = Number(params.get('pageSize'));
  const total = 30;
  const rows = Array.from({ length: Math.max(0, Math.min(size, total - (page - 1) * size)) }, (_, i) => {
    const n = (page - 1) * size + i;
    const step = { minute: 60_000, hour: HOUR, day: 24 * HOUR }[params.get('timeUnit') ?? 'hour'] ?? HOUR;
    return { start: start + n * step, end: start + (n + 1) * step, running: false, values: [n + 0.5, n === 2 ? null : 10 + n] };
  });
  return {
    cols: [
      { equipmentId: 7, signalId: 2, title: '1# Pump station · Inlet pressure', unit: 'bar', decimals: 2, statistic: 'max' },
      { mvarId: 3, title: '合计流量', unit: 'm³/h', decimals: 1, statistic: 'last' },
    ],
    rows,
    total,
  };
}

let server: FakeServer;
let saved: Blob[];

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installProjectServer();
  server.on(H.sources, ok(SOURCES));
  // With variables, their values per minute beside the signals' readings.
  server.on(H.history, (request) => {
    const mvarIds = new URLSearchParams(request.body ?? '').get('mvarIds');
    const points: Array<[number, number | null]> = [[T0, 15], [T0 + 60_000, null], [T0 + 120_000, 16.5], [T0 + 180_000, 17]];
    const mvarSeries = mvarIds ? [{ mvarId: 3, name: '合计流量', unit: 'm³/h', decimals: 1, statistic: 'avg' as const, stepMs: 60_000, points }] : [];
    return ok({ ...ANSWER, ...(mvarSeries.length ? { mvarSeries } : {}) });
  });
  server.on(H.table, (request) => ok(tableOf(new URLSearchParams(request.body ?? ''))));
  saved = captureDownloads();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Chooses two signals of two equipment and a variable, a minute per row and the maximum, and queries. */
async function chooseAndQuery() {
  await click(screen.getByTestId('project-history-unit-minute'));
  await pick('project-history-statistic', '最大值');
  await pick('history-signals', 'Inlet pressure');
  await pick('history-signals', 'Outlet pressure');
  await pick('project-history-mvars', '合计流量');
  await click(document.getElementById('history-query') as HTMLElement);
}

describe("the project monitor's history", { timeout: 60_000 }, () => {
  it('opens from the view switch, in the address, with the signals grouped by equipment', async () => {
    const { router } = await openProject('');
    await click(await screen.findByTestId('project-view-history'));
    await screen.findByTestId('project-history');
    expect(router.state.location.search).toBe('?view=history');
    expect(body(server.calls(H.sources)[0])).toEqual({ projectId: '4' });

    // The chooser lists each equipment's signals under its name.
    await pick('history-signals', 'Energy total');
    const groups = [...document.querySelectorAll('.ant-select-item-group')].map((g) => g.textContent);
    expect(groups).toEqual(['1# Pump station', '2# Pump station']);
    expect(screen.getByTestId('history-idle').textContent).toContain('请选择时间范围和信号');
  });

  it("draws the chosen signals' raw history and tables them per period with the variables", async () => {
    await openProject('?view=history');
    const before = Date.now();
    await screen.findByTestId('project-history');
    await chooseAndQuery();

    const chart = await screen.findByTestId('history-chart', undefined, { timeout: 15_000 });
    const history = body(server.calls(H.history)[0]);
    expect(history.projectId).toBe('4');
    expect(history.signalIds).toBe('2,50');
    expect(Number(history.endTime) - Number(history.startTime)).toBe(HOUR);
    expect(Number(history.endTime)).toBeLessThanOrEqual(before);
    expect(server.calls(H.egHistory)).toHaveLength(0);
    // The variable chosen beside them is drawn too, per minute (it has no readings of its own): its four periods'
    // starts and the last one's end.
    expect(history.mvarIds).toBe('3');
    expect(within(chart).getAllByRole('listitem').map((l) => l.textContent)).toEqual([
      'Inlet pressure (bar): 3',
      'Outlet pressure (bar): 2',
      '合计流量 (m³/h) （每分钟）: 5',
    ]);

    await waitFor(() => expect(cells()).toHaveLength(24));
    expect(body(server.calls(H.table)[0])).toEqual({
      projectId: '4',
      signalIds: '2,50',
      mvarIds: '3',
      startTime: history.startTime,
      endTime: history.endTime,
      timeUnit: 'minute',
      statistic: 'max',
      page: '1',
      pageSize: '24',
    });
    const headers = [...document.querySelectorAll('[data-testid="report-table"] thead th')].map((th) => th.textContent);
    expect(headers[1]).toContain('1# Pump station · Inlet pressure');
    expect(headers[1]).toContain('最大值');
    // The variable's column says the statistic it was read with (its rule allows no maximum: its last value).
    expect(headers[2]).toContain('合计流量');
    expect(headers[2]).toContain('末值');
    expect(cells()[0]!.slice(1)).toEqual(['0.50', '10.0']);
    expect(cells()[2]!.slice(1)).toEqual(['2.50', '—']);
    expect(screen.getByTestId('project-history-table').textContent).toContain('按分钟统计表');

    // The next page is the server's.
    await click(document.querySelector('[data-testid="project-history-table"] .ant-pagination-next') as HTMLElement);
    await waitFor(() => expect(cells()).toHaveLength(6));
    expect(body(server.calls(H.table).at(-1)).page).toBe('2');
  });

  it('exports every period of the table, read 100 at a time', async () => {
    await openProject('?view=history');
    await screen.findByTestId('project-history');
    await chooseAndQuery();
    await waitFor(() => expect(cells()).toHaveLength(24));
    const asked = server.calls(H.table).length;
    await click(document.getElementById('project-history-table-export') as HTMLElement);
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 15_000 });
    const reads = server.calls(H.table).slice(asked).map(body);
    expect(reads.map((r) => [r.page, r.pageSize])).toEqual([['1', '100']]);
    expect(reads[0]!.mvarIds).toBe('3');
    const rows = await sheetRowsOf(saved[0]!);
    // What the user opens: the reports' heading, the titles, then every period read, values as numbers.
    expect(rows[0]?.[0]).toBe('项目历史数据');
    expect(rows[1]?.slice(0, 2)).toEqual(['项目', '东区泵站']);
    expect(rows[6]).toEqual(['时段', '1# Pump station · Inlet pressure · 最大值 (bar)', '合计流量 · 末值 (m³/h)', '状态']);
    expect(rows.slice(7, 9).map((row) => row.slice(1, 3))).toEqual([
      [0.5, 10],
      [1.5, 11],
    ]);
    expect(rows).toHaveLength(7 + 30);
  });

  it("shows the server's refusals: of the history where it is drawn, of the table where it is", async () => {
    server.on(H.history, fail('1100', '参数 signalIds.1 不是该项目设备的信号'));
    server.on(H.table, fail('1100', '参数 mvarIds.0 不是该项目的中间变量'));
    await openProject('?view=history');
    await screen.findByTestId('project-history');
    await chooseAndQuery();
    expect((await screen.findByTestId('history-error', undefined, { timeout: 15_000 })).textContent).toContain('参数 signalIds.1 不是该项目设备的信号');
    expect((await screen.findByTestId('project-history-table-error')).textContent).toContain('参数 mvarIds.0 不是该项目的中间变量');
  });

  it('refuses a variable past the columns the server allows (signals and variables together)', async () => {
    const many = Array.from({ length: 41 }, (_, i) => ({ ...MVARS[0]!, id: 100 + i, name: `变量 ${i}` }));
    server.on(H.sources, ok({ ...SOURCES, mvars: many }));
    await openProject('?view=history');
    await screen.findByTestId('project-history');
    for (let i = 0; i < 41; i++) await pick('project-history-mvars', `变量 ${i}`);
    // 40 variables and the 10 signals the history allows make the table's 50 columns: the 41st is refused.
    expect(screen.getByTestId('project-history-mvars-hint').textContent).toBe('最多 40 个中间变量：与最多 10 个信号合计为表格的 50 列。');
    await pick('history-signals', 'Inlet pressure');
    await click(document.getElementById('history-query') as HTMLElement);
    await waitFor(() => expect(server.calls(H.table)).toHaveLength(1));
    expect(body(server.calls(H.table)[0]).mvarIds?.split(',')).toHaveLength(40);
  });

  it('says so when the project has no signals, and when its choices fail to load', async () => {
    server.on(H.sources, ok({ signals: [], mvars: [] }));
    const first = await openProject('?view=history');
    expect((await screen.findByTestId('project-history-none')).textContent).toContain('该项目的设备没有信号');
    first.unmount();
    server.on(H.sources, fail('90099', '未知异常'));
    await openProject('?view=history');
    expect((await screen.findByTestId('project-history-error')).textContent).toContain('项目的信号和中间变量加载失败');
  });

  it('speaks English', async () => {
    await changeLanguage('en');
    await openProject('?view=history');
    await screen.findByTestId('project-history');
    expect(screen.getByTestId('project-view-history').textContent).toBe('History');
    expect(screen.getByTestId('project-view-alarms').textContent).toBe('Alarms');
    expect(screen.getByTestId('project-history').textContent).toContain('Intermediate variables');
    await pick('history-signals', 'Inlet pressure');
    await click(screen.getByTestId('project-history-unit-day'));
    await click(document.getElementById('history-query') as HTMLElement);
    await waitFor(() => expect(screen.getByTestId('project-history-table').textContent).toContain('Table per day'));
    expect(body(server.calls(H.table)[0]).timeUnit).toBe('day');
    expect(body(server.calls(H.table)[0]).mvarIds).toBeUndefined();
  });
});
