/**
 * A project's custom reports in its monitor: listed, one viewed (live through `data/query`, and its generated
 * reports), and with the manage permission added, changed and deleted; the column editor offers the project's
 * signals and variables, a variable only the statistics the server allows, and a refused field is shown at its
 * control.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { fail, ok, refuse, type FakeServer } from '@/test/fakeServer';
import { chinaDay } from '@/entities/reports/view';
import { click, fill } from '../../detail/components/testSupport';
import { CUSTOM, P, body, cells, installProjectServer, openProject, waitForRows } from './projectTestSupport';

let server: FakeServer;

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installProjectServer();
});

/** An option's text: its title, or (a statistic, drawn with its hint) its first line. */
const optionText = (node: Element) => node.getAttribute('title') ?? node.firstElementChild?.firstElementChild?.firstElementChild?.textContent ?? '';

/** Picks `text` in the Select whose input has `id`, typing it first where the Select searches. */
async function pick(id: string, text: string) {
  const input = document.getElementById(id) as HTMLInputElement;
  await act(async () => {
    fireEvent.mouseDown(input.closest('.ant-select')?.querySelector('.ant-select-selector') as HTMLElement);
    if (!input.readOnly) fireEvent.change(input, { target: { value: text } });
  });
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find(
      (node) => optionText(node) === text,
    );
    expect(found, `option ${text} of ${id}`).toBeDefined();
    return found as HTMLElement;
  });
  await click(option);
}

/** The options of the open Select dropdown whose input has `id`. */
async function optionsOf(id: string): Promise<string[]> {
  const selector = (document.getElementById(id) as HTMLElement).closest('.ant-select')?.querySelector('.ant-select-selector') as HTMLElement;
  await act(async () => {
    fireEvent.mouseDown(selector);
  });
  const titles = await waitFor(() => {
    const list = document.getElementById(`${id}_list`)?.closest('.ant-select-dropdown');
    expect(list).toBeTruthy();
    return [...(list as HTMLElement).querySelectorAll('.ant-select-item-option')].map(optionText);
  });
  // Closed again, so the next pick opens it.
  await act(async () => {
    fireEvent.mouseDown(selector);
  });
  return titles;
}

const sent = () => {
  const request = body(server.calls(P.save).at(-1));
  return { ...request, columns: JSON.parse(request.columns ?? '[]') as unknown };
};

describe("a project's custom reports", { timeout: 60_000 }, () => {
  it('lists them and views one live and its generated reports, the one viewed in the address', async () => {
    const { router } = await openProject('?view=custom');
    const list = await screen.findByTestId('custom-list');
    expect(within(list).getAllByRole('row').slice(1).map((row) => row.querySelector('td')?.textContent)).toEqual(['全站能耗', '压力']);
    expect(list.textContent).toContain('15 分钟');

    await click(screen.getByTestId('custom-view-61'));
    await waitForRows(24);
    expect(router.state.location.search).toBe('?view=custom&custom=61');
    expect(body(server.calls(P.customData)[0])).toEqual({ customReportId: '61', view: 'day', date: chinaDay(Date.now() - 86_400_000) });
    const heads = [...document.querySelectorAll('[data-testid="report-table"] thead th')].map((th) => th.textContent);
    expect(heads).toEqual(['时段', '1# Pump station · Energy total · 差值 (kWh)', '合计流量 · 平均值 (m³/h)']);
    expect(cells()[5]).toEqual(['05:00–06:00', '10.0', '—']);

    await click(screen.getByTestId('report-mode-archive'));
    await click(await screen.findByTestId('archive-open-day-2026-11-27'));
    await waitForRows(24);
    expect(body(server.calls(P.customArchive)[0])).toEqual({ customReportId: '61', view: 'day', period: '2026-11-27' });
    expect(cells()[1]).toEqual(['01:00–02:00', '101.0']);
    expect(screen.getByTestId('archive-generated').textContent).toBe('生成于 2026-11-28 00:10:02');

    await click(document.getElementById('custom-back') as HTMLElement);
    await screen.findByTestId('custom-list');
    expect(router.state.location.search).toBe('?view=custom');
  });

  it('adds one: a signal with a difference and its wrap, a variable with only the statistics it allows', async () => {
    const { router } = await openProject('?view=custom');
    await screen.findByTestId('custom-list');
    await click(document.getElementById('custom-add') as HTMLElement);
    await waitFor(() => expect(server.calls(P.equips)).toHaveLength(1));
    fill('custom-name', '能耗与流量');
    fill('custom-period', '30');

    expect(await optionsOf('custom-column-0-source')).toEqual([
      '1# Pump station · Energy total (kWh)',
      '1# Pump station · Inlet pressure (bar)',
      '2# Pump station · Outlet pressure (bar)',
      '合计流量',
      '压差',
    ]);
    await pick('custom-column-0-source', '1# Pump station · Energy total (kWh)');
    await pick('custom-column-0-statistic', '差值');
    fill('custom-column-0-wraps', '65536');

    await click(document.getElementById('custom-column-add') as HTMLElement);
    await pick('custom-column-1-source', '压差');
    // The formula keeps only its first and last readings: the average a new column starts with becomes the first.
    await waitFor(() => expect(server.calls(P.statistics).map((r) => body(r).mvarId)).toContain('4'));
    expect(await optionsOf('custom-column-1-statistic')).toEqual(['首值', '末值']);
    await waitFor(() =>
      expect(
        [...document.querySelectorAll('[data-testid="custom-column"]')][1]?.querySelectorAll('.ant-select-selection-item')[1]?.textContent,
      ).toBe('首值'),
    );
    expect(document.getElementById('custom-column-1-wraps')).toBeNull();

    await click(document.getElementById('custom-save') as HTMLElement);
    await waitFor(() => expect(server.calls(P.save)).toHaveLength(1));
    expect(sent()).toEqual({
      projectId: '4',
      name: '能耗与流量',
      periodMs: String(30 * 60_000),
      columns: [
        { equipmentId: 7, signalId: 1, statistic: 'difference', wrapsAt: 65536 },
        { mvarId: 4, statistic: 'first' },
      ],
    });
    // The new one is shown, the list read again.
    await waitFor(() => expect(router.state.location.search).toBe('?view=custom&custom=63'));
    await waitFor(() => expect(server.calls(P.customAll).length).toBeGreaterThan(1));
  });

  it("changes one, showing the server's refusal at the column's control", async () => {
    server.on(P.save, refuse('columns.1.statistic', 'columns.1.statistic: 该变量不允许此统计方式'));
    await openProject('?view=custom');
    await click(await screen.findByTestId('custom-edit-61'));
    await waitFor(() => expect((document.getElementById('custom-name') as HTMLInputElement).value).toBe('全站能耗'));
    await waitFor(() => expect((document.getElementById('custom-column-0-wraps') as HTMLInputElement).value).toBe('65536'));
    fill('custom-name', '全站能耗（新）');
    await click(document.getElementById('custom-save') as HTMLElement);
    await waitFor(() => expect(server.calls(P.save)).toHaveLength(1));
    expect(sent()).toEqual({
      projectId: '4',
      id: '61',
      name: '全站能耗（新）',
      periodMs: String(60 * 60_000),
      columns: [
        { equipmentId: 7, signalId: 1, statistic: 'difference', wrapsAt: 65536 },
        { mvarId: 3, statistic: 'avg' },
      ],
    });
    const column = [...document.querySelectorAll('[data-testid="custom-column"]')][1] as HTMLElement;
    await waitFor(() => expect(column.textContent).toContain('该变量不允许此统计方式'));
    expect(screen.getByTestId('custom-editor')).toBeTruthy();
  });

  it('deletes one after a confirmation', async () => {
    await openProject('?view=custom');
    await click(await screen.findByTestId('custom-delete-62'));
    expect(server.calls(P.remove)).toHaveLength(0);
    server.on(P.customAll, ok(CUSTOM.slice(0, 1)));
    await click(await waitFor(() => document.getElementById('custom-delete-ok-62') as HTMLElement));
    await waitFor(() => expect(server.calls(P.remove)).toHaveLength(1));
    expect(body(server.calls(P.remove)[0])).toEqual({ id: '62' });
    await waitFor(() => expect(screen.queryByTestId('custom-view-62')).toBeNull());
  });

  it('offers no change without the manage permission', async () => {
    server = installProjectServer(['monitor_write_data']);
    await openProject('?view=custom');
    await screen.findByTestId('custom-list');
    expect(document.getElementById('custom-add')).toBeNull();
    expect(screen.queryByTestId('custom-edit-61')).toBeNull();
    expect(screen.queryByTestId('custom-delete-61')).toBeNull();
    expect(server.calls(P.equips)).toHaveLength(0);
  });

  it('says so when there is none', async () => {
    server.on(P.customAll, ok([]));
    await openProject('?view=custom');
    const none = await screen.findByTestId('custom-none');
    expect(none.textContent).toContain('该项目还没有自定义报表');
    expect(within(none).getByText('新增自定义报表')).toBeTruthy();
  });

  it('says so when the list fails', async () => {
    server.on(P.customAll, fail('500', '数据库不可用'));
    await openProject('?view=custom&custom=61');
    expect((await screen.findByTestId('custom-error')).textContent).toContain('自定义报表加载失败');
    expect(server.calls(P.customData)).toHaveLength(0);
  });

  it('names a custom report that is gone', async () => {
    await openProject('?view=custom&custom=99');
    expect((await screen.findByTestId('custom-not-found')).textContent).toContain('该自定义报表已不存在');
    expect(screen.getByTestId('custom-list')).toBeTruthy();
  });
});
