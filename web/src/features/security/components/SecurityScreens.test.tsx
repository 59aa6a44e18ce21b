import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { TEST_USER, fail, installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';

configure({ asyncUtilTimeout: 15000 });

let server: FakeServer;

beforeEach(async () => {
  await changeLanguage('en');
  sessionStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function byId(id: string): HTMLInputElement {
  const element = document.getElementById(id);
  if (!element) throw new Error(`no #${id}`);
  return element as HTMLInputElement;
}

async function type(id: string, value: string) {
  await act(async () => {
    fireEvent.change(byId(id), { target: { value } });
  });
}

async function click(testId: string) {
  await act(async () => {
    fireEvent.click(screen.getByTestId(testId));
  });
}

describe('password recovery', () => {
  it('goes from the account to a new password by the security question', { timeout: 60_000 }, async () => {
    server = installFakeServer({ loggedIn: false });
    server.on('/lfscada/findpwd/account', ok({ tel: null, email: 'o***@plant.example', question: 'Pet?', expiresIn: 900 }));
    server.on('/lfscada/findpwd/verify', (request) =>
      new URLSearchParams(request.body).get('answer') === 'Rex' ? ok({ expiresIn: 800 }) : fail('1327', 'Wrong answer to the security question'),
    );
    server.on('/lfscada/findpwd/password', ok(null));
    const { router } = renderApp('/findpwd');
    await waitFor(() => expect(byId('findpwd-loginname')).toBeTruthy());
    await type('findpwd-loginname', 'demo');
    await type('findpwd-vcode', 'ABCDE');
    await click('findpwd-account-submit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/findpwd/validate'));
    expect(new URLSearchParams(server.calls('/lfscada/findpwd/account')[0]!.body).get('loginname')).toBe('demo');
    expect(screen.getByText('Code by e-mail to o***@plant.example')).toBeTruthy();
    await click('findpwd-method-question');
    await click('findpwd-method-next');
    await waitFor(() => expect(router.state.location.pathname).toBe('/findpwd/validate/question'));
    await type('findpwd-answer', 'Max');
    await click('findpwd-verify-submit');
    await waitFor(() => expect(screen.getByTestId('findpwd-error').textContent).toContain('Wrong answer'));
    await type('findpwd-answer', 'Rex');
    await click('findpwd-verify-submit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/findpwd/password'));
    await type('findpwd-password', 'Found@1234');
    await type('findpwd-confirm', 'Found@1234');
    await click('findpwd-password-submit');
    await waitFor(() => expect(server.calls('/lfscada/findpwd/password')).toHaveLength(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/findpwd/finish'));
    await waitFor(() => expect(screen.getByTestId('findpwd-finish')).toBeTruthy());
    expect(new URLSearchParams(server.calls('/lfscada/findpwd/password')[0]!.body).get('password')).toBe('Found@1234');
  });

  it('a step opened without a recovery starts at the account', { timeout: 60_000 }, async () => {
    server = installFakeServer({ loggedIn: false });
    const { router } = renderApp('/findpwd/validate/question');
    await waitFor(() => expect(router.state.location.pathname).toBe('/findpwd/account'));
  });
});

describe('account security', () => {
  it('sends an account that must change its password to the password step first', { timeout: 60_000 }, async () => {
    server = installFakeServer({ loggedIn: true });
    server.on('/lfscada/user/info', ok({ ...TEST_USER, mustChangePassword: true }));
    server.on('/lfscada/user/security/state', ok({
      passwordSet: true, tel: '', telVerified: false, email: '', emailVerified: false, questionSet: false, question: '',
      smsAvailable: false, mustChangePassword: true, proofExpiresIn: 0,
    }));
    const { router } = renderApp('/monitor/eg/list');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/security/sms/setup/validate/password'));
    await waitFor(() => expect(byId('security-current-password')).toBeTruthy());
  });

  it('shows each item set or not, and the nosms variant without SMS', { timeout: 60_000 }, async () => {
    server = installFakeServer({ loggedIn: true });
    server.on('/lfscada/user/security/state', ok({
      passwordSet: true, tel: '138****5678', telVerified: false, email: 'o***@plant.example', emailVerified: true,
      questionSet: false, question: '', smsAvailable: false, mustChangePassword: false, proofExpiresIn: 0,
    }));
    const { router } = renderApp('/account/security/sms');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/security/nosms'));
    await waitFor(() => expect(screen.getByTestId('security-item-email').textContent).toContain('o***@plant.example'));
    expect(screen.getByTestId('security-item-tel').textContent).toContain('Contact only');
    expect(screen.getByTestId('security-item-question').textContent).toContain('Not set');
    await click('security-change-question');
    await waitFor(() => expect(router.state.location.search).toBe('?next=question'));
  });
});
