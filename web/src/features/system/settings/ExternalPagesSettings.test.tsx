import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { TEST_USER, installFakeServer, ok, refuse, type FakeServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';

configure({ asyncUtilTimeout: 5000 });

const LIST = '/lfscada/system/frame/list';
const SAVE = '/lfscada/system/frame/save';
const DELETE = '/lfscada/system/frame/delete';
const SETTINGS = { title: '东湖水厂', faviconIco: '', sessionMinutes: 0, defaultSessionMinutes: 720, retentionDays: 0, backup: 'none' };

let server: FakeServer;

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installFakeServer({ loggedIn: true });
  server.on('/lfscada/system/settings/query', ok(SETTINGS));
  server.on(LIST, ok([{ id: 3, title: '能源看板', url: 'https://energy.example.com/board' }]));
  server.on(SAVE, ok({ id: 4 }));
  server.on(DELETE, ok(null));
});

async function openSection(roleType: string) {
  server.on('/lfscada/user/info', ok({ ...TEST_USER, roleType }));
  renderApp('/monitor/gm/list');
  await screen.findByTestId('fleet-list-page', undefined, { timeout: 15_000 });
  fireEvent.click(document.getElementById('user-menu') as HTMLElement);
  fireEvent.click(await screen.findByText('系统设置'));
  await screen.findByText('语言（本浏览器）', undefined, { timeout: 15_000 });
}

const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const body = (path: string, i = 0) => Object.fromEntries(new URLSearchParams(server.calls(path)[i]?.body));

describe('external pages in the system settings dialog', { timeout: 60_000 }, () => {
  it('an administrator sees the table, adds a page, and a refused address is marked on its field', async () => {
    await openSection('admin');
    const section = await screen.findByTestId('external-pages-settings');
    expect(await within(section).findByText('能源看板')).toBeTruthy();
    expect(within(section).getByText('https://energy.example.com/board')).toBeTruthy();

    server.on(SAVE, refuse('url', '必须是 http 或 https 网址'));
    fireEvent.change(input('external-page-title'), { target: { value: ' 视频墙 ' } });
    fireEvent.change(input('external-page-url'), { target: { value: 'ftp://wall.example/' } });
    fireEvent.click(document.getElementById('external-page-save') as HTMLElement);
    expect(await within(section).findByText('必须是 http 或 https 网址')).toBeTruthy();
    expect(body(SAVE)).toEqual({ title: '视频墙', url: 'ftp://wall.example/' });

    server.on(SAVE, ok({ id: 4 }));
    fireEvent.change(input('external-page-url'), { target: { value: 'https://wall.example/' } });
    fireEvent.click(document.getElementById('external-page-save') as HTMLElement);
    await waitFor(() => expect(server.calls(SAVE)).toHaveLength(2));
    expect(body(SAVE, 1)).toEqual({ title: '视频墙', url: 'https://wall.example/' });
    await waitFor(() => expect(input('external-page-title').value).toBe(''), { timeout: 5000 });
  });

  it('edits an entry by its id and deletes one after asking', async () => {
    await openSection('admin');
    const section = await screen.findByTestId('external-pages-settings');
    fireEvent.click(await within(section).findByLabelText('编辑“能源看板”'));
    await waitFor(() => expect(input('external-page-url').value).toBe('https://energy.example.com/board'));
    fireEvent.change(input('external-page-title'), { target: { value: '能源' } });
    fireEvent.click(document.getElementById('external-page-save') as HTMLElement);
    await waitFor(() => expect(server.calls(SAVE)).toHaveLength(1));
    expect(body(SAVE)).toEqual({ id: '3', title: '能源', url: 'https://energy.example.com/board' });

    fireEvent.click(within(section).getByLabelText('删除“能源看板”'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(server.calls(DELETE)).toHaveLength(1));
    expect(body(DELETE)).toEqual({ id: '3' });
  });

  it('is not offered to anyone but an administrator', async () => {
    await openSection('user');
    expect(screen.queryByTestId('external-pages-settings')).toBeNull();
  });
});
