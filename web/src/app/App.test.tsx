/**
 * The console as a whole in jsdom: route table, session guard, app shell, language switch, logout. Browser tests
 * (e2e/) cover the same against the real server; these keep the wiring honest on every `npm test`.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { installFakeServer, ok } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';

beforeEach(async () => {
  await changeLanguage('zh-CN');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('without a session', () => {
  it('/ redirects to the login page', async () => {
    installFakeServer({ loggedIn: false });
    const { router } = renderApp('/');
    expect(await screen.findByLabelText('用户名')).toHaveProperty('id', 'login-username');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('a guarded route fetches user info first and, when that fails, goes to /login', async () => {
    const server = installFakeServer({ loggedIn: false });
    const { router } = renderApp('/manage/eg/scene');
    await screen.findByLabelText('用户名');
    expect(router.state.location.pathname).toBe('/login');
    const info = server.calls('/lfscada/user/info');
    expect(info.length).toBeGreaterThanOrEqual(1);
    expect(info[0]?.method).toBe('GET');
    expect(info[0]?.query.get('t')).toMatch(/^\d+$/);
    expect(screen.queryByTestId('not-available')).toBeNull();
  });

  it('public wizard steps open without a session and say they are not available yet', async () => {
    const server = installFakeServer({ loggedIn: false });
    renderApp('/findpwd');
    const notice = await screen.findByTestId('not-available');
    expect(notice.textContent).toContain('该页面尚未开放');
    expect(notice.textContent).toContain('填写账号');
    expect(server.calls('/lfscada/user/info')).toHaveLength(0);
  });

  it('unknown paths land on /404 with a link back', async () => {
    installFakeServer({ loggedIn: false });
    const { router } = renderApp('/no/such/page');
    await screen.findByTestId('not-found');
    expect(router.state.location.pathname).toBe('/404');
    expect(document.getElementById('not-found-back')?.getAttribute('href')).toBe('/monitor/eg/list');
  });
});

describe('with a session', () => {
  it('shows the shell with the theme title, the user and a not-available screen naming its area', async () => {
    installFakeServer({ loggedIn: true });
    renderApp('/manage/ops/worksheet');
    const notice = await screen.findByTestId('not-available');
    expect(notice.textContent).toContain('该页面尚未开放');
    expect(notice.textContent).toContain('管理 › 工作单');
    expect(document.getElementById('shell-title')?.textContent).toBe('测试电厂监控');
    expect(screen.getByTestId('user-loginname').textContent).toBe('operator1');
    await waitFor(() => expect(document.title).toBe('工作单 - 测试电厂监控'));
  });

  it('derives the side menu from the route table and navigates with it', async () => {
    installFakeServer({ loggedIn: true });
    const { router } = renderApp('/manage/ops/worksheet');
    await screen.findByTestId('not-available');
    const sideMenu = document.getElementById('side-menu');
    expect(sideMenu).not.toBeNull();
    fireEvent.click(within(sideMenu as HTMLElement).getByText('报修工单'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/ops/repairs'));
    await waitFor(() => expect(screen.getByTestId('not-available').textContent).toContain('报修工单'));
  });

  it("shows the unread count, as '99+' above 99", async () => {
    const server = installFakeServer({ loggedIn: true });
    server.on('/lfscada/msg/queryUnReadMsgCount', ok(120));
    renderApp('/monitor/eg/list');
    await waitFor(() => expect(screen.getByTestId('unread-badge').textContent).toContain('99+'));
  });

  it('the language switch changes every text at once and is saved in localStorage `langs`', async () => {
    installFakeServer({ loggedIn: true });
    renderApp('/monitor/gm/list');
    await screen.findByTestId('not-available');
    const toggle = document.getElementById('lang-switch') as HTMLElement;
    expect(toggle.textContent).toContain('English');
    await act(async () => {
      fireEvent.click(toggle);
    });
    await waitFor(() => expect(screen.getByTestId('not-available').textContent).toContain('This screen is not available yet'));
    expect(document.getElementById('lang-switch')?.textContent).toContain('中文');
    expect(screen.getByText('Gateway groups')).toBeTruthy();
    expect(localStorage.getItem('langs')).toBe('en');
  });

  it('logout calls the server and returns to /login', async () => {
    const server = installFakeServer({ loggedIn: true });
    const { router, queryClient } = renderApp('/monitor/gm/list');
    await screen.findByTestId('not-available');
    fireEvent.click(document.getElementById('user-menu') as HTMLElement);
    fireEvent.click(await screen.findByText('退出登录'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(server.calls('/lfscada/user/logout')).toHaveLength(1);
    await waitFor(() => expect(queryClient.getQueryData(['session', 'user'])).toBeUndefined());
  });

  it('a session lost mid-shift (1006) clears the user and goes to /login', async () => {
    const server = installFakeServer({ loggedIn: true });
    const { router, queryClient } = renderApp('/monitor/gm/list');
    await screen.findByTestId('not-available');
    server.on('/lfscada/user/info', { code: '1006', message: '会话已失效，请重新登录' });
    await act(async () => {
      await queryClient.refetchQueries({ queryKey: ['session', 'user'] }).catch(() => undefined);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(queryClient.getQueryData(['session', 'user'])).toBeUndefined());
  });
});
