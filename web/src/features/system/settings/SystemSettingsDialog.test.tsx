import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { TEST_USER, installFakeServer, ok, refuse, type FakeServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';

configure({ asyncUtilTimeout: 5000 });

const QUERY = '/lfscada/system/settings/query';
const SAVE = '/lfscada/system/settings/save';
const EZVIZ_QUERY = '/lfscada/ezviz/key/query';
const EZVIZ_SAVE = '/lfscada/ezviz/key/save';
const EZVIZ_DELETE = '/lfscada/ezviz/key/delete';
const SHIFTS_QUERY = '/lfscada/report/shifts/query';
const SETTINGS = { title: '东湖水厂', faviconIco: '', sessionMinutes: 0, defaultSessionMinutes: 720, retentionDays: 0, backup: 'pg_dump' };

let server: FakeServer;

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installFakeServer({ loggedIn: true });
  server.on(QUERY, ok(SETTINGS));
  server.on(SAVE, ok(null));
  server.on(EZVIZ_QUERY, ok({ appKey: '', secretSet: false }));
  server.on(EZVIZ_SAVE, ok(null));
  server.on(EZVIZ_DELETE, ok(null));
  server.on(SHIFTS_QUERY, ok([{ name: '夜班', startMinute: 0, endMinute: 480 }]));
});

async function openDialog() {
  renderApp('/monitor/gm/list');
  await screen.findByTestId('fleet-list-page', undefined, { timeout: 15_000 });
  fireEvent.click(document.getElementById('user-menu') as HTMLElement);
  fireEvent.click(await screen.findByText('系统设置'));
  return screen.findByText('语言（本浏览器）', undefined, { timeout: 15_000 });
}

describe('system settings dialog', { timeout: 60_000 }, () => {
  it('an administrator sets title, timeout and retention; a refusal marks its field; backup says pg_dump', async () => {
    server.on('/lfscada/user/info', ok({ ...TEST_USER, roleType: 'admin' }));
    await openDialog();
    await waitFor(() => expect((document.getElementById('system-title') as HTMLInputElement).value).toBe('东湖水厂'));
    expect(screen.getByTestId('system-backup-elsewhere').textContent).toContain('pg_dump');
    fireEvent.change(document.getElementById('system-session-minutes') as HTMLInputElement, { target: { value: '30' } });
    fireEvent.change(document.getElementById('system-retention-days') as HTMLInputElement, { target: { value: '90' } });
    server.on(SAVE, refuse('retentionDays', '超出范围'));
    fireEvent.click(document.getElementById('system-settings-save') as HTMLElement);
    expect(await screen.findByText('超出范围')).toBeTruthy();
    expect(Object.fromEntries(new URLSearchParams(server.calls(SAVE)[0]?.body))).toEqual({
      title: '东湖水厂',
      faviconIco: '',
      sessionMinutes: '30',
      retentionDays: '90',
    });
  });

  it('an administrator links the EZVIZ key: the secret is asked when none is set, kept when left empty, never shown', async () => {
    server.on('/lfscada/user/info', ok({ ...TEST_USER, roleType: 'admin' }));
    await openDialog();
    const state = await screen.findByTestId('ezviz-secret-state');
    expect(state.textContent).toBe('未设置');
    const appKey = document.getElementById('ezviz-app-key') as HTMLInputElement;
    const secret = document.getElementById('ezviz-app-secret') as HTMLInputElement;
    expect(secret.type).toBe('password');
    fireEvent.change(appKey, { target: { value: ' ak123 ' } });
    fireEvent.click(document.getElementById('ezviz-save') as HTMLElement);
    expect(await screen.findByText('请输入萤石 Secret')).toBeTruthy();
    expect(server.calls(EZVIZ_SAVE)).toHaveLength(0);
    fireEvent.change(secret, { target: { value: 'sk456' } });
    server.on(EZVIZ_QUERY, ok({ appKey: 'ak123', secretSet: true }));
    fireEvent.click(document.getElementById('ezviz-save') as HTMLElement);
    await waitFor(() => expect(server.calls(EZVIZ_SAVE)).toHaveLength(1));
    expect(Object.fromEntries(new URLSearchParams(server.calls(EZVIZ_SAVE)[0]?.body))).toEqual({ appKey: 'ak123', appSecret: 'sk456' });
    expect(await screen.findByText('萤石密钥已关联')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('ezviz-secret-state').textContent).toBe('已设置'));
    expect((document.getElementById('ezviz-app-secret') as HTMLInputElement).value).toBe('');
    // Saved again with the secret left empty: kept by the server; a refused field is marked.
    server.on(EZVIZ_SAVE, refuse('appKey', '参数 appKey 无效：只能包含字母和数字'));
    fireEvent.change(document.getElementById('ezviz-app-key') as HTMLInputElement, { target: { value: 'a b' } });
    fireEvent.click(document.getElementById('ezviz-save') as HTMLElement);
    expect(await screen.findByText('参数 appKey 无效：只能包含字母和数字')).toBeTruthy();
    expect(Object.fromEntries(new URLSearchParams(server.calls(EZVIZ_SAVE)[1]?.body))).toEqual({ appKey: 'a b', appSecret: '' });
    // Unlinking asks first.
    server.on(EZVIZ_QUERY, ok({ appKey: '', secretSet: false }));
    fireEvent.click(document.getElementById('ezviz-delete') as HTMLElement);
    await screen.findByText('解除萤石密钥关联？重新关联前，萤石视频将无法播放。');
    fireEvent.click(document.getElementById('ezviz-delete-confirm') as HTMLElement);
    await waitFor(() => expect(server.calls(EZVIZ_DELETE)).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('ezviz-secret-state').textContent).toBe('未设置'));
  });

  it('anyone else chooses only the language', async () => {
    await openDialog();
    expect(document.getElementById('system-title')).toBeNull();
    expect(document.getElementById('ezviz-app-key')).toBeNull();
    expect(server.calls(QUERY)).toHaveLength(0);
    expect(server.calls(EZVIZ_QUERY)).toHaveLength(0);
    expect(screen.queryByTestId('shifts-settings')).toBeNull();
    expect(server.calls(SHIFTS_QUERY)).toHaveLength(0);
    await act(async () => {
      fireEvent.click(screen.getByLabelText('English'));
    });
    await waitFor(() => expect(localStorage.getItem('langs')).toBe('en'));
  });
});
