import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider, focusManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AlarmRecord } from '@/generated/answers';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { TEST_USER, fail, installFakeServer, ok, type FakeServer, type RecordedRequest } from '@/test/fakeServer';
import { parsePageDocument, type PageDocument } from '../document';
import { PageView } from '../PageView';
import { EQUIPMENT_ID, TEST_NOW, testContext } from '../testDocument';
import { WidgetNode } from '../WidgetNode';
import type { RenderEnv } from './common';
import { alarmAnswer } from '@/test/answers';
import { saveSheet } from '@/entities/equipmentRecords/sheetFile';
import { allAlarms, fetchAlarmsOf } from '../tableQueries';
import { formatTimer } from '../format';

// The export's file is checked as rows handed to the writer (the .xlsx itself is written in the browser test).
vi.mock('@/entities/equipmentRecords/sheetFile', async (original) => ({ ...(await original<typeof import('@/entities/equipmentRecords/sheetFile')>()), saveSheet: vi.fn(() => Promise.resolve()) }));

const HISTORY = '/lfscada/monitor/multi/history/query';
const ALARMS = '/lfscada/monitor/multi/alarm/query';
const CONFIRM = '/lfscada/monitor/multi/alarm/confirm';
const ALARM_VIEWER = { ...TEST_USER, auths: ['monitor_multi_designer_alarm'] };

const signal = (id: number | null, title = '') => ({ type: 'signal', equipId: EQUIPMENT_ID, signalId: id, title, subTitle: '' });
const body = (request: RecordedRequest | undefined) => Object.fromEntries(new URLSearchParams(request?.body ?? ''));

function page(data: { history?: Record<string, unknown>; alarms?: Record<string, unknown> } = {}): PageDocument {
  return parsePageDocument({
    widgets: [
      {
        id: 'history',
        widgetType: 'ComplexHistory',
        position: { x: 10, y: 10, width: 500, height: 300 },
        data: { signalArray: [signal(2), signal(1)], ...data.history },
      },
      { id: 'alarms', widgetType: 'ComplexAlarm', position: { x: 10, y: 320, width: 900, height: 300 }, data: { ...data.alarms } },
      { id: 'unbound', widgetType: 'ComplexHistory', position: { x: 600, y: 10, width: 300, height: 200 }, data: { signalArray: [signal(null)] } },
    ],
  });
}

const ALARM: AlarmRecord = alarmAnswer({ equipId: EQUIPMENT_ID, signalId: 1, ruleId: 1 });

const HISTORY_ANSWER = {
  startTime: 0,
  endTime: TEST_NOW,
  series: [
    {
      signalId: 2,
      signalTitle: 'Outlet pressure',
      equipId: EQUIPMENT_ID,
      equipTitle: '1# Pump station',
      unit: 'bar',
      decimals: 2,
      rows: 3,
      bucketMs: null,
      points: [
        [TEST_NOW - 2000, 3.4, true],
        [TEST_NOW - 1000, 3.45, false],
        [TEST_NOW, 3.5, true],
      ],
    },
    {
      signalId: 1,
      signalTitle: 'Tank level',
      equipId: EQUIPMENT_ID,
      equipTitle: '1# Pump station',
      unit: '%',
      decimals: 1,
      rows: 2,
      bucketMs: null,
      points: [
        [TEST_NOW - 2000, 60, true],
        [TEST_NOW, 61.25, true],
      ],
    },
  ],
};

let server: FakeServer;

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installFakeServer({ loggedIn: true });
  server.on('/lfscada/user/info', ok(ALARM_VIEWER));
  server.on(HISTORY, ok(HISTORY_ANSWER));
  server.on(ALARMS, ok({ total: 1, list: [ALARM] }));
});

afterEach(() => {
  vi.mocked(saveSheet).mockClear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  focusManager.setFocused(undefined);
});

/** The page in the monitor (live for the equipment) or drawn still (no `live`). */
function show(doc: PageDocument = page(), live = true) {
  const client = createQueryClient();
  return render(
    <QueryClientProvider client={client}>
      <PageView document={doc} context={testContext(live ? { live: { equipmentIds: [EQUIPMENT_ID] } } : {})} now={TEST_NOW} />
    </QueryClientProvider>,
  );
}

const table = (id: string) => screen.getByTestId(`table-${id}`);
const headings = (id: string) => [...table(id).querySelectorAll('thead th')].map((th) => th.textContent);
const rowTexts = (id: string) => [...table(id).querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));

describe('history table', () => {
  it('lists the signals over the last 720 minutes, newest first, time and one column per signal', async () => {
    show();
    await waitFor(() => expect(rowTexts('history')).toHaveLength(3));
    expect(headings('history')).toEqual(['时间', 'Outlet pressure (bar)', 'Tank level (%)']);
    expect(rowTexts('history')).toEqual([
      ['2026-11-23 12:00:00', '3.50', '61.3'],
      ['2026-11-23 11:59:59', '3.45', ''],
      ['2026-11-23 11:59:58', '3.40', '60.0'],
    ]);
    // A reading of bad quality is greyed and says why.
    const bad = table('history').querySelectorAll('tbody tr')[1]?.querySelectorAll('td')[1];
    expect(bad?.className).toContain('rt-bad');
    expect(bad?.getAttribute('title')).toBe('数据质量差');
    const request = body(server.calls(HISTORY)[0]);
    expect(request.signalIds).toBe('2,1');
    expect(Number(request.endTime) - Number(request.startTime)).toBe(720 * 60_000);
    expect(screen.getByTestId('table-caption-history').textContent).toBe('近 12 小时 · 每 30 秒刷新');
    // Its box: a foreignObject of the widget's size.
    const box = screen.getByTestId('widget-history').querySelector('foreignObject');
    expect([box?.getAttribute('width'), box?.getAttribute('height'), box?.getAttribute('data-table')]).toEqual(['500', '300', 'history']);
  });

  it('says so when it has no signal bound, and asks nothing for it', async () => {
    show();
    expect(screen.getByTestId('table-note-unbound').textContent).toBe('未绑定信号');
    await waitFor(() => expect(server.calls(HISTORY)).toHaveLength(1));
    expect(headings('unbound')).toEqual(['时间']);
  });

  it("shows the server's message in the box when the query fails, and never throws", async () => {
    server.on(HISTORY, fail('1100', '参数 signalIds 无效'));
    show();
    const note = await screen.findByText('加载失败：参数 signalIds 无效');
    expect(note.getAttribute('role')).toBe('alert');
  });

  it('pages the rows 10 at a time; with page off, shows the newest rows that fit', async () => {
    const points = Array.from({ length: 25 }, (_, i) => [TEST_NOW - i * 1000, i, true]);
    server.on(HISTORY, ok({ ...HISTORY_ANSWER, series: [{ ...HISTORY_ANSWER.series[0], points }] }));
    const view = show(page({ history: { signalArray: [signal(2)] } }));
    await waitFor(() => expect(rowTexts('history')).toHaveLength(10));
    expect(rowTexts('history')[0]).toEqual(['2026-11-23 12:00:00', '0.00']);
    fireEvent.click(table('history').querySelector('.ant-pagination-next button') as HTMLElement);
    expect(rowTexts('history')[0]).toEqual(['2026-11-23 11:59:50', '10.00']);
    view.unmount();

    show(page({ history: { signalArray: [signal(2)], page: false } }));
    await waitFor(() => expect(rowTexts('history').length).toBeGreaterThan(0));
    // 300 high, 14 px text: rows of 28, a footer of 24, the headings one row: 8 rows.
    expect(rowTexts('history')).toHaveLength(8);
    expect(table('history').querySelector('.ant-pagination')).toBeNull();
  });

  it('asks again every rollTime seconds, but not while the page is hidden', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    show(page({ history: { rollTime: 10 } }));
    await waitFor(() => expect(server.calls(HISTORY)).toHaveLength(1));
    act(() => vi.advanceTimersByTime(10_000));
    await waitFor(() => expect(server.calls(HISTORY)).toHaveLength(2));
    act(() => focusManager.setFocused(false));
    act(() => vi.advanceTimersByTime(60_000));
    expect(server.calls(HISTORY)).toHaveLength(2);
  });
});

describe('alarm table', () => {
  it("lists the equipment's alarm records in the spec's columns", async () => {
    show();
    await waitFor(() => expect(rowTexts('alarms')).toHaveLength(1));
    expect(headings('alarms')).toEqual(['设备', '报警类型', '触发时间', '解除时间', '触发值', '报警信息', '操作']);
    expect(rowTexts('alarms')[0]).toEqual([
      '1# Pump station',
      '信号报警 · Tank level · 2 级',
      '2026-11-23 10:00:00',
      '未解除',
      '90.5',
      '储罐液位过高',
      '确 认',
    ]);
    const request = body(server.calls(ALARMS)[0]);
    expect(request).toMatchObject({ equipmentId: String(EQUIPMENT_ID), page: '1', pageSize: '10' });
    expect(Number(request.endTime) - Number(request.startTime)).toBe(720 * 60_000);
  });

  it('confirms a record through the alarm screen call, and shows who confirmed it', async () => {
    const confirmed = { ...ALARM, confirmed: true, confirmUser: 'operator1', gmtConfirm: TEST_NOW };
    server.on(CONFIRM, ok(confirmed));
    show();
    const button = await screen.findByTestId('table-alarm-confirm-41');
    server.on(ALARMS, ok({ total: 1, list: [confirmed] }));
    fireEvent.click(button);
    expect((await screen.findByTestId('table-alarm-confirmed-41')).textContent).toBe('operator1 已确认');
    expect(body(server.calls(CONFIRM)[0])).toEqual({ alarmId: '41' });
  });

  it('needs the alarm permission: without it, the spec message and no request', async () => {
    server.on('/lfscada/user/info', ok(TEST_USER));
    show();
    await waitFor(() => expect(screen.getByTestId('table-note-alarms').textContent).toBe('无权限查看报警记录'));
    expect(server.calls(ALARMS)).toHaveLength(0);
  });

  it("says there are none, and shows the server's refusal in the box", async () => {
    server.on(ALARMS, fail('2001', '暂无网关或报警数据'));
    const view = show();
    await waitFor(() => expect(screen.getByTestId('table-note-alarms').textContent).toBe('该时段内没有报警记录'));
    view.unmount();
    server.on(ALARMS, fail('90099', '未知异常'));
    show();
    await waitFor(() => expect(screen.getByTestId('table-note-alarms').textContent).toBe('加载失败：未知异常'));
  });

  it('speaks English when the console does', async () => {
    await changeLanguage('en');
    show();
    await waitFor(() => expect(rowTexts('alarms')).toHaveLength(1));
    expect(headings('alarms')).toEqual(['Equipment', 'Type', 'Triggered', 'Released', 'Value', 'Message', 'Operation']);
    expect(screen.getByTestId('table-caption-alarms').textContent).toBe('Last 12 h · refreshed every 30 s');
  });
});

describe('tables drawn still (the designer, a preview)', () => {
  it('draw their frame and headings with a note, and ask the server nothing', async () => {
    show(page(), false);
    expect(headings('history')).toEqual(['时间', 'Outlet pressure (bar)', 'Tank level (%)']);
    expect(headings('alarms')).toEqual(['设备', '报警类型', '触发时间', '解除时间', '触发值', '报警信息', '操作']);
    expect(screen.getByTestId('table-note-history').textContent).toBe('页面运行时显示数据');
    expect(screen.getByTestId('table-note-alarms').textContent).toBe('页面运行时显示数据');
    await act(() => Promise.resolve());
    expect(server.calls(HISTORY)).toHaveLength(0);
    expect(server.calls(ALARMS)).toHaveLength(0);
  });

  it('need no query client at all with the environment the designer builds (live: null)', () => {
    const env: RenderEnv = { signals: new Map(), now: 0, runClick: () => Promise.resolve(), live: null };
    const doc = page();
    render(
      <svg>
        {doc.widgets.map((widget) => (
          <WidgetNode key={widget.id} widget={widget} values={{}} env={env} />
        ))}
      </svg>,
    );
    // Named by the bindings' titles: the designer has no catalogue here.
    expect(headings('history')).toEqual(['时间', '#2', '#1']);
    expect(server.requests.filter((r) => r.path.startsWith('/lfscada/monitor'))).toHaveLength(0);
  });
});

describe('the range picker and the export (filterTime, exportExcel)', () => {
  const tools = (id: string) => screen.queryByTestId(`table-tools-${id}`);

  it('are not drawn unless switched on', async () => {
    show();
    await waitFor(() => expect(rowTexts('history')).toHaveLength(3));
    expect(tools('history')).toBeNull();
    expect(tools('alarms')).toBeNull();
    expect(screen.queryByTestId('table-export-history')).toBeNull();
  });

  it('are drawn disabled where the page is drawn still', () => {
    show(page({ history: { filterTime: true, exportExcel: true }, alarms: { exportExcel: true } }), false);
    expect(tools('history')).not.toBeNull();
    expect((screen.getByTestId('table-export-history') as HTMLButtonElement).disabled).toBe(true);
    expect(tools('history')?.querySelector('.ant-picker-disabled')).not.toBeNull();
    expect((screen.getByTestId('table-export-alarms') as HTMLButtonElement).disabled).toBe(true);
    expect(tools('alarms')?.querySelector('.ant-picker')).toBeNull();
  });

  it('export every history row of the window, not only the page shown, in the columns shown', async () => {
    const points = Array.from({ length: 25 }, (_, i) => [TEST_NOW - i * 1000, i, true]);
    server.on(HISTORY, ok({ ...HISTORY_ANSWER, startTime: TEST_NOW - 720 * 60_000, series: [{ ...HISTORY_ANSWER.series[0], points }] }));
    show(page({ history: { signalArray: [signal(2)], exportExcel: true }, alarms: {} }));
    await waitFor(() => expect(rowTexts('history')).toHaveLength(10));
    const button = screen.getByTestId('table-export-history') as HTMLButtonElement;
    expect(tools('history')?.querySelector('.ant-picker')).toBeNull();
    fireEvent.click(button);
    await waitFor(() => expect(saveSheet).toHaveBeenCalledTimes(1));
    const [fileName, sheet] = vi.mocked(saveSheet).mock.calls[0]!;
    expect(fileName).toBe('1#_Pump_station_20261123-000000_20261123-120000.xlsx');
    expect(sheet[0]).toEqual(['时间', 'Outlet pressure (bar)']);
    expect(sheet).toHaveLength(26);
    expect(sheet[1]).toEqual(['2026-11-23 12:00:00', 0]);
  });

  it('export every alarm record of the window, asked 100 at a time, in the spec columns', async () => {
    show(page({ alarms: { exportExcel: true } }));
    await waitFor(() => expect(rowTexts('alarms')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('table-export-alarms'));
    await waitFor(() => expect(saveSheet).toHaveBeenCalledTimes(1));
    const exportCall = body(server.calls(ALARMS).at(-1));
    expect(exportCall).toMatchObject({ page: '1', pageSize: '100' });
    const [, sheet] = vi.mocked(saveSheet).mock.calls[0]!;
    expect(sheet).toEqual([
      ['设备', '报警类型', '触发时间', '解除时间', '触发值', '报警信息', '操作'],
      ['1# Pump station', '信号报警 · Tank level · 2 级', '2026-11-23 10:00:00', '未解除', 90.5, '储罐液位过高', '未确认'],
    ]);
  });

  it('a picked range replaces the rolling window until back to live', async () => {
    show(page({ history: { filterTime: true } }));
    await waitFor(() => expect(rowTexts('history')).toHaveLength(3));
    const picker = tools('history')?.querySelector('.ant-picker input') as HTMLInputElement;
    fireEvent.mouseDown(picker);
    fireEvent.click(picker);
    fireEvent.click(await screen.findByText('近 7 天'));
    await waitFor(() => expect(screen.getByTestId('table-live-history')).toBeTruthy());
    await waitFor(() => expect(server.calls(HISTORY)).toHaveLength(2));
    const asked = body(server.calls(HISTORY)[1]);
    expect(Number(asked.endTime) - Number(asked.startTime)).toBe(7 * 24 * 60 * 60_000);
    expect(screen.getByTestId('table-caption-history').textContent).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} 至 .*（固定时段）$/);
    fireEvent.click(screen.getByTestId('table-live-history'));
    await waitFor(() => expect(screen.getByTestId('table-caption-history').textContent).toBe('近 12 小时 · 每 30 秒刷新'));
    expect(screen.queryByTestId('table-live-history')).toBeNull();
  });
});

describe('history rows per period (dimensionType "unit")', () => {
  it('shows one row per hour, each cell the last reading in it, and says so in the footer', async () => {
    show(page({ history: { dimensionType: 'unit', timeUnit: 'hour' } }));
    await waitFor(() => expect(rowTexts('history')).toHaveLength(2));
    // TEST_NOW is 12:00:00 exactly: the readings at 11:59:58 and :59 fall in the 11:00 hour.
    expect(rowTexts('history')).toEqual([
      ['2026-11-23 12:00', '3.50', '61.3'],
      ['2026-11-23 11:00', '3.45', '60.0'],
    ]);
    expect(screen.getByTestId('table-caption-history').textContent).toBe('近 12 小时 · 每 30 秒刷新 · 每小时一行');
  });
});

describe('the alarm export collects every page', () => {
  it('asks page after page of 100 until it has them all, and answers them newest first', async () => {
    const records = Array.from({ length: 230 }, (_, i) => ({ ...ALARM, id: 1000 - i }));
    server.on(ALARMS, (request: RecordedRequest) => {
      const { page: asked, pageSize } = body(request);
      const start = (Number(asked) - 1) * Number(pageSize);
      return ok({ total: records.length, list: records.slice(start, start + Number(pageSize)) });
    });
    const all = await allAlarms([EQUIPMENT_ID], { startTime: TEST_NOW - 60_000, endTime: TEST_NOW });
    expect(all.total).toBe(230);
    expect(all.list.map((r) => r.id)).toEqual(records.map((r) => r.id));
    expect(server.calls(ALARMS).map((c) => body(c).page)).toEqual(['1', '2', '3']);
    expect(body(server.calls(ALARMS)[0])).toMatchObject({ pageSize: '100', startTime: String(TEST_NOW - 60_000), endTime: String(TEST_NOW) });
  });
});

describe("a project page's alarm table covers every equipment of the project", () => {
  /** Equipment 7 and 8, each with records triggered every 10 s from the newest, answered page by page. */
  const records = (equipId: number, count: number, offset: number) =>
    Array.from({ length: count }, (_, i) => ({ ...ALARM, id: equipId * 1000 + i, equipId, gmtTrigger: TEST_NOW - offset - i * 10_000 }));
  const byEquipment: Record<string, AlarmRecord[]> = { '7': records(7, 25, 0), '8': records(8, 4, 5_000) };
  beforeEach(() => {
    server.on(ALARMS, (request: RecordedRequest) => {
      const { equipmentId, page: asked, pageSize } = body(request);
      const list = byEquipment[equipmentId ?? ''] ?? [];
      const start = (Number(asked) - 1) * Number(pageSize);
      return ok({ total: list.length, list: list.slice(start, start + Number(pageSize)) });
    });
  });
  const window = { startTime: TEST_NOW - 3_600_000, endTime: TEST_NOW };

  it('merges the records of both newest first, the totals added', async () => {
    const first = await fetchAlarmsOf([7, 8], { page: 1, ...window });
    expect(first.total).toBe(29);
    // 7's records at 0, 10, 20 … s ago and 8's at 5, 15, 25, 35 s ago interleave.
    expect(first.list.map((r) => r.id)).toEqual([7000, 8000, 7001, 8001, 7002, 8002, 7003, 8003, 7004, 7005]);
    expect(server.calls(ALARMS).map((c) => [body(c).equipmentId, body(c).page, body(c).pageSize])).toEqual([
      ['7', '1', '10'],
      ['8', '1', '10'],
    ]);
  });

  it('answers a later page from the first records of each equipment', async () => {
    const third = await fetchAlarmsOf([7, 8], { page: 3, ...window });
    expect(third.list.map((r) => r.id)).toEqual([7016, 7017, 7018, 7019, 7020, 7021, 7022, 7023, 7024]);
    expect(third.total).toBe(29);
  });

  it('asks one equipment for its own page, as an equipment page does', async () => {
    const second = await fetchAlarmsOf([7], { page: 2, ...window });
    expect(second.list.map((r) => r.id)).toEqual(byEquipment['7']!.slice(10, 20).map((r) => r.id));
    expect(server.calls(ALARMS).map((c) => [body(c).page, body(c).pageSize])).toEqual([['2', '10']]);
  });

  it('exports the records of every equipment', async () => {
    const all = await allAlarms([7, 8], window);
    expect(all.total).toBe(29);
    expect(all.list).toHaveLength(29);
    expect(all.list.map((r) => r.gmtTrigger)).toEqual([...all.list.map((r) => r.gmtTrigger)].sort((a, b) => b - a));
  });

  it('lists them in the table of a page shown live for the project', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <PageView document={page()} context={testContext({ live: { equipmentIds: [7, 8] } })} now={TEST_NOW} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(rowTexts('alarms')).toHaveLength(10));
    expect(rowTexts('alarms').map((row) => row[2])).toEqual(
      byEquipment['7']!.concat(byEquipment['8']!).sort((a, b) => b.gmtTrigger - a.gmtTrigger).slice(0, 10).map((r) => formatTimer(r.gmtTrigger)),
    );
    expect(new Set(server.calls(ALARMS).map((c) => body(c).equipmentId))).toEqual(new Set(['7', '8']));
  });
});
