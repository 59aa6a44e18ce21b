import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { fail, installFakeServer, ok, refuse, type FakeServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';

configure({ asyncUtilTimeout: 5000 });

const FEEDBACK = '/lfscada/feedback/add';

let server: FakeServer;

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installFakeServer({ loggedIn: true });
  server.on(FEEDBACK, ok(null));
});

const field = () => screen.getByTestId('account-feedback-content') as HTMLTextAreaElement;
const sendButton = () => document.getElementById('account-feedback-send') as HTMLButtonElement;
const type = (text: string) => fireEvent.change(field(), { target: { value: text } });
const rule = () => screen.getByTestId('account-feedback-rule').textContent;

async function open(path = '/account/feedback') {
  const app = renderApp(path);
  await screen.findByTestId('account-feedback-page', undefined, { timeout: 15_000 });
  return app;
}

describe('feedback', { timeout: 60_000 }, () => {
  it('shows the 10-character rule and the count as the user types; Send stays off until it passes', async () => {
    await open();
    expect(rule()).toBe('至少 10 个字，最多 2000 个字。');
    expect(sendButton().disabled).toBe(true);

    // Counted as the server counts: characters once trimmed.
    type('  水泵声音大  ');
    expect(screen.getByTestId('account-feedback-count').textContent).toBe('5 / 2000');
    expect(rule()).toBe('至少 10 个字：还需 5 个字才能发送。');
    expect(sendButton().disabled).toBe(true);
    fireEvent.click(sendButton());
    expect(server.calls(FEEDBACK)).toHaveLength(0);

    type('1# 水泵运行时声音偏大，请检查');
    expect(sendButton().disabled).toBe(false);
    fireEvent.click(sendButton());
    expect(await screen.findByTestId('account-feedback-sent')).toBeTruthy();
    expect(Object.fromEntries(new URLSearchParams(server.calls(FEEDBACK)[0]?.body))).toEqual({ content: '1# 水泵运行时声音偏大，请检查' });
    // Sent: the field is empty for the next one.
    expect(field().value).toBe('');
  });

  it("shows the server's refusal and keeps the text", async () => {
    await changeLanguage('en');
    server.on(FEEDBACK, fail('1200', 'Opinions can not be less than 10 words!'));
    await open();
    type('Too short!?');
    fireEvent.click(sendButton());
    expect((await screen.findByTestId('account-feedback-error')).textContent).toContain('Opinions can not be less than 10 words!');
    expect(field().value).toBe('Too short!?');
    expect(screen.queryByTestId('account-feedback-sent')).toBeNull();

    // A refusal of the field (too long for the server) is shown alike; typing again clears it.
    server.on(FEEDBACK, refuse('content', 'content: at most 2000 characters'));
    fireEvent.click(sendButton());
    await waitFor(() => expect(screen.getByTestId('account-feedback-error').textContent).toContain('at most 2000 characters'));
    type('Too short!?!');
    expect(screen.queryByTestId('account-feedback-error')).toBeNull();
  });

  it('refuses a text over the limit before sending', async () => {
    await open();
    type('字'.repeat(2001));
    expect(rule()).toBe('最多 2000 个字：请删减后再发送。');
    expect(sendButton().disabled).toBe(true);
  });

  it('is reached from the account menu and from the user menu', async () => {
    const { router } = renderApp('/account/config');
    fireEvent.click(await screen.findByRole('menuitem', { name: /意见反馈/ }, { timeout: 15_000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/feedback'));
    await screen.findByTestId('account-feedback-page');

    await router.navigate('/account/log');
    await waitFor(() => expect(screen.queryByTestId('account-feedback-page')).toBeNull());
    fireEvent.click(document.getElementById('user-menu') as HTMLElement);
    const entry = await waitFor(() => {
      const found = document.getElementById('feedback-open');
      expect(found).toBeTruthy();
      return found as HTMLElement;
    });
    fireEvent.click(entry);
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/feedback'));
  });
});
