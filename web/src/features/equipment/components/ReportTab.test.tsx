import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { installFakeServer, ok, refuse, type FakeServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import type { Report } from '@/generated/answers';
import { testEquipment } from '../testEquipment';
import { fromServer } from '../signals/model';

const INFO = '/lfscada/equipment/multi/info';
const SIGNALS = '/lfscada/equipment/multi/signal/query';
const REPORTS = '/lfscada/monitor/multi/report/queryAll';
const SAVE = '/lfscada/equipment/multi/report/save';
const DELETE = '/lfscada/equipment/multi/report/delete';

const REPORT: Report = {
  id: 4,
  equipmentId: 7,
  name: 'Daily energy',
  periodMs: 15 * 60_000,
  columns: [
    { signalId: 31, statistic: 'difference', wrapsAt: 65536 },
    { signalId: 32, statistic: 'avg' },
    { signalId: 99, statistic: 'max' },
  ],
  gmtCreate: Date.UTC(2026, 10, 28, 1, 0, 0),
};

let server: FakeServer;

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installFakeServer({ loggedIn: true });
  server.on(INFO, ok(testEquipment()));
  server.on(
    SIGNALS,
    ok([
      fromServer({ id: 31, name: 'Energy total', area: 'input_register', address: 8, dataType: 'uint32', unit: 'kWh' }),
      fromServer({ id: 32, name: 'Flow', area: 'input_register', address: 4, dataType: 'float32', unit: 'm³/h' }),
      fromServer({ id: 33, name: 'Pump running', area: 'discrete_input', address: 0, dataType: 'bool' }),
    ]),
  );
  server.on(REPORTS, ok([REPORT]));
  server.on(SAVE, ok({ id: 5 }));
  server.on(DELETE, ok(null));
});

const body = (request: { body: string } | undefined) => Object.fromEntries(new URLSearchParams(request?.body ?? ''));

async function click(element: Element) {
  await act(async () => {
    fireEvent.click(element);
  });
}

function fill(id: string, value: string) {
  fireEvent.change(document.getElementById(id) as HTMLInputElement, { target: { value } });
}

/** Opens the antd Select whose input is `id` and picks the option whose title is `text`. */
async function pick(id: string, text: string) {
  const selector = document.getElementById(id)?.closest('.ant-select')?.querySelector('.ant-select-selector');
  await act(async () => {
    fireEvent.mouseDown(selector as Element);
  });
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find(
      (node) => node.getAttribute('title') === text || node.firstElementChild?.firstElementChild?.textContent === text,
    );
    expect(found, `option ${text} of ${id}`).toBeDefined();
    return found as HTMLElement;
  });
  await click(option);
}

async function openTab() {
  renderApp('/manage/eg/equipment/edit/7/report');
  return screen.findByText('Daily energy', undefined, { timeout: 15_000 });
}

describe('report tab', { timeout: 60_000 }, () => {
  it('lists each report with its step and its columns as "signal · statistic", a deleted signal named', async () => {
    await openTab();
    const tags = await waitFor(() => {
      const found = screen.getAllByTestId('report-column-tag').map((tag) => tag.textContent);
      expect(found[0]).toBe('Energy total · 差值');
      return found;
    });
    expect(tags).toEqual(['Energy total · 差值', 'Flow · 平均值', '已删除的信号 99 · 最大值']);
    expect(screen.getByText('15 分钟')).toBeTruthy();
  });

  it('defines a report: columns with statistics, a wrap value only for a difference, reordered and removed', async () => {
    await openTab();
    await click(document.getElementById('report-add') as HTMLElement);
    await screen.findByTestId('report-columns');
    fill('report-name', ' 能耗日报 ');
    fill('report-period', '30');
    // An empty column is refused before anything is sent.
    await click(document.getElementById('report-save') as HTMLElement);
    expect(await screen.findByText('请选择信号')).toBeTruthy();
    expect(server.calls(SAVE)).toHaveLength(0);

    await pick('report-column-0-signal', 'Energy total (kWh)');
    await pick('report-column-0-statistic', '差值');
    expect(document.getElementById('report-column-0-wraps')).not.toBeNull();
    fill('report-column-0-wraps', '65536');
    await click(document.getElementById('report-column-add') as HTMLElement);
    await pick('report-column-1-signal', 'Pump running');
    await pick('report-column-1-statistic', '运行时长');
    expect(document.getElementById('report-column-1-wraps')).toBeNull();
    await click(document.getElementById('report-column-add') as HTMLElement);
    await pick('report-column-2-signal', 'Flow (m³/h)');
    expect(screen.getByTestId('report-column-count').textContent).toBe('3 / 20 列');
    // Flow (an average, the default) first; then the running hours removed.
    await click(screen.getByTestId('report-column-2-up'));
    await click(screen.getByTestId('report-column-1-up'));
    await click(screen.getByTestId('report-column-2-remove'));

    await click(document.getElementById('report-save') as HTMLElement);
    await waitFor(() => expect(server.calls(SAVE)).toHaveLength(1));
    const sent = body(server.calls(SAVE)[0]);
    expect(sent).toEqual({ equipmentId: '7', name: '能耗日报', periodMs: String(30 * 60_000), columns: sent.columns });
    expect(JSON.parse(sent.columns ?? '')).toEqual([
      { signalId: 32, statistic: 'avg' },
      { signalId: 31, statistic: 'difference', wrapsAt: 65536 },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("changes a report by its id, and a refused column's field shows the server's message", async () => {
    await openTab();
    await click(await screen.findByTestId('report-edit-4'));
    await waitFor(() => expect((document.getElementById('report-name') as HTMLInputElement).value).toBe('Daily energy'));
    expect((document.getElementById('report-period') as HTMLInputElement).value).toBe('15');
    expect((document.getElementById('report-column-0-wraps') as HTMLInputElement).value).toBe('65536');
    expect(screen.getAllByTestId('report-column')).toHaveLength(3);
    server.on(SAVE, refuse('columns.2.signalId', '参数 columns.2.signalId 无效：不允许'));
    await click(document.getElementById('report-save') as HTMLElement);
    const message = await screen.findByText('参数 columns.2.signalId 无效：不允许');
    expect(message.closest('.ant-form-item')?.querySelector('#report-column-2-signal')).not.toBeNull();
    const sent = body(server.calls(SAVE)[0]);
    expect(sent.id).toBe('4');
    expect(JSON.parse(sent.columns ?? '')).toEqual(REPORT.columns);

    // Replaced by a signal that exists, it saves.
    server.on(SAVE, ok({ id: 4 }));
    await pick('report-column-2-signal', 'Pump running');
    await pick('report-column-2-statistic', '运行时长');
    await click(document.getElementById('report-save') as HTMLElement);
    await waitFor(() => expect(server.calls(SAVE)).toHaveLength(2));
    expect(JSON.parse(body(server.calls(SAVE)[1]).columns ?? '')[2]).toEqual({ signalId: 33, statistic: 'onHours' });
  });

  it('deletes a report after asking', async () => {
    await openTab();
    await click(await screen.findByTestId('report-delete-4'));
    const confirm = await waitFor(() => document.getElementById('report-delete-ok-4') as HTMLElement);
    server.on(REPORTS, ok([]));
    await click(confirm);
    await waitFor(() => expect(body(server.calls(DELETE)[0])).toEqual({ id: '4' }));
    await waitFor(() => expect(within(screen.getByTestId('report-tab')).getByText('还没有报表')).toBeTruthy());
  });
});
