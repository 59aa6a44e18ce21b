import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readSheet } from 'read-excel-file/universal';
import { changeLanguage } from '@/lib/i18n';
import { TEST_USER, ok } from '@/test/fakeServer';
import type { Report, ReportData, ReportRow } from '@/generated/answers';
import { chinaDay, chinaMidnight, chinaMonth } from '@/entities/reports/view';
import { EQUIPMENT_ID, body, click, installDetailServer, openDetail, pick, type Harness } from './testSupport';
import { captureDownloads, fakeSaveFilePicker, sheetRowsOf } from '@/test/downloads';

// ECharts needs a canvas; the chart module is replaced by one that shows what it was given: each series' type, name
// and values, so these tests check what the tab hands to ECharts (the option itself: entities/reports/sheet.test.ts).
vi.mock('@/components/EChart', () => ({
  default: ({ option, testId }: { option: { series: Array<{ type: string; name: string; data: unknown[] }> }; testId?: string }) => (
    <ul data-testid={testId}>
      {option.series.map((s) => (
        <li key={s.name} data-type={s.type}>
          {`${s.name}: ${JSON.stringify(s.data)}`}
        </li>
      ))}
    </ul>
  ),
}));

const P = {
  all: '/lfscada/monitor/multi/report/queryAll',
  cols: '/lfscada/monitor/multi/report/queryCols',
};
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const REPORTS: Report[] = [
  {
    id: 4,
    equipmentId: EQUIPMENT_ID,
    name: 'Daily energy',
    periodMs: HOUR,
    columns: [
      { signalId: 7, statistic: 'difference' },
      { signalId: 3, statistic: 'avg' },
      { signalId: 10, statistic: 'onHours' },
    ],
    gmtCreate: 0,
  },
  { id: 5, equipmentId: EQUIPMENT_ID, name: 'Levels', periodMs: HOUR, columns: [{ signalId: 3, statistic: 'max' }], gmtCreate: 0 },
];

const COLS: ReportData['cols'] = [
  { signalId: 7, signalTitle: 'Energy total', unit: 'kWh', decimals: 0, statistic: 'difference' },
  { signalId: 3, signalTitle: 'Tank level', unit: '%', decimals: 1, statistic: 'avg' },
  { signalId: 10, signalTitle: 'Pump start', unit: '', decimals: 0, statistic: 'onHours' },
];

/** The fake server's report table: the periods of the asked view, a few values empty, the last ones running. */
function table(request: { body: string }): unknown {
  const asked = body(request);
  const report = REPORTS.find((r) => r.id === Number(asked.reportId)) ?? REPORTS[0]!;
  const cols = report.id === 4 ? COLS : [{ ...COLS[1]!, statistic: 'max' as const }];
  const row = (start: number, end: number, i: number, shift?: string): ReportRow => ({
    start,
    end,
    ...(shift ? { shift } : {}),
    running: false,
    values: report.id === 4 ? [25.4 + i, i % 4 === 1 ? null : 191.26, 0.6] : [80 + i],
  });
  let rows: ReportRow[];
  let total: number;
  if (asked.view === 'day') {
    const midnight = Date.parse(`${asked.date}T00:00:00+08:00`);
    rows = Array.from({ length: 24 }, (_, i) => row(midnight + i * HOUR, midnight + (i + 1) * HOUR, i));
    rows[23] = { ...rows[23]!, running: true };
    total = 24;
  } else if (asked.view === 'month') {
    const first = Date.parse(`${asked.month}-01T00:00:00+08:00`);
    rows = Array.from({ length: 30 }, (_, i) => row(first + i * DAY, first + (i + 1) * DAY, i));
    total = 30;
  } else if (asked.view === 'shift') {
    const midnight = Date.parse(`${asked.date}T00:00:00+08:00`);
    rows = [row(midnight, midnight + 8 * HOUR, 0, '夜班'), row(midnight + 8 * HOUR, midnight + 16 * HOUR, 1, '早班'), row(midnight + 16 * HOUR, midnight + DAY, 2, '中班')];
    total = 3;
  } else {
    const start = Number(asked.startTime);
    total = Math.round((Number(asked.endTime) - start) / HOUR);
    const [page, size] = [Number(asked.page), Number(asked.pageSize)];
    const first = (page - 1) * size;
    rows = Array.from({ length: Math.max(0, Math.min(size, total - first)) }, (_, i) => row(start + (first + i) * HOUR, start + (first + i + 1) * HOUR, first + i));
  }
  return ok({ report, cols, rows, total } satisfies ReportData);
}

/** A saved file's bytes (jsdom's Blob has no arrayBuffer()). */
function bytes(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(blob);
  });
}

let h: Harness;
let saved: Blob[];

beforeEach(async () => {
  await changeLanguage('zh-CN');
  h = installDetailServer();
  h.server.on(P.all, ok(REPORTS));
  h.server.on(P.cols, table);
  saved = captureDownloads();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openReports() {
  await openDetail('?tab=reports');
  return screen.findByTestId('report-table', undefined, { timeout: 15_000 });
}

/** The text of each cell of the table's body rows. */
function cells(): string[][] {
  return [...document.querySelectorAll('[data-testid="report-table"] tbody tr.ant-table-row')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''),
  );
}

async function chooseView(kind: 'day' | 'month' | 'shift' | 'range') {
  await click(screen.getByTestId(`report-view-${kind}`));
}

describe('reports tab', { timeout: 60_000 }, () => {
  it('says when the equipment has no report, and where to define one', async () => {
    h.server.on(P.all, ok([]));
    await openDetail('?tab=reports');
    const none = await screen.findByTestId('reports-none', undefined, { timeout: 15_000 });
    expect(none.textContent).toContain('该设备还没有报表定义');
    expect(document.getElementById('reports-define')?.getAttribute('href')).toBe(`/manage/eg/equipment/edit/${EQUIPMENT_ID}/report`);
    expect(h.server.calls(P.cols)).toHaveLength(0);
  });

  it('tells someone who may not manage equipment whom to ask', async () => {
    h.server.on(P.all, ok([]));
    h.server.on('/lfscada/user/info', ok({ ...TEST_USER, auths: ['monitor_write_data'] }));
    await openDetail('?tab=reports');
    const none = await screen.findByTestId('reports-none', undefined, { timeout: 15_000 });
    expect(none.textContent).toContain('请有设备管理权限的用户');
    expect(document.getElementById('reports-define')).toBeNull();
  });

  it("reads yesterday by the hour: each column titled, the signal's digits, empty cells, the running hour", async () => {
    await openReports();
    const yesterday = chinaDay(Date.now() - DAY);
    expect(body(h.server.calls(P.cols)[0])).toEqual({ reportId: '4', view: 'day', date: yesterday });
    const heads = [...document.querySelectorAll('[data-testid="report-table"] thead th')].map((th) => th.textContent);
    expect(heads).toEqual(['时段', 'Energy total · 差值 (kWh)', 'Tank level · 平均值 (%)', 'Pump start · 运行时长 (小时)']);
    const rows = cells();
    expect(rows).toHaveLength(24);
    expect(rows[0]).toEqual(['00:00–01:00', '25', '191.3', '0.60']);
    expect(rows[1]).toEqual(['01:00–02:00', '26', '—', '0.60']);
    expect(rows[23]?.[0]).toBe('23:00–24:00进行中');
    expect(screen.getAllByTestId('report-running')).toHaveLength(1);
    expect(screen.getByTestId('report-heading').textContent).toBe(`Daily energy · 日报 ${yesterday}`);
  });

  it('reads this month by the day, a day by its shifts, and another report', async () => {
    await openReports();
    await chooseView('month');
    await waitFor(() => expect(cells()).toHaveLength(30));
    expect(body(h.server.calls(P.cols).at(-1))).toEqual({ reportId: '4', view: 'month', month: chinaMonth(Date.now()) });
    expect(cells()[0]?.[0]).toBe(`${chinaMonth(Date.now())}-01`);

    await chooseView('shift');
    await waitFor(() => expect(cells()).toHaveLength(3));
    expect(body(h.server.calls(P.cols).at(-1))).toEqual({ reportId: '4', view: 'shift', date: chinaDay(Date.now() - DAY) });
    expect(cells().map((row) => row[0])).toEqual(['夜班00:00–08:00', '早班08:00–16:00', '中班16:00–24:00']);

    await pick('report-select', 'Levels');
    await waitFor(() => expect(body(h.server.calls(P.cols).at(-1)).reportId).toBe('5'));
    await waitFor(() => expect(cells()[0]).toEqual(['夜班00:00–08:00', '80.0']));
  });

  it('charts the column the operator chooses: bars for a counter, a line for an average', async () => {
    await openReports();
    const chart = await screen.findByTestId('report-chart', undefined, { timeout: 15_000 });
    let series = within(chart).getByRole('listitem');
    expect(series.dataset.type).toBe('bar');
    expect(series.textContent).toMatch(/^Energy total · 差值 \(kWh\): \[25,26,27,/);
    await pick('report-chart-column', 'Tank level · 平均值 (%)');
    series = within(await screen.findByTestId('report-chart')).getByRole('listitem');
    expect(series.dataset.type).toBe('line');
    expect(series.textContent).toMatch(/^Tank level · 平均值 \(%\): \[191.3,null,191.3,/);
  });

  it('exports the table on the screen as .xlsx: the heading, the titles, the same numbers', async () => {
    await openReports();
    await click(document.getElementById('report-export') as HTMLElement);
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 15_000 });
    // Nothing asked again: the file holds what the screen shows.
    expect(h.server.calls(P.cols)).toHaveLength(1);
    const rows = await readSheet(await bytes(saved[0] as Blob));
    expect(rows.slice(0, 4).map((row) => row.slice(0, 2))).toEqual([['Daily energy', null], ['设备', '1# Pump station'], ['视图', '日报'], ['时间', chinaDay(Date.now() - DAY)]]);
    expect(rows[6]).toEqual(['时段', 'Energy total · 差值 (kWh)', 'Tank level · 平均值 (%)', 'Pump start · 运行时长 (小时)', '状态']);
    expect(rows[7]).toEqual(['00:00–01:00', 25, 191.3, 0.6, null]);
    expect(rows[8]).toEqual(['01:00–02:00', 26, null, 0.6, null]);
    expect(rows[30]).toEqual(['23:00–24:00', 48, 191.3, 0.6, '进行中']);
  });

  it('pages a range, exports all its pages one after another, and Cancel stops an export', async () => {
    await openReports();
    await chooseView('range');
    await waitFor(() => expect(cells()).toHaveLength(24));
    const range = body(h.server.calls(P.cols).at(-1));
    const midnight = chinaMidnight(Date.now());
    expect(range).toEqual({ reportId: '4', view: 'range', startTime: String(midnight - DAY), endTime: String(midnight), page: '1', pageSize: '24' });

    // Ten days, 240 rows: three pages of 100 for the file.
    h.server.on(P.cols, (request) => table({ body: new URLSearchParams({ ...body(request), startTime: String(midnight - 10 * DAY) }).toString() }));
    const before = h.server.calls(P.cols).length;
    await click(document.getElementById('report-export') as HTMLElement);
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 15_000 });
    const asked = h.server.calls(P.cols).slice(before).map((r) => [body(r).page, body(r).pageSize]);
    expect(asked).toEqual([
      ['1', '100'],
      ['2', '100'],
      ['3', '100'],
    ]);
    expect(await readSheet(await bytes(saved[0] as Blob))).toHaveLength(7 + 240);

    // A second page that does not come until cancelled (as a real fetch, it ends when its call is aborted): the
    // dialog shows how far it got; Cancel ends the export without a file.
    const served = globalThis.fetch;
    let calls = 0;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes(P.cols) && ++calls === 2) {
        return new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
      }
      return served(input, init);
    });
    await click(document.getElementById('report-export') as HTMLElement);
    const progress = await screen.findByTestId('report-export-progress');
    await waitFor(() => expect(progress.textContent).toContain('已读取 100 / 240 行'));
    await click(document.getElementById('report-export-cancel') as HTMLElement);
    expect(await screen.findByText('已取消导出')).toBeTruthy();
    expect(saved).toHaveLength(1);
  });

  it('with the save dialog, writes a range into the picked file as its pages arrive; Cancel aborts and removes the file', async () => {
    const picker = fakeSaveFilePicker();
    try {
      await openReports();
      await chooseView('range');
      await waitFor(() => expect(cells()).toHaveLength(24));
      const midnight = chinaMidnight(Date.now());
      h.server.on(P.cols, (request) => table({ body: new URLSearchParams({ ...body(request), startTime: String(midnight - 10 * DAY) }).toString() }));
      await click(document.getElementById('report-export') as HTMLElement);
      await waitFor(() => expect(picker.files[0]?.closed).toBe(true), { timeout: 15_000 });
      expect(picker.files[0]!.suggestedName).toMatch(/^Daily_energy_.*\.xlsx$/);
      expect(await sheetRowsOf(picker.files[0]!.bytes())).toHaveLength(7 + 240);
      expect(saved).toHaveLength(0);

      // The second page hangs: the first page's rows are already in the file; Cancel aborts it and removes it.
      const served = globalThis.fetch;
      let calls = 0;
      vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).includes(P.cols) && ++calls === 2) {
          return new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
        }
        return served(input, init);
      });
      await click(document.getElementById('report-export') as HTMLElement);
      const progress = await screen.findByTestId('report-export-progress');
      await waitFor(() => expect(progress.textContent).toContain('已读取 100 / 240 行'));
      const file = picker.files[1]!;
      expect(file.chunks.length).toBeGreaterThan(0);
      await click(document.getElementById('report-export-cancel') as HTMLElement);
      expect(await screen.findByText('已取消导出')).toBeTruthy();
      expect(file).toMatchObject({ closed: false, aborted: true, removed: true });
      expect(saved).toHaveLength(0);
    } finally {
      picker.restore();
    }
  });

  it('closing the save dialog exports nothing and reads nothing', async () => {
    const picker = fakeSaveFilePicker(() => new DOMException('The user aborted a request.', 'AbortError'));
    try {
      await openReports();
      await chooseView('range');
      await waitFor(() => expect(cells()).toHaveLength(24));
      const before = h.server.calls(P.cols).length;
      await click(document.getElementById('report-export') as HTMLElement);
      await waitFor(() => expect(document.getElementById('report-export')?.classList.contains('ant-btn-loading')).toBe(false));
      expect(h.server.calls(P.cols).length).toBe(before);
      expect(saved).toHaveLength(0);
      expect(screen.queryByTestId('report-export-progress')).toBeNull();
    } finally {
      picker.restore();
    }
  });

  it('prints the table alone with its title', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    await openReports();
    const copy = screen.getByTestId('report-print');
    expect(copy.parentElement).toBe(document.body);
    expect(copy.querySelector('h1')?.textContent).toBe('Daily energy');
    expect(copy.querySelectorAll('tbody tr')).toHaveLength(24);
    expect(copy.querySelector('tbody tr')?.textContent).toBe('00:00–01:0025191.30.60');
    await act(async () => {
      fireEvent.click(document.getElementById('report-print') as HTMLElement);
    });
    expect(print).toHaveBeenCalledTimes(1);
  });
});
