/**
 * Generated reports in the EG detail's Reports tab: the list of a definition's closed days and months (newest first,
 * paged on the server), one opened read-only with its period and when it was made, exported and printed as the live
 * view is; a definition without any says when the first is made.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readSheet } from 'read-excel-file/universal';
import { changeLanguage } from '@/lib/i18n';
import { formatBaseTime } from '@/lib/chinaTime';
import { fail, ok } from '@/test/fakeServer';
import type { ArchivedReport, Listed, Report, ReportArchive, ReportColumn } from '@/generated/answers';
import { firstArchiveAt } from '@/entities/reports/archive';
import { EQUIPMENT_ID, body, click, installDetailServer, openDetail, pick, type Harness } from './testSupport';
import { captureDownloads } from '@/test/downloads';

vi.mock('@/components/EChart', () => ({
  default: ({ testId }: { testId?: string }) => <div data-testid={testId} />,
}));

const P = {
  all: '/lfscada/monitor/multi/report/queryAll',
  cols: '/lfscada/monitor/multi/report/queryCols',
  list: '/lfscada/monitor/multi/report/archive/query',
  info: '/lfscada/monitor/multi/report/archive/info',
};
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const REPORTS: Report[] = [
  { id: 4, equipmentId: EQUIPMENT_ID, name: 'Daily energy', periodMs: HOUR, columns: [{ signalId: 7, statistic: 'difference' }], gmtCreate: 0 },
  { id: 5, equipmentId: EQUIPMENT_ID, name: 'Levels', periodMs: HOUR, columns: [{ signalId: 3, statistic: 'max' }], gmtCreate: 0 },
];
const COLS: ReportColumn[] = [
  { signalId: 7, signalTitle: 'Energy total', unit: 'kWh', decimals: 1, statistic: 'difference' },
  { signalId: 3, signalTitle: 'Tank level', unit: '%', decimals: 1, statistic: 'avg' },
];

const midnight = (date: string) => Date.parse(`${date}T00:00:00+08:00`);
/** The closed days 2026-11-01 … 2026-11-25 and the month 2026-10, newest first, as the server lists them. */
const ARCHIVES: ArchivedReport[] = [
  ...Array.from({ length: 25 }, (_, i) => {
    const date = `2026-11-${String(25 - i).padStart(2, '0')}`;
    return { view: 'day', period: date, start: midnight(date), end: midnight(date) + DAY, generatedMs: midnight(date) + DAY + 10 * 60_000 };
  }),
  { view: 'month', period: '2026-10', start: midnight('2026-10-01'), end: midnight('2026-11-01'), generatedMs: midnight('2026-11-01') + 10 * 60_000 },
];

function listed(request: { body: string }) {
  const asked = body(request);
  const [page, size] = [Number(asked.page), Number(asked.pageSize)];
  return ok({ total: ARCHIVES.length, list: ARCHIVES.slice((page - 1) * size, page * size) } satisfies Listed<ArchivedReport>);
}

function info(request: { body: string }) {
  const asked = body(request);
  const archive = ARCHIVES.find((a) => a.view === asked.view && a.period === asked.period);
  if (!archive) return fail('1100', 'period: not allowed', { field: 'period', reason: { kind: 'notAllowed' } });
  const hours = archive.view === 'day';
  const rows = Array.from({ length: hours ? 24 : 31 }, (_, i) => ({
    start: archive.start + i * (hours ? HOUR : DAY),
    end: archive.start + (i + 1) * (hours ? HOUR : DAY),
    running: false,
    values: [10 + i / 4, i === 2 ? null : 50],
  }));
  return ok({ archive, cols: COLS, rows } satisfies ReportArchive);
}

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
  h.server.on(P.cols, ok({ report: REPORTS[0], cols: COLS, rows: [], total: 0 }));
  h.server.on(P.list, listed);
  h.server.on(P.info, info);
  saved = captureDownloads();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openArchives() {
  await openDetail('?tab=reports');
  await screen.findByTestId('report-viewer', undefined, { timeout: 15_000 });
  await click(screen.getByTestId('report-mode-archive'));
}

function cells(): string[][] {
  return [...document.querySelectorAll('[data-testid="report-table"] tbody tr.ant-table-row')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''),
  );
}

function listRows(): string[] {
  return [...document.querySelectorAll('[data-testid="archive-list"] tbody tr.ant-table-row td:first-child')].map((td) => td.textContent ?? '');
}

describe('generated reports', { timeout: 60_000 }, () => {
  it('lists the closed days and months newest first, a page at a time', async () => {
    await openArchives();
    await waitFor(() => expect(listRows()).toHaveLength(10));
    expect(body(h.server.calls(P.list)[0])).toEqual({ reportId: '4', page: '1', pageSize: '10' });
    expect(listRows().slice(0, 2)).toEqual(['日报 2026-11-25', '日报 2026-11-24']);
    const first = document.querySelector('[data-testid="archive-list"] tbody tr.ant-table-row') as HTMLElement;
    expect(first.textContent).toContain('2026-11-25 00:00 – 2026-11-26 00:00');
    expect(first.textContent).toContain('2026-11-26 00:10:00');
    expect(screen.getByText('共 26 份')).toBeTruthy();

    await click(document.querySelector('.ant-pagination-item-3') as HTMLElement);
    await waitFor(() => expect(listRows()).toEqual(['日报 2026-11-05', '日报 2026-11-04', '日报 2026-11-03', '日报 2026-11-02', '日报 2026-11-01', '月报 2026-10']));
    expect(body(h.server.calls(P.list).at(-1))).toEqual({ reportId: '4', page: '3', pageSize: '10' });

    // Another definition: its own list, from its first page.
    await pick('report-select', 'Levels');
    await waitFor(() => expect(body(h.server.calls(P.list).at(-1))).toEqual({ reportId: '5', page: '1', pageSize: '10' }));
  });

  it('opens one read-only: its table as made, its period and when it was made; back to the list', async () => {
    await openArchives();
    await click(await screen.findByTestId('archive-open-day-2026-11-24'));
    await waitFor(() => expect(cells()).toHaveLength(24));
    expect(body(h.server.calls(P.info)[0])).toEqual({ reportId: '4', view: 'day', period: '2026-11-24' });
    expect(cells()[0]).toEqual(['00:00–01:00', '10.0', '50.0']);
    expect(cells()[2]).toEqual(['02:00–03:00', '10.5', '—']);
    expect(screen.getByTestId('report-heading').textContent).toBe('Daily energy · 日报 2026-11-24');
    expect(screen.getByTestId('archive-generated').textContent).toBe('生成于 2026-11-25 00:10:00');
    // Nothing to pick: a generated report is what it was made as.
    expect(document.getElementById('report-date')).toBeNull();
    expect(screen.queryByTestId('report-running')).toBeNull();

    // Back on the page it was opened from.
    await click(document.getElementById('archive-back') as HTMLElement);
    await waitFor(() => expect(listRows()[0]).toBe('日报 2026-11-25'));
    await click(document.querySelector('.ant-pagination-item-3') as HTMLElement);
    await click(await screen.findByTestId('archive-open-month-2026-10'));
    await waitFor(() => expect(cells()).toHaveLength(31));
    await click(document.getElementById('archive-back') as HTMLElement);
    await waitFor(() => expect(listRows().at(-1)).toBe('月报 2026-10'));
    await click(screen.getByTestId('archive-open-month-2026-10'));
    await waitFor(() => expect(cells()).toHaveLength(31));
    expect(cells()[0]?.[0]).toBe('2026-10-01');
    expect(screen.getByTestId('report-heading').textContent).toBe('Daily energy · 月报 2026-10');
  });

  it('exports and prints the opened one as the live view does, without reading it again', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    await openArchives();
    await click(await screen.findByTestId('archive-open-day-2026-11-24'));
    await waitFor(() => expect(cells()).toHaveLength(24));

    await click(document.getElementById('report-export') as HTMLElement);
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 15_000 });
    expect(h.server.calls(P.info)).toHaveLength(1);
    const rows = await readSheet(await bytes(saved[0] as Blob));
    expect(rows.slice(0, 5).map((row) => row.slice(0, 2))).toEqual([
      ['Daily energy', null],
      ['设备', '1# Pump station'],
      ['视图', '日报'],
      ['时间', '2026-11-24'],
      ['生成于 2026-11-25 00:10:00', null],
    ]);
    expect(rows[7]).toEqual(['时段', 'Energy total · 差值 (kWh)', 'Tank level · 平均值 (%)', '状态']);
    expect(rows[8]).toEqual(['00:00–01:00', 10, 50, null]);
    expect(rows[10]).toEqual(['02:00–03:00', 10.5, null, null]);

    const copy = screen.getByTestId('report-print');
    expect(copy.querySelector('h1')?.textContent).toBe('Daily energy');
    expect(copy.textContent).toContain('生成于 2026-11-25 00:10:00');
    expect(copy.querySelectorAll('tbody tr')).toHaveLength(24);
    await act(async () => {
      fireEvent.click(document.getElementById('report-print') as HTMLElement);
    });
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('says when the first is made for a definition without any, and shows a failed opening', async () => {
    h.server.on(P.list, ok({ total: 0, list: [] }));
    await openArchives();
    const none = await screen.findByTestId('archive-none');
    expect(none.textContent).toContain('该报表还没有生成过');
    const first = firstArchiveAt(Date.now());
    expect(formatBaseTime(first, 'HH:mm')).toBe('00:10');
    expect(first - Date.now()).toBeGreaterThan(0);
    expect(first - Date.now()).toBeLessThanOrEqual(DAY + 10 * 60_000);
    expect(none.textContent).toContain(`今天的报表将于 ${formatBaseTime(first, 'YYYY-MM-DD HH:mm')} 生成`);

    h.server.on(P.list, listed);
    h.server.on(P.info, fail('500', '数据库不可用'));
    await click(screen.getByTestId('report-mode-live'));
    await click(screen.getByTestId('report-mode-archive'));
    await click(await screen.findByTestId('archive-open-day-2026-11-25', undefined, { timeout: 15_000 }));
    expect((await screen.findByTestId('archive-report-error')).textContent).toContain('已生成报表加载失败');
  });
});
