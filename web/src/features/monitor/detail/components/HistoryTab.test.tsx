import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { fail, ok } from '@/test/fakeServer';
import type { HistoryAnswer } from '@/generated/answers';
import { EQUIPMENT_ID, P, SIGNALS, body, click, installDetailServer, openDetail, pick, type Harness } from './testSupport';
import { captureDownloads, sheetRowsOf } from '@/test/downloads';

// ECharts needs a real canvas; jsdom has none. The chart module is replaced by one that shows what it was given,
// so these tests check what the screen hands to ECharts (the option itself is tested in chartOptions.test.ts):
// each line's name, sampling and number of points (its flat data holds one value per dimension and point).
vi.mock('@/components/EChart', () => ({
  default: ({
    option,
    testId,
  }: {
    option: { series: Array<{ name: string; data: ArrayLike<number>; dimensions?: string[]; sampling: string }> };
    testId?: string;
  }) => (
    <ul data-testid={testId}>
      {option.series.map((s) => (
        <li key={s.name} data-sampling={s.sampling}>
          {`${s.name}: ${s.data.length / (s.dimensions?.length ?? 1)}`}
        </li>
      ))}
    </ul>
  ),
}));

let h: Harness;
let saved: Blob[];

const T0 = Date.UTC(2026, 10, 23, 0, 0, 0);
const ANSWER: HistoryAnswer = {
  startTime: T0,
  endTime: T0 + 3_600_000,
  series: [
    {
      signalId: 1,
      signalTitle: 'Inlet pressure',
      equipId: EQUIPMENT_ID,
      equipTitle: '1# Pump station',
      unit: 'bar',
      decimals: 2,
      rows: 25,
      bucketMs: null,
      points: Array.from({ length: 25 }, (_, i) => [T0 + i * 1000, 1 + i / 100, i !== 3] as [number, number, boolean]),
    },
    {
      signalId: 3,
      signalTitle: 'Tank level',
      equipId: EQUIPMENT_ID,
      equipTitle: '1# Pump station',
      unit: '%',
      decimals: 1,
      rows: 400_000,
      bucketMs: 30_000,
      points: [
        [T0, 20, true],
        [T0 + 15_000, 95, true],
      ],
    },
  ],
};

beforeEach(async () => {
  await changeLanguage('zh-CN');
  h = installDetailServer();
  h.server.on(P.history, ok(ANSWER));
  saved = captureDownloads();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function chooseAndQuery(...labels: string[]) {
  for (const label of labels) await pick('history-signals', label);
  await click(document.getElementById('history-query') as HTMLElement);
}

describe('history', { timeout: 60_000 }, () => {
  it('asks for signals before querying, and says what to do first', async () => {
    await openDetail('?tab=history');
    expect((await screen.findByTestId('history-idle')).textContent).toContain('请选择时间范围和信号');
    await click(document.getElementById('history-query') as HTMLElement);
    expect(screen.getByTestId('history-signals-error').textContent).toBe('请至少选择一个信号');
    expect(h.server.calls(P.history)).toHaveLength(0);
  });

  it('queries the last hour by default and draws raw rows and min/max buckets', async () => {
    await openDetail('?tab=history');
    const before = Date.now();
    await chooseAndQuery('Inlet pressure', 'Tank level');
    const chart = await screen.findByTestId('history-chart', undefined, { timeout: 15_000 });
    const request = body(h.server.calls(P.history)[0]);
    expect(request.signalIds).toBe('1,3');
    expect(Number(request.endTime) - Number(request.startTime)).toBe(3_600_000);
    expect(Number(request.endTime)).toBeLessThanOrEqual(before);
    const lines = within(chart).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual(['Inlet pressure (bar): 25', 'Tank level (%) （最大）: 1', 'Tank level (%) （最小）: 1']);
    expect(lines.map((l) => l.dataset.sampling)).toEqual(['lttb', 'max', 'min']);
    expect(screen.getByTestId('history-summary').textContent).toBe('2 个信号，共 27 个点');
    expect(screen.getByTestId('history-bucketed').textContent).toContain('Tank level 在此范围内有 400,000 条数据');
    // Pressing Query again asks again (new rows may have come), rather than answering from the cache.
    await click(document.getElementById('history-query') as HTMLElement);
    await waitFor(() => expect(h.server.calls(P.history)).toHaveLength(2));
  });

  it('lists the rows in a table, 10 per page, newest first', async () => {
    await openDetail('?tab=history');
    await chooseAndQuery('Inlet pressure', 'Tank level');
    await screen.findByTestId('history-chart', undefined, { timeout: 15_000 });
    await click(screen.getByText('表格'));
    const table = await screen.findByTestId('history-table');
    const rows = () => table.querySelectorAll('tbody tr.ant-table-row');
    expect(rows()).toHaveLength(10);
    expect(rows()[0]?.textContent).toContain('2026-11-23 08:00:24');
    expect(rows()[0]?.textContent).toContain('1.24 bar');
    expect(screen.getByText('共 26 行')).toBeTruthy();
    await click(table.querySelector('.ant-pagination-item-3') as HTMLElement);
    expect(rows()).toHaveLength(6);
    // The bucket row shows its min and max; the bad reading says so.
    expect(table.textContent).toContain('20.0 – 95.0 %');
    expect(table.textContent).toContain('30 秒 内最小/最大');
    await click(table.querySelector('.ant-pagination-item-3') as HTMLElement);
  });

  it('exports the rows to an Excel file', async () => {
    await openDetail('?tab=history');
    await chooseAndQuery('Inlet pressure');
    await screen.findByTestId('history-chart', undefined, { timeout: 15_000 });
    await click(document.getElementById('history-export') as HTMLElement);
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 15_000 });
    expect(saved[0]?.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    // What the user opens: the header, then the rows newest first as the table lists them.
    const rows = await sheetRowsOf(saved[0]!);
    expect(rows[0]).toEqual(['时间（UTC+8）', '信号', '数值', '状态', '最小值', '最大值', '单位', '质量']);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows[1]?.[1]).toBe('Inlet pressure');
    expect(typeof rows[1]?.[2]).toBe('number');
  });

  it('refuses an 11th signal with a message', async () => {
    const many = Array.from({ length: 11 }, (_, i) => ({ ...SIGNALS[0]!, id: 100 + i, signalTitle: `S${i + 1}` }));
    h.server.on(P.signals, ok(many));
    await openDetail('?tab=history');
    for (let i = 1; i <= 10; i++) await pick('history-signals', `S${i}`);
    expect(screen.getByTestId('history-signals-error').textContent).toBe('一次最多 10 个信号');
    await pick('history-signals', 'S11');
    expect(screen.getByTestId('history-signals-error').textContent).toBe('一次最多只能显示 10 个信号');
    const chosen = document.querySelectorAll('#history-signals');
    expect(chosen).toHaveLength(1);
    expect(document.querySelectorAll('.ant-select-selection-item[title^="S"]').length).toBe(10);
  });

  it('shows an empty answer and a failed one', async () => {
    h.server.on(P.history, ok({ startTime: 0, endTime: 1, series: [{ ...ANSWER.series[0], points: [] }] }));
    await openDetail('?tab=history');
    await chooseAndQuery('Inlet pressure');
    expect(await screen.findByTestId('history-empty', undefined, { timeout: 15_000 })).toBeTruthy();
    h.server.on(P.history, fail('1102', '请求内容无法解析：endTime'));
    await act(async () => {
      await pick('history-signals', 'Tank level');
    });
    await click(document.getElementById('history-query') as HTMLElement);
    const error = await screen.findByTestId('history-error');
    expect(error.textContent).toContain('历史数据加载失败');
    expect(error.textContent).toContain('请求内容无法解析');
  });
});
