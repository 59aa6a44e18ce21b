import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { TEST_USER, installFakeServer, ok, refuse, type FakeServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';

const QUERY = '/lfscada/report/shifts/query';
const SAVE = '/lfscada/report/shifts/save';
const DEFAULT = [
  { name: '夜班', startMinute: 0, endMinute: 480 },
  { name: '早班', startMinute: 480, endMinute: 960 },
  { name: '中班', startMinute: 960, endMinute: 0 },
];

let server: FakeServer;

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installFakeServer({ loggedIn: true });
  server.on('/lfscada/user/info', ok({ ...TEST_USER, roleType: 'admin' }));
  server.on('/lfscada/system/settings/query', ok({ title: '东湖水厂', faviconIco: '', sessionMinutes: 0, defaultSessionMinutes: 720, retentionDays: 0, backup: 'pg_dump' }));
  server.on('/lfscada/ezviz/key/query', ok({ appKey: '', secretSet: false }));
  server.on(QUERY, ok(DEFAULT));
  server.on(SAVE, ok(null));
});

async function openShifts() {
  renderApp('/monitor/gm/list');
  await screen.findByTestId('fleet-list-page', undefined, { timeout: 15_000 });
  fireEvent.click(document.getElementById('user-menu') as HTMLElement);
  fireEvent.click(await screen.findByText('系统设置'));
  await screen.findByTestId('shifts-settings', undefined, { timeout: 15_000 });
  await waitFor(() => expect(input('shift-0-name').value).toBe('夜班'));
}

const input = (id: string) => document.getElementById(id) as HTMLInputElement;

async function click(element: Element) {
  await act(async () => {
    fireEvent.click(element);
  });
}

/** Types a time into an antd TimePicker and confirms it with Enter, as a keyboard user does. */
async function typeTime(id: string, time: string) {
  const field = input(id);
  await act(async () => {
    fireEvent.mouseDown(field);
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: time } });
    fireEvent.keyDown(field, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.blur(field);
  });
  await waitFor(() => expect(input(id).value).toBe(time));
}

const sent = (i = 0) => JSON.parse(new URLSearchParams(server.calls(SAVE)[i]?.body).get('shifts') ?? 'null');

describe('shifts settings', { timeout: 60_000 }, () => {
  it("shows the organisation's shifts; an administrator renames, re-times, adds and removes them and saves", async () => {
    await openShifts();
    expect([0, 1, 2].map((i) => [input(`shift-${i}-name`).value, input(`shift-${i}-start`).value, input(`shift-${i}-end`).value])).toEqual([
      ['夜班', '00:00', '08:00'],
      ['早班', '08:00', '16:00'],
      ['中班', '16:00', '00:00'],
    ]);
    expect(screen.queryByTestId('shift-night')).toBeNull();

    // Two shifts of twelve hours, the night one past midnight.
    fireEvent.change(input('shift-0-name'), { target: { value: ' 白班 ' } });
    await typeTime('shift-0-start', '07:00');
    await typeTime('shift-0-end', '19:00');
    fireEvent.change(input('shift-1-name'), { target: { value: '夜班' } });
    await typeTime('shift-1-start', '19:00');
    await typeTime('shift-1-end', '07:00');
    await click(screen.getByTestId('shift-2-remove'));
    expect(screen.getAllByTestId('shift-row')).toHaveLength(2);
    expect(screen.getAllByTestId('shift-night')).toHaveLength(1);

    await click(document.getElementById('shifts-save') as HTMLElement);
    await waitFor(() => expect(server.calls(SAVE)).toHaveLength(1));
    expect(sent()).toEqual([
      { name: '白班', startMinute: 420, endMinute: 1140 },
      { name: '夜班', startMinute: 1140, endMinute: 420 },
    ]);
    expect(await screen.findByText('班次已保存')).toBeTruthy();
  });

  it('refuses overlapping shifts before sending, and shows what the server refuses', async () => {
    await openShifts();
    await click(document.getElementById('shift-add') as HTMLElement);
    fireEvent.change(input('shift-3-name'), { target: { value: '加班' } });
    await typeTime('shift-3-start', '07:00');
    await typeTime('shift-3-end', '09:00');
    await click(document.getElementById('shifts-save') as HTMLElement);
    expect((await screen.findByTestId('shifts-refusal')).textContent).toBe('“夜班”与“加班”时间重叠');
    expect(server.calls(SAVE)).toHaveLength(0);

    await click(screen.getByTestId('shift-3-remove'));
    server.on(SAVE, refuse('shifts.1.name', '参数 shifts.1.name 无效：太长'));
    await click(document.getElementById('shifts-save') as HTMLElement);
    const message = await screen.findByText('参数 shifts.1.name 无效：太长');
    expect(message.closest('.ant-form-item')?.querySelector('#shift-1-name')).not.toBeNull();

    server.on(SAVE, refuse('shifts', '参数 shifts 无效：时间重叠'));
    await click(document.getElementById('shifts-save') as HTMLElement);
    await waitFor(() => expect(screen.getByTestId('shifts-refusal').textContent).toBe('参数 shifts 无效：时间重叠'));
  });

  it('keeps one to six shifts', async () => {
    await openShifts();
    const add = document.getElementById('shift-add') as HTMLButtonElement;
    for (let i = 3; i < 6; i++) await click(add);
    expect(screen.getAllByTestId('shift-row')).toHaveLength(6);
    expect(add.disabled).toBe(true);
    for (let i = 5; i > 0; i--) await click(screen.getByTestId(`shift-${i}-remove`));
    expect((screen.getByTestId('shift-0-remove') as HTMLButtonElement).disabled).toBe(true);
  });
});
