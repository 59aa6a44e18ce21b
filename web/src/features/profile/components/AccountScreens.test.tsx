import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { TEST_USER, installFakeServer, ok, refuse, type FakeServer, type RecordedRequest } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';

configure({ asyncUtilTimeout: 5000 });

const PROFILE = '/lfscada/user/profile/query';
const SAVE = '/lfscada/user/profile/save';
const AVATAR = '/lfscada/user/avatar/upload';
const NOTIFY_QUERY = '/lfscada/msg/notify/settings/query';
const NOTIFY_SAVE = '/lfscada/msg/notify/settings/save';
const CONFIG_QUERY = '/lfscada/user/config/query';
const CONFIG_SAVE = '/lfscada/user/config/save';
const LOG = '/lfscada/user/operationlog/queryMine';
const SECURITY_STATE = '/lfscada/user/security/state';

/** The security state of a deployment with or without an SMS provider. */
const securityState = (smsAvailable: boolean) => ({
  passwordSet: true, tel: '13800001111', telVerified: smsAvailable, email: 'wang@example.com', emailVerified: true,
  questionSet: false, question: '', smsAvailable, mustChangePassword: false, proofExpiresIn: 0,
});

const profile = {
  loginname: 'operator1',
  realName: '王工',
  contact: '',
  department: '运行部',
  tel: '13800001111',
  email: 'wang@example.com',
  avatar: '',
};

const body = (request: RecordedRequest | undefined) => Object.fromEntries(new URLSearchParams(request?.body ?? ''));

let server: FakeServer;

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installFakeServer({ loggedIn: true });
  server.on(PROFILE, ok(profile));
  server.on(SAVE, ok(null));
  server.on(SECURITY_STATE, ok(securityState(false)));
});

describe('basic profile', { timeout: 60_000 }, () => {
  it('nosms: edits name and phone, marks a refused field, shows the e-mail read-only with the way to the set-up', async () => {
    renderApp('/account/info/nosms');
    await screen.findByTestId('account-info-page', undefined, { timeout: 15_000 });
    await waitFor(() => expect((document.getElementById('account-real-name') as HTMLInputElement).value).toBe('王工'));
    expect(screen.getByText('wang@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: '在安全设置中修改' }).getAttribute('href')).toBe('/account/security/sms/setup');

    fireEvent.change(document.getElementById('account-real-name') as HTMLInputElement, { target: { value: '李工' } });
    fireEvent.change(document.getElementById('account-tel') as HTMLInputElement, { target: { value: '021-5555 0000' } });
    server.on(SAVE, refuse('tel', '手机格式不正确'));
    fireEvent.click(document.getElementById('account-save') as HTMLElement);
    expect(await screen.findByText('手机格式不正确')).toBeTruthy();
    expect(body(server.calls(SAVE)[0])).toEqual({ realName: '李工', contact: '', department: '运行部', tel: '021-5555 0000' });

    server.on(SAVE, ok(null));
    fireEvent.click(document.getElementById('account-save') as HTMLElement);
    expect(await screen.findByTestId('account-saved')).toBeTruthy();
  });

  it("sms: the deployment's variant whichever address, the phone not edited here, a name too long refused before sending", async () => {
    server.on(SECURITY_STATE, ok(securityState(true)));
    const { router } = renderApp('/account/info/nosms');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/info/sms'));
    await screen.findByTestId('account-info-page', undefined, { timeout: 15_000 });
    await waitFor(() => expect(screen.getByText('13800001111')).toBeTruthy());
    expect(document.getElementById('account-tel')).toBeNull();
    fireEvent.change(document.getElementById('account-real-name') as HTMLInputElement, { target: { value: '一二三四五六七' } });
    fireEvent.click(document.getElementById('account-save') as HTMLElement);
    expect(await screen.findByText('最多 6 个字符')).toBeTruthy();
    expect(server.calls(SAVE)).toHaveLength(0);
  });

  it('uploads an avatar of the allowed types under 100K and shows it in the header; refuses others first', async () => {
    server.on(AVATAR, () => {
      server.on(PROFILE, ok({ ...profile, avatar: '/userimg/0123456789abcdef0123456789abcdef.png' }));
      return ok({ avatar: '/userimg/0123456789abcdef0123456789abcdef.png' });
    });
    renderApp('/account/info/nosms');
    const control = await screen.findByTestId('account-avatar', undefined, { timeout: 15_000 });
    const input = () => control.querySelector('input[type=file]') as HTMLInputElement;
    const big = new File([new Uint8Array(100 * 1024 + 1)], 'me.png', { type: 'image/png' });
    await act(async () => {
      fireEvent.change(input(), { target: { files: [big] } });
    });
    expect((await screen.findByTestId('account-avatar-error')).textContent).toContain('头像必须小于 100K');
    await act(async () => {
      fireEvent.change(input(), { target: { files: [new File(['x'], 'me.webp', { type: 'image/webp' })] } });
    });
    await waitFor(() => expect(screen.getByTestId('account-avatar-error').textContent).toContain('ico、jpg、png、gif 或 svg'));
    expect(server.calls(AVATAR)).toHaveLength(0);

    await act(async () => {
      fireEvent.change(input(), { target: { files: [new File([new Uint8Array([0x89, 0x50])], 'me.png', { type: 'image/png' })] } });
    });
    await waitFor(() => expect(server.calls(AVATAR)).toHaveLength(1));
    const header = await screen.findByTestId('header-avatar');
    expect(header.querySelector('img')?.getAttribute('src')).toBe('/userimg/0123456789abcdef0123456789abcdef.png');
  });
});

describe('settings', { timeout: 60_000 }, () => {
  it('saves the prompt types with the channels as read, and the equipment display into the settings document', async () => {
    server.on('/lfscada/user/info', ok({ ...TEST_USER, prompType: ['sound', 'title'] }));
    server.on(CONFIG_QUERY, ok({ designer: { grid: true } }));
    server.on(CONFIG_SAVE, ok(null));
    server.on(NOTIFY_QUERY, ok({ prompType: ['sound', 'title'], smtpReady: false, channels: [
      { id: 3, kind: 'webhook', name: 'Ops', target: 'https://hooks.example.com/x', levels: [1, 2], enabled: true, hasSecret: false },
    ] }));
    server.on(NOTIFY_SAVE, ok({ ids: [3] }));
    renderApp('/account/config');
    await screen.findByTestId('account-config-page', undefined, { timeout: 15_000 });
    const prompts = await screen.findByTestId('account-prompt-types');
    await waitFor(() => expect((within(prompts).getByLabelText('声音') as HTMLInputElement).checked).toBe(true));
    expect((within(prompts).getByLabelText('弹窗') as HTMLInputElement).checked).toBe(false);
    expect(screen.getByTestId('account-time-zone').textContent).toContain('UTC+8');

    fireEvent.click(within(prompts).getByLabelText('声音'));
    fireEvent.click(within(prompts).getByLabelText('弹窗'));
    fireEvent.click(screen.getByLabelText('按分组'));
    fireEvent.click(document.getElementById('account-config-save') as HTMLElement);
    expect(await screen.findByTestId('account-config-saved')).toBeTruthy();

    expect([...new URLSearchParams(server.calls(NOTIFY_SAVE)[0]?.body)]).toEqual([
      ['prompType', 'title,alter'],
      ['channels[0].id', '3'],
      ['channels[0].kind', 'webhook'],
      ['channels[0].name', 'Ops'],
      ['channels[0].target', 'https://hooks.example.com/x'],
      ['channels[0].levels', '1'],
      ['channels[0].levels', '2'],
      ['channels[0].enabled', 'true'],
    ]);
    expect(JSON.parse(body(server.calls(CONFIG_SAVE)[0]).config ?? '')).toEqual({ designer: { grid: true }, equipDisplay: 'group' });
  });
});

describe('own operation log', { timeout: 60_000 }, () => {
  it('lists the operations with their result', async () => {
    server.on(LOG, ok({ total: 2, list: [
      { id: 2, userId: 1, loginname: 'operator1', action: 'user.profile.save', objectType: 'user', objectId: '1', result: '200', address: '10.0.0.8', gmtCreate: Date.UTC(2026, 0, 2, 1, 0, 0) },
      { id: 1, userId: 1, loginname: 'operator1', action: 'equipment.multi.edit', objectType: 'equipment', objectId: '7', result: '1011', address: '10.0.0.8', gmtCreate: Date.UTC(2026, 0, 2, 0, 0, 0) },
    ] }));
    renderApp('/account/log');
    await screen.findByTestId('account-log-page', undefined, { timeout: 15_000 });
    expect(await screen.findByText('user.profile.save')).toBeTruthy();
    expect(screen.getByText('2026-01-02 09:00:00')).toBeTruthy();
    expect(screen.getByText('成功')).toBeTruthy();
    expect(screen.getByText('equipment 7')).toBeTruthy();
    expect(body(server.calls(LOG)[0])).toEqual({ page: '1', pageSize: '20' });
  });
});
