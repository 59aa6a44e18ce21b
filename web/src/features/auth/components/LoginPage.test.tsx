import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorNotifier } from '@/lib/api/client';
import { changeLanguage } from '@/lib/i18n';
import { CAPTCHA, TEST_USER, fail, installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';

let server: FakeServer;
let toasts: string[];

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installFakeServer({ loggedIn: false });
  toasts = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Renders /login and waits for the captcha; the notifier is replaced after the providers registered theirs. */
async function openLogin() {
  const app = renderApp('/login');
  await screen.findByLabelText('用户名');
  await waitFor(() => expect(document.getElementById('login-vcode-img')?.getAttribute('src')).toBe(CAPTCHA));
  setErrorNotifier((text) => toasts.push(text));
  return app;
}

function fill(id: string, value: string) {
  fireEvent.change(document.getElementById(id) as HTMLInputElement, { target: { value } });
}

async function submit() {
  await act(async () => {
    fireEvent.click(document.getElementById('login-submit') as HTMLElement);
  });
}

describe('login page', () => {
  it('has labelled fields with stable ids, the captcha and the theme title', async () => {
    await openLogin();
    expect(screen.getByLabelText('用户名').id).toBe('login-username');
    expect(screen.getByLabelText('密码').id).toBe('login-password');
    expect(screen.getByLabelText('验证码').id).toBe('login-vcode');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('测试电厂监控');
    expect(document.getElementById('lang-switch')).not.toBeNull();
    expect(server.calls('/lfscada/user/showVcode')[0]?.method).toBe('POST');
  });

  it('falls back to the product name when the theme cannot be loaded', async () => {
    server.on('/org/StyleAction!loadStyle.action', fail('90099'));
    renderApp('/login');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ironsight'));
  });

  it('requires user name, password and code, in the current language', async () => {
    await openLogin();
    await submit();
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(screen.getByText('请输入验证码')).toBeTruthy();
    expect(server.calls('/lfscada/user/login')).toHaveLength(0);
    await act(async () => {
      await changeLanguage('en');
    });
    expect(await screen.findByText('Please enter your user name')).toBeTruthy();
  });

  it('refuses a name or code of spaces, accepts a password of spaces, and drops a message once the field is filled', async () => {
    await openLogin();
    fill('login-username', '   ');
    fill('login-password', '   ');
    fill('login-vcode', ' ');
    await submit();
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(screen.getByText('请输入验证码')).toBeTruthy();
    expect(screen.queryByText('请输入密码')).toBeNull();
    expect(document.getElementById('login-username')?.getAttribute('aria-invalid')).toBe('true');
    expect(server.calls('/lfscada/user/login')).toHaveLength(0);
    fill('login-username', 'operator1');
    await waitFor(() => expect(screen.queryByText('请输入用户名')).toBeNull());
    expect(document.getElementById('login-username')?.getAttribute('aria-invalid')).toBe('false');
    // Emptied again after a change: the message is back at once, as with antd's Form.
    fill('login-username', '');
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
  });

  it('logs in with the payload as query parameters and lands on /monitor/eg/list', async () => {
    server.on('/lfscada/user/login', ok(TEST_USER));
    server.on('/lfscada/user/info', ok(TEST_USER));
    const { router } = await openLogin();
    fill('login-username', 'operator1');
    fill('login-password', 'Secret#123');
    fill('login-vcode', 'ab12');
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/monitor/eg/list'));
    const [request] = server.calls('/lfscada/user/login');
    expect(request?.method).toBe('POST');
    expect(Object.fromEntries(request?.query ?? [])).toEqual({
      loginname: 'operator1',
      password: 'Secret#123',
      vcode: 'ab12',
    });
    expect(request?.body).toBe('');
    // The shell is a separate chunk; the first import in a test run takes a moment.
    expect((await screen.findByTestId('user-loginname', undefined, { timeout: 5000 })).textContent).toBe(
      TEST_USER.loginname,
    );
  });

  it("shows the server's message inline (no toast), clears the code and fetches a new captcha", async () => {
    server.on('/lfscada/user/login', fail('1004', '验证码错误或已过期'));
    await openLogin();
    expect(server.calls('/lfscada/user/showVcode')).toHaveLength(1);
    fill('login-username', 'operator1');
    fill('login-password', 'Secret#123');
    fill('login-vcode', 'zzzz');
    await submit();
    const error = await screen.findByRole('alert');
    expect(error.id).toBe('login-error');
    expect(error.textContent).toBe('验证码错误或已过期');
    expect(toasts).toEqual([]);
    await waitFor(() => expect(server.calls('/lfscada/user/showVcode')).toHaveLength(2));
    expect((document.getElementById('login-vcode') as HTMLInputElement).value).toBe('');
  });

  it('a click on the captcha fetches a new one', async () => {
    await openLogin();
    fireEvent.click(document.getElementById('login-vcode-img') as HTMLElement);
    await waitFor(() => expect(server.calls('/lfscada/user/showVcode')).toHaveLength(2));
  });
});
