import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { TEST_USER, installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { stubViewportWidth } from '@/test/viewport';
import { FRAME_SANDBOX } from './FramePage';

configure({ asyncUtilTimeout: 5000 });

const LIST = '/lfscada/system/frame/list';
const PAGES = [
  { id: 3, title: '能源看板', url: 'https://energy.example.com/board?line=2' },
  { id: 12, title: 'Video wall', url: 'http://10.1.2.3:8080/wall' },
];

let server: FakeServer;

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installFakeServer({ loggedIn: true });
  server.on(LIST, ok(PAGES));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function frame(): HTMLIFrameElement {
  return screen.getByTestId('external-frame') as HTMLIFrameElement;
}

/** What the browser fires when the console's policy refuses to frame `url`. */
function violation(url: string, directive = 'frame-src') {
  const event = new Event('securitypolicyviolation');
  Object.defineProperties(event, {
    effectiveDirective: { value: directive },
    violatedDirective: { value: directive },
    blockedURI: { value: url },
  });
  act(() => {
    document.dispatchEvent(event);
  });
}

describe('the external page screen', { timeout: 60_000 }, () => {
  it('frames an entry by id, sandboxed and without a referrer, under its title and address', async () => {
    renderApp('/manage/frame/3');
    await screen.findByTestId('frame-page', undefined, { timeout: 15_000 });
    expect(screen.getByTestId('frame-title').textContent).toBe('能源看板');
    expect(screen.getByTestId('frame-address').textContent).toBe('https://energy.example.com/board?line=2');
    expect(frame().getAttribute('src')).toBe('https://energy.example.com/board?line=2');
    expect(frame().getAttribute('sandbox')).toBe(FRAME_SANDBOX);
    expect(FRAME_SANDBOX.split(' ')).not.toContain('allow-top-navigation');
    expect(frame().getAttribute('referrerpolicy')).toBe('no-referrer');
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    fireEvent.click(document.getElementById('frame-open-new-tab') as HTMLElement);
    expect(opened).toHaveBeenCalledWith('https://energy.example.com/board?line=2', '_blank', 'noopener,noreferrer');
  });

  it('lists every entry in the Manage menu under 外部页面, and a click frames it', async () => {
    const { router } = renderApp('/manage/frame/3');
    await screen.findByTestId('frame-page', undefined, { timeout: 15_000 });
    const sideMenu = document.getElementById('side-menu') as HTMLElement;
    expect(within(sideMenu).getByText('外部页面')).toBeTruthy();
    fireEvent.click(within(sideMenu).getByText('Video wall'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/frame/12'));
    await waitFor(() => expect(frame().getAttribute('src')).toBe('http://10.1.2.3:8080/wall'));
  });

  it('on a phone the drawer lists them too', async () => {
    stubViewportWidth(390);
    const { router } = renderApp('/manage/frame/3');
    await screen.findByTestId('frame-page', undefined, { timeout: 15_000 });
    fireEvent.click(document.getElementById('shell-menu-button') as HTMLElement);
    const drawerMenu = await waitFor(() => {
      const found = document.getElementById('drawer-side-menu');
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    expect(within(drawerMenu).getByText('外部页面')).toBeTruthy();
    fireEvent.click(within(drawerMenu).getByText('Video wall'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/frame/12'));
  });

  it('frames a deep link into an entry’s site, and refuses any other site without a frame', async () => {
    const deep = 'https://energy.example.com/reports?day=1';
    const { router } = renderApp(`/manage/frame/${encodeURIComponent(deep)}`);
    await screen.findByTestId('frame-page', undefined, { timeout: 15_000 });
    expect(frame().getAttribute('src')).toBe(deep);
    expect(screen.getByTestId('frame-title').textContent).toBe('能源看板');

    await act(() => router.navigate(`/manage/frame/${encodeURIComponent('https://evil.example/')}`));
    expect((await screen.findByTestId('frame-refused')).textContent).toContain('该地址不是本组织的外部页面');
    expect(screen.queryByTestId('external-frame')).toBeNull();
    expect(document.querySelector('iframe')).toBeNull();
    await act(() => router.navigate(`/manage/frame/${encodeURIComponent('javascript:alert(1)')}`));
    expect((await screen.findByTestId('frame-refused')).textContent).toContain('不是 http 或 https 网址');
    await act(() => router.navigate('/manage/frame/99'));
    expect((await screen.findByTestId('frame-refused')).textContent).toContain('可能已被删除');
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('openFlag 1 offers the page in a new tab instead of a frame; another flag frames it', async () => {
    const { router } = renderApp('/manage/frame/12/1');
    await screen.findByTestId('frame-new-tab', undefined, { timeout: 15_000 });
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByTestId('frame-title').textContent).toBe('Video wall');
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    fireEvent.click(document.getElementById('frame-open-new-tab') as HTMLElement);
    expect(opened).toHaveBeenCalledWith('http://10.1.2.3:8080/wall', '_blank', 'noopener,noreferrer');
    await act(() => router.navigate('/manage/frame/12/0'));
    await screen.findByTestId('frame-page');
    expect(frame().getAttribute('src')).toBe('http://10.1.2.3:8080/wall');
  });

  it('a frame the console’s policy blocks (added after the load) asks for a reload', async () => {
    renderApp('/manage/frame/3');
    await screen.findByTestId('frame-page', undefined, { timeout: 15_000 });
    violation('https://other.example/x');
    violation('https://energy.example.com/script.js', 'script-src-elem');
    expect(screen.queryByTestId('frame-blocked')).toBeNull();
    violation('https://energy.example.com/board?line=2');
    expect((await screen.findByTestId('frame-blocked')).textContent).toContain('请重新加载控制台以打开此页面');
    expect(screen.queryByTestId('external-frame')).toBeNull();
    expect(document.getElementById('frame-reload')).not.toBeNull();
  });

  it('says when the list cannot be read, and frames nothing', async () => {
    server.on(LIST, { code: '90099', message: '未知异常' });
    renderApp('/manage/frame/3');
    expect((await screen.findByTestId('frame-load-error', undefined, { timeout: 15_000 })).textContent).toContain('未知异常');
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('without manage: no permission, nothing asked', async () => {
    server.on('/lfscada/user/info', ok({ ...TEST_USER, auths: ['monitor_write_data'] }));
    renderApp('/manage/frame/3');
    await screen.findByTestId('no-permission', undefined, { timeout: 15_000 });
    expect(server.calls(LIST)).toHaveLength(0);
    expect(document.querySelector('iframe')).toBeNull();
  });
});
