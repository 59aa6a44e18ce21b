import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorNotifier } from '@/lib/api/client';
import { changeLanguage } from '@/lib/i18n';
import { TEST_USER, fail, installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import type { Group } from '../model';

const GROUPS = '/lfscada/monitor/group/query';
const ADD = '/lfscada/monitor/group/add';
const EDIT = '/lfscada/monitor/group/edit';
const DELETE = '/lfscada/monitor/group/delete';

const ROWS: Group[] = [
  { id: 5, name: 'Hall A', equipmentCount: 3 },
  { id: 6, name: 'Hall B', equipmentCount: 0 },
];

let server: FakeServer;
let toasts: string[];

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installFakeServer({ loggedIn: true });
  server.on(GROUPS, ok(ROWS));
  toasts = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function body(request: { body: string } | undefined) {
  return Object.fromEntries(new URLSearchParams(request?.body ?? ''));
}

async function click(element: Element) {
  await act(async () => {
    fireEvent.click(element);
  });
}

async function openScreen() {
  const app = renderApp('/manage/eg/group');
  await screen.findByText('Hall A', undefined, { timeout: 15_000 });
  setErrorNotifier((text) => toasts.push(text));
  return app;
}

const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

async function confirmPopover() {
  const popover = await waitFor(() => {
    const found = document.querySelector('.ant-popover:not(.ant-popover-hidden)');
    expect(found).not.toBeNull();
    return found as HTMLElement;
  });
  return popover;
}

describe('group management', { timeout: 60_000 }, () => {
  it('lists the groups with their equipment count; a name opens the group view', async () => {
    const { router } = await openScreen();
    expect(within(row('Hall A')).getByTestId('fleet-group-count').textContent).toBe('3');
    expect(within(row('Hall B')).getByTestId('fleet-group-count').textContent).toBe('0');
    await click(screen.getByText('Hall A'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/monitor/eg/group/list/5'));
  });

  it('adds a group: trimmed name, checked before sending', async () => {
    server.on(ADD, ok({ id: 7 }));
    await openScreen();
    await click(document.getElementById('fleet-group-add') as HTMLElement);
    const input = (await screen.findByRole('textbox', { name: '分组名称' })) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '   ' } });
    await click(document.getElementById('fleet-group-submit') as HTMLElement);
    expect(await screen.findByText('请输入分组名称')).toBeTruthy();
    expect(server.calls(ADD)).toHaveLength(0);
    server.on(GROUPS, ok([...ROWS, { id: 7, name: 'Hall C', equipmentCount: 0 }]));
    fireEvent.change(input, { target: { value: ' Hall C ' } });
    await click(document.getElementById('fleet-group-submit') as HTMLElement);
    await waitFor(() => expect(body(server.calls(ADD)[0])).toEqual({ name: 'Hall C' }));
    expect(await screen.findByText('Hall C')).toBeTruthy();
  });

  it('renames a group, showing the server’s "group name already exists" on the field', async () => {
    server.on(EDIT, fail('1202', '分组名称已存在'));
    await openScreen();
    await click(screen.getByTestId('fleet-group-rename-6'));
    const input = (await screen.findByRole('textbox', { name: '分组名称' })) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('Hall B'));
    fireEvent.change(input, { target: { value: 'Hall A' } });
    await click(document.getElementById('fleet-group-submit') as HTMLElement);
    const explain = await screen.findByText('分组名称已存在');
    expect(explain.closest('.ant-form-item')).not.toBeNull();
    expect(toasts).toEqual([]);
    expect(body(server.calls(EDIT)[0])).toEqual({ id: '6', name: 'Hall A' });

    server.on(EDIT, ok(null));
    fireEvent.change(input, { target: { value: 'Hall D' } });
    await click(document.getElementById('fleet-group-submit') as HTMLElement);
    await waitFor(() => expect(body(server.calls(EDIT)[1])).toEqual({ id: '6', name: 'Hall D' }));
  });

  it('toasts a refusal that is not about the name', async () => {
    server.on(EDIT, fail('1215', '分组不存在'));
    await openScreen();
    await click(screen.getByTestId('fleet-group-rename-6'));
    await screen.findByRole('textbox', { name: '分组名称' });
    await click(document.getElementById('fleet-group-submit') as HTMLElement);
    await waitFor(() => expect(toasts).toContain('分组不存在'));
  });

  it('deletes after a confirmation that says the equipment becomes ungrouped', async () => {
    server.on(DELETE, ok(null));
    await openScreen();
    await click(screen.getByTestId('fleet-group-delete-5'));
    const popover = await confirmPopover();
    expect(popover.textContent).toContain('删除分组“Hall A”？');
    expect(popover.textContent).toContain('其中的 3 台设备将变为未分组，设备本身不会被删除。');
    server.on(GROUPS, ok([ROWS[1]]));
    await click(within(popover).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(body(server.calls(DELETE)[0])).toEqual({ id: '5' }));
    await waitFor(() => expect(screen.queryByText('Hall A')).toBeNull());
  });

  it('has empty and error states', async () => {
    server.on(GROUPS, fail('90099', '数据库不可用'));
    renderApp('/manage/eg/group');
    const alert = await screen.findByTestId('fleet-error', undefined, { timeout: 15_000 });
    expect(alert.textContent).toContain('分组加载失败');
    expect(alert.textContent).toContain('数据库不可用');
    server.on(GROUPS, ok([]));
    await click(within(alert).getByRole('button'));
    expect(await screen.findByText('还没有分组。点击“新建分组”添加第一个。')).toBeTruthy();
  });

  it('says no permission without the manage permission (the Manage screens are the managers\' own)', async () => {
    server.on('/lfscada/user/info', ok({ ...TEST_USER, auths: [] }));
    renderApp('/manage/eg/group');
    expect(await screen.findByTestId('no-permission', {}, { timeout: 15_000 })).toBeTruthy();
    expect(server.calls('/lfscada/monitor/group/query')).toHaveLength(0);
  });
});
