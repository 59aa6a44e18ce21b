import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorNotifier } from '@/lib/api/client';
import { changeLanguage } from '@/lib/i18n';
import { fail, installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import type { ProjectSummary } from '../model';
import { EQUIPMENT_OPTIONS, OPTION_GROUPS, body, choose, click, confirmPopover } from '../testHelpers';

const QUERY = '/lfscada/project/query';
const INFO = '/lfscada/project/info';
const ADD = '/lfscada/project/add';
const EDIT = '/lfscada/project/edit';
const DELETE = '/lfscada/project/delete';

const rows = (from: number, count: number): ProjectSummary[] =>
  Array.from({ length: count }, (_, i) => ({
    id: from + i,
    name: `Site ${String(from + i).padStart(2, '0')}`,
    remark: i === 0 ? 'North plant' : '',
    equipmentCount: i,
    updated: Date.UTC(2026, 0, 2),
  }));

let server: FakeServer;
let toasts: string[];

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installFakeServer({ loggedIn: true });
  server.on(QUERY, (request) => {
    const page = new URLSearchParams(request.body).get('page');
    return ok({ total: 12, list: page === '2' ? rows(11, 2) : rows(1, 10) });
  });
  server.on(EQUIPMENT_OPTIONS, ok(OPTION_GROUPS));
  toasts = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openScreen() {
  const app = renderApp('/manage/eg/project/list');
  await screen.findByText('Site 01', undefined, { timeout: 15_000 });
  setErrorNotifier((text) => toasts.push(text));
  return app;
}

describe('project list', { timeout: 60_000 }, () => {
  it('pages on the server, 10 per page, and searches from page 1', async () => {
    await openScreen();
    expect(body(server.calls(QUERY)[0])).toEqual({ page: '1', pageSize: '10', keyword: '' });
    expect(screen.getAllByTestId('projects-name')).toHaveLength(10);
    expect(screen.getByText('共 12 个项目')).toBeTruthy();
    expect(screen.getByTestId('projects-designer-note').textContent).toContain('“监控”以实时数值打开项目的首页');
    await click(screen.getByTitle('2'));
    expect(await screen.findByText('Site 12')).toBeTruthy();
    expect(body(server.calls(QUERY).at(-1))).toEqual({ page: '2', pageSize: '10', keyword: '' });

    server.on(QUERY, ok({ total: 0, list: [] }));
    const search = document.getElementById('projects-search') as HTMLInputElement;
    fireEvent.change(search, { target: { value: ' nothing ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('没有符合搜索条件的项目')).toBeTruthy();
    expect(body(server.calls(QUERY).at(-1))).toEqual({ page: '1', pageSize: '10', keyword: 'nothing' });
  });

  it('adds a project with a remark and equipment; a taken name shows on the field', async () => {
    server.on(ADD, fail('1252', '项目名称已存在'));
    await openScreen();
    await click(document.getElementById('projects-add') as HTMLElement);
    await click(document.getElementById('projects-submit') as HTMLElement);
    expect(await screen.findByText('请输入项目名称')).toBeTruthy();
    expect(server.calls(ADD)).toHaveLength(0);
    fireEvent.change(document.getElementById('projects-name') as HTMLElement, { target: { value: ' South ' } });
    fireEvent.change(document.getElementById('projects-remark') as HTMLElement, { target: { value: 'Two halls' } });
    await choose('projects-equipment', ['Pump', 'Fan']);
    await click(document.getElementById('projects-submit') as HTMLElement);
    expect(await screen.findByText('项目名称已存在')).toBeTruthy();
    expect(toasts).toEqual([]);
    expect(body(server.calls(ADD)[0])).toEqual({ name: 'South', remark: 'Two halls', equipmentIds: '3,1' });

    server.on(ADD, ok({ id: 40 }));
    await click(document.getElementById('projects-submit') as HTMLElement);
    await waitFor(() => expect(server.calls(ADD)).toHaveLength(2));
    await waitFor(() => expect(server.calls(QUERY).length).toBeGreaterThan(1));
  });

  it('edits a project from its stored fields and deletes one after confirming', async () => {
    server.on(INFO, ok({ id: 1, name: 'Site 01', remark: 'North plant', equipment: [{ id: 2, equipName: 'Valve' }] }));
    server.on(EDIT, ok(null));
    server.on(DELETE, ok(null));
    await openScreen();
    await click(screen.getByTestId('projects-edit-1'));
    await waitFor(() => expect((document.getElementById('projects-remark') as HTMLTextAreaElement).value).toBe('North plant'));
    fireEvent.change(document.getElementById('projects-remark') as HTMLElement, { target: { value: '' } });
    await click(document.getElementById('projects-submit') as HTMLElement);
    await waitFor(() => expect(server.calls(EDIT)).toHaveLength(1));
    expect(body(server.calls(EDIT)[0])).toEqual({ id: '1', name: 'Site 01', remark: '', equipmentIds: '2' });

    await click(screen.getByTestId('projects-delete-2'));
    const popover = await confirmPopover();
    await click(within(popover).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(server.calls(DELETE)).toHaveLength(1));
    expect(body(server.calls(DELETE)[0])).toEqual({ id: '2' });
  });

  it('says when the list cannot be loaded', async () => {
    server.on(QUERY, fail('90099', '未知异常'));
    renderApp('/manage/eg/project/list');
    const alert = await screen.findByTestId('projects-error', undefined, { timeout: 15_000 });
    expect(alert.textContent).toContain('项目加载失败');
  });
});
