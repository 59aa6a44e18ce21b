import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { TEST_USER, installFakeServer, ok, refuse, type FakeServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';

configure({ asyncUtilTimeout: 5000 });

const QUERY = '/lfscada/system/settings/query';
const SAVE = '/lfscada/system/settings/save';
const SETTINGS = { title: '东湖水厂', faviconIco: '', sessionMinutes: 0, defaultSessionMinutes: 720, retentionDays: 0, backup: 'pg_dump' };

let server: FakeServer;

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installFakeServer({ loggedIn: true });
  server.on(QUERY, ok(SETTINGS));
  server.on(SAVE, ok(null));
});

async function openDialog() {
  renderApp('/monitor/gm/list');
  await screen.findByTestId('not-available', undefined, { timeout: 15_000 });
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

  it('anyone else chooses only the language', async () => {
    await openDialog();
    expect(document.getElementById('system-title')).toBeNull();
    expect(server.calls(QUERY)).toHaveLength(0);
    await act(async () => {
      fireEvent.click(screen.getByLabelText('English'));
    });
    await waitFor(() => expect(localStorage.getItem('langs')).toBe('en'));
  });
});
