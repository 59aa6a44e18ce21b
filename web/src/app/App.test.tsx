/**
 * The console as a whole in jsdom: route table, session guard, app shell, language switch, logout. Browser tests
 * (e2e/) cover the same against the real server; these keep the wiring honest on every `npm test`.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { TEST_USER, installFakeServer, ok } from '@/test/fakeServer';
import { resetConnection } from '@/lib/connection';
import { renderApp } from '@/test/renderApp';
import { stubViewportWidth } from '@/test/viewport';

beforeEach(async () => {
  await changeLanguage('zh-CN');
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetConnection();
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

  it('the password recovery wizard opens without a session, at its first step', async () => {
    const server = installFakeServer({ loggedIn: false });
    const { router } = renderApp('/findpwd');
    await screen.findByTestId('findpwd-account');
    expect(router.state.location.pathname).toBe('/findpwd/account');
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

describe('when the server does not answer', () => {
  it('says so instead of sending a logged-in user to the login page, and opens the route once it answers', async () => {
    const server = installFakeServer({ loggedIn: true });
    server.on('/lfscada/user/info', () => {
      throw new TypeError('Failed to fetch');
    });
    const { router } = renderApp('/manage/frame/docs');
    expect((await screen.findByTestId('server-unreachable')).textContent).toContain('无法连接服务器');
    expect(router.state.location.pathname).toBe('/manage/frame/docs');
    server.on('/lfscada/user/info', ok({ ...TEST_USER }));
    fireEvent.click(screen.getByTestId('server-unreachable-retry'));
    expect(await screen.findByTestId('frame-refused')).toBeTruthy();
  });
});

describe('with a session', () => {
  it('shows the shell with the theme title, the user and the screen, titled by its route', async () => {
    installFakeServer({ loggedIn: true });
    renderApp('/monitor/gm/list');
    await screen.findByTestId('fleet-list-page');
    expect(document.getElementById('shell-title')?.textContent).toBe('测试电厂监控');
    expect(screen.getByTestId('user-loginname').textContent).toBe('operator1');
    await waitFor(() => expect(document.title).toBe('MQTT 设备 - 测试电厂监控'));
  });

  it('derives the side menu from the route table and navigates with it', async () => {
    installFakeServer({ loggedIn: true });
    const { router } = renderApp('/manage/frame/docs');
    await screen.findByTestId('frame-refused');
    const sideMenu = document.getElementById('side-menu');
    expect(sideMenu).not.toBeNull();
    expect(within(sideMenu as HTMLElement).getByText('报修工单')).toBeTruthy();
    fireEvent.click(within(sideMenu as HTMLElement).getByText('巡检计划'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/ops/inspection_plan'));
    expect(await screen.findByTestId('plans-page')).toBeTruthy();
  });

  it('hides Manage from an account without manage, and a typed manage address says no permission', async () => {
    const server = installFakeServer({ loggedIn: true });
    server.on('/lfscada/user/info', ok({ ...TEST_USER, roleType: 'user', auths: ['monitor_write_data'] }));
    const { router } = renderApp('/manage/eg/gateway');
    expect((await screen.findByTestId('no-permission')).textContent).toContain('没有权限');
    const topNav = document.getElementById('top-nav') as HTMLElement;
    expect(within(topNav).queryByText('管理')).toBeNull();
    expect(within(topNav).getByText('监控')).toBeTruthy();
    expect(server.calls('/lfscada/gateway/query')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/manage/eg/gateway');
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
    await screen.findByTestId('fleet-list-page');
    const toggle = document.getElementById('lang-switch') as HTMLElement;
    expect(toggle.textContent).toContain('English');
    await act(async () => {
      fireEvent.click(toggle);
    });
    await waitFor(() => expect(screen.getByRole('heading', { level: 4 }).textContent).toBe('MQTT equipment'));
    expect(document.getElementById('lang-switch')?.textContent).toContain('中文');
    expect(screen.getByText('Gateway groups')).toBeTruthy();
    expect(localStorage.getItem('langs')).toBe('en');
  });

  it('logout calls the server and returns to /login', async () => {
    const server = installFakeServer({ loggedIn: true });
    const { router, queryClient } = renderApp('/monitor/gm/list');
    await screen.findByTestId('fleet-list-page');
    fireEvent.click(document.getElementById('user-menu') as HTMLElement);
    fireEvent.click(await screen.findByText('退出登录'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(server.calls('/lfscada/user/logout')).toHaveLength(1);
    await waitFor(() => expect(queryClient.getQueryData(['session', 'user'])).toBeUndefined());
  });

  it('a session lost mid-shift (1006) clears the user and goes to /login', async () => {
    const server = installFakeServer({ loggedIn: true });
    const { router, queryClient } = renderApp('/monitor/gm/list');
    await screen.findByTestId('fleet-list-page');
    server.on('/lfscada/user/info', { code: '1006', message: '会话已失效，请重新登录' });
    await act(async () => {
      await queryClient.refetchQueries({ queryKey: ['session', 'user'] }).catch(() => undefined);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(queryClient.getQueryData(['session', 'user'])).toBeUndefined());
  });
});

describe('on a phone or an upright tablet', () => {
  it.each([390, 768])('at %i px the header keeps the title and a menu button whose drawer holds the areas, the area menu, the language and the user', async (width) => {
    stubViewportWidth(width);
    const server = installFakeServer({ loggedIn: true });
    const { router } = renderApp('/manage/frame/docs');
    await screen.findByTestId('frame-refused');
    expect(document.getElementById('top-nav')).toBeNull();
    expect(document.getElementById('side-menu')).toBeNull();
    expect(document.getElementById('user-menu')).toBeNull();
    expect(document.getElementById('shell-title')?.textContent).toBe('测试电厂监控');
    expect(document.getElementById('unread-messages')).not.toBeNull();

    const button = document.getElementById('shell-menu-button') as HTMLElement;
    expect(button.getAttribute('aria-label')).toBe('打开菜单');
    fireEvent.click(button);
    const drawer = await waitFor(() => {
      const found = document.getElementById('shell-drawer');
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    expect(within(drawer).getByTestId('user-loginname').textContent).toBe('operator1');
    expect(within(drawer).getByText('监控')).toBeTruthy();
    expect(document.getElementById('drawer-side-menu')).not.toBeNull();
    // The area's menu navigates, and the drawer closes.
    fireEvent.click(within(document.getElementById('drawer-side-menu') as HTMLElement).getByText('报修工单'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/ops/repairs'));
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('false'));
    // The areas, then logout.
    fireEvent.click(button);
    fireEvent.click(within(document.getElementById('drawer-areas') as HTMLElement).getByText('监控'));
    await waitFor(() => expect(router.state.location.pathname.startsWith('/monitor')).toBe(true));
    fireEvent.click(button);
    fireEvent.click(document.getElementById('logout') as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(server.calls('/lfscada/user/logout')).toHaveLength(1);
  });

  it('keeps the wide header and side menu from 992 px', async () => {
    stubViewportWidth(992);
    installFakeServer({ loggedIn: true });
    renderApp('/manage/frame/docs');
    await screen.findByTestId('frame-refused');
    expect(document.getElementById('top-nav')).not.toBeNull();
    expect(document.getElementById('side-menu')).not.toBeNull();
    expect(document.getElementById('shell-menu-button')).toBeNull();
  });
});
