import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorNotifier } from '@/lib/api/client';
import { changeLanguage } from '@/lib/i18n';
import { TEST_USER, fail, installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import type { SceneSummary } from '../model';
import { EQUIPMENT_OPTIONS, OPTION_GROUPS, body, choose, click, confirmPopover } from '../testHelpers';

const QUERY = '/lfscada/scene/query';
const INFO = '/lfscada/scene/info';
const ADD = '/lfscada/scene/add';
const EDIT = '/lfscada/scene/edit';
const DELETE = '/lfscada/scene/delete';

const ROWS: SceneSummary[] = [
  { id: 5, name: 'Hall A board', equipmentCount: 2, updated: Date.UTC(2026, 0, 2, 1, 2, 3) },
  { id: 6, name: 'Pumps', equipmentCount: 1, updated: Date.UTC(2026, 0, 3, 0, 0, 0) },
];

let server: FakeServer;
let toasts: string[];

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installFakeServer({ loggedIn: true });
  server.on(QUERY, ok(ROWS));
  server.on(EQUIPMENT_OPTIONS, ok(OPTION_GROUPS));
  toasts = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openScreen() {
  const app = renderApp('/manage/eg/scene');
  await screen.findByText('Hall A board', undefined, { timeout: 15_000 });
  setErrorNotifier((text) => toasts.push(text));
  return app;
}

const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('scene management', { timeout: 60_000 }, () => {
  it('lists the scenes with their equipment count and last change; a name opens the preview', async () => {
    const { router } = await openScreen();
    expect(within(row('Hall A board')).getByTestId('scenes-count').textContent).toBe('2');
    expect(row('Hall A board').textContent).toContain('2026-01-02 09:02:03');
    await click(screen.getByText('Pumps'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/scene/preview/6'));
  });

  it('adds a scene: checked before sending, equipment in the order chosen', async () => {
    server.on(ADD, ok({ id: 7 }));
    await openScreen();
    await click(document.getElementById('scenes-add') as HTMLElement);
    await click(document.getElementById('scenes-submit') as HTMLElement);
    expect(await screen.findByText('请输入场景名称')).toBeTruthy();
    expect(await screen.findByText('请至少选择一台设备')).toBeTruthy();
    expect(server.calls(ADD)).toHaveLength(0);

    fireEvent.change(document.getElementById('scenes-name') as HTMLElement, { target: { value: '  Line 2  ' } });
    await choose('scenes-equipment', ['Valve', 'Pump']);
    server.on(QUERY, ok([...ROWS, { id: 7, name: 'Line 2', equipmentCount: 2, updated: 0 }]));
    await click(document.getElementById('scenes-submit') as HTMLElement);
    await waitFor(() => expect(server.calls(ADD)).toHaveLength(1));
    expect(body(server.calls(ADD)[0])).toEqual({ name: 'Line 2', equipmentIds: '2,3' });
    expect(await screen.findByText('Line 2')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.ant-modal-wrap:not([style*="display: none"]) #scenes-name')).toBeNull());
  });

  it('shows "scene name already exists" on the name field, not as a toast', async () => {
    server.on(ADD, fail('1250', '场景名称已存在'));
    await openScreen();
    await click(document.getElementById('scenes-add') as HTMLElement);
    fireEvent.change(document.getElementById('scenes-name') as HTMLElement, { target: { value: 'Pumps' } });
    await choose('scenes-equipment', ['Fan']);
    await click(document.getElementById('scenes-submit') as HTMLElement);
    expect(await screen.findByText('场景名称已存在')).toBeTruthy();
    expect(toasts).toEqual([]);
  });

  it('edits a scene: the form starts from the scene, the save names it', async () => {
    server.on(INFO, ok({ id: 5, name: 'Hall A board', equipment: [{ id: 3, equipName: 'Pump', keyValues: [] }, { id: 1, equipName: 'Fan', keyValues: [] }] }));
    server.on(EDIT, ok(null));
    await openScreen();
    await click(screen.getByTestId('scenes-edit-5'));
    await waitFor(() => expect((document.getElementById('scenes-name') as HTMLInputElement).value).toBe('Hall A board'));
    fireEvent.change(document.getElementById('scenes-name') as HTMLElement, { target: { value: 'Hall A' } });
    await click(document.getElementById('scenes-submit') as HTMLElement);
    await waitFor(() => expect(server.calls(EDIT)).toHaveLength(1));
    expect(body(server.calls(EDIT)[0])).toEqual({ id: '5', name: 'Hall A', equipmentIds: '3,1' });
  });

  it('deletes a scene after confirming', async () => {
    server.on(DELETE, ok(null));
    await openScreen();
    await click(screen.getByTestId('scenes-delete-6'));
    const popover = await confirmPopover();
    expect(popover.textContent).toContain('删除场景“Pumps”？');
    server.on(QUERY, ok([ROWS[0]]));
    await click(within(popover).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(server.calls(DELETE)).toHaveLength(1));
    expect(body(server.calls(DELETE)[0])).toEqual({ id: '6' });
    await waitFor(() => expect(screen.queryByText('Pumps')).toBeNull());
  });

  it('says when the list cannot be loaded, and retries', async () => {
    server.on(QUERY, fail('90099', '未知异常'));
    renderApp('/manage/eg/scene');
    const alert = await screen.findByTestId('scenes-error', undefined, { timeout: 15_000 });
    expect(alert.textContent).toContain('场景加载失败');
    server.on(QUERY, ok([]));
    await click(within(alert).getByRole('button'));
    expect(await screen.findByText('暂无场景。点击“新建场景”，把设备卡片放到一个看板上。')).toBeTruthy();
  });

  it('says no permission without the manage permission (the Manage screens are the managers\' own)', async () => {
    server.on('/lfscada/user/info', ok({ ...TEST_USER, auths: [] }));
    renderApp('/manage/eg/scene');
    expect(await screen.findByTestId('no-permission', {}, { timeout: 15_000 })).toBeTruthy();
    expect(server.calls('/lfscada/scene/query')).toHaveLength(0);
  });
});
