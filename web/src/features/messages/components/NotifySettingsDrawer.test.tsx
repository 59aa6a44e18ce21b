import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { NotifySettings } from '@/generated/answers';
import { stubWebSockets } from '@/entities/live/fakeSocket';
import { installFakeServer, ok, refuse, TEST_USER, type FakeServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';

const SETTINGS: NotifySettings = {
  prompType: ['sound', 'title'],
  channels: [
    {
      id: 4,
      kind: 'dingtalk',
      name: '值班群',
      target: 'https://oapi.dingtalk.com/robot/send?access_token=T1',
      levels: [1, 2],
      enabled: true,
      hasSecret: true,
    },
  ],
  smtpReady: true,
};

const form = (body: string) => new URLSearchParams(body);

async function click(element: Element) {
  await act(async () => {
    fireEvent.click(element);
  });
}

async function type(id: string, value: string) {
  await act(async () => {
    fireEvent.change(document.getElementById(id) as HTMLElement, { target: { value } });
  });
}

let server: FakeServer;

beforeEach(() => {
  server = installFakeServer({ loggedIn: true });
  server.on('/lfscada/msg/query', ok({ total: 0, list: [] }));
  server.on('/lfscada/monitor/group/equipment/queryAllByGroup', ok([]));
  server.on('/lfscada/websocket/msg/token', ok('m-1'));
  server.on('/lfscada/msg/notify/settings/query', ok(SETTINGS));
  server.on('/lfscada/msg/notify/log/query', ok({ total: 1, list: [
    { id: 9, channelId: 4, channelName: '值班群', channelKind: 'dingtalk', messageId: 3, title: '1#泵站 压力高', status: 'failed',
      attempts: 3, lastError: 'HTTP 500: receiver down', gmtCreate: 1, gmtUpdate: 2 },
  ] }));
  server.on('/lfscada/msg/notify/settings/save', ok({ ids: [4, 5] }));
  server.on('/lfscada/msg/notify/test', ok({ id: 10 }));
  stubWebSockets();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openDrawer() {
  renderApp('/message/messageAll');
  await click(await screen.findByText('通知设置'));
  return screen.findByTestId('notify-drawer');
}

describe('the notification settings', () => {
  it('loads the settings and the delivery log', async () => {
    const drawer = await openDrawer();
    const channel = await within(drawer).findByTestId('notify-channel');
    expect(channel.textContent).toContain('值班群');
    expect(channel.textContent).toContain('钉钉机器人');
    expect(channel.textContent).toContain('1级');
    expect((document.getElementById('notify-prompt-sound') as HTMLInputElement).checked).toBe(true);
    expect((document.getElementById('notify-prompt-alter') as HTMLInputElement).checked).toBe(false);
    const log = await within(drawer).findByTestId('notify-log');
    expect(await within(log).findByText('HTTP 500: receiver down')).toBeTruthy();
    expect(within(log).getByText('失败')).toBeTruthy();
    expect(within(drawer).queryByTestId('notify-smtp')).toBeNull();
  });

  it('saves the prompt types and a new channel whole, and the user info follows', async () => {
    const drawer = await openDrawer();
    await within(drawer).findByTestId('notify-channel');
    await click(document.getElementById('notify-prompt-alter') as HTMLElement);
    await click(document.getElementById('notify-channel-add') as HTMLElement);
    await type('notify-channel-name', '运维邮箱');
    await type('notify-channel-target', 'ops@plant.example');
    await click(document.getElementById('notify-channel-level-3') as HTMLElement);
    await click(document.getElementById('notify-channel-ok') as HTMLElement);
    await waitFor(() => expect(within(drawer).getAllByTestId('notify-channel')).toHaveLength(2));
    const infoCalls = server.calls('/lfscada/user/info').length;

    await click(document.getElementById('notify-save') as HTMLElement);
    await waitFor(() => expect(server.calls('/lfscada/msg/notify/settings/save')).toHaveLength(1));
    const sent = form(server.calls('/lfscada/msg/notify/settings/save')[0]?.body ?? '');
    expect(sent.get('prompType')).toBe('sound,title,alter');
    expect(sent.get('channels[0].id')).toBe('4');
    expect(sent.get('channels[0].secret')).toBeNull();
    expect(sent.get('channels[1].id')).toBeNull();
    expect([sent.get('channels[1].kind'), sent.get('channels[1].name'), sent.get('channels[1].target')]).toEqual([
      'email',
      '运维邮箱',
      'ops@plant.example',
    ]);
    expect(sent.getAll('channels[1].levels')).toEqual(['1', '2']);
    await waitFor(() => expect(server.calls('/lfscada/user/info').length).toBeGreaterThan(infoCalls));
  });

  it('shows a refusal on the field the server names', async () => {
    server.on('/lfscada/msg/notify/settings/save', refuse('channels.0.target', '参数 channels.0.target 无效：不能指向本机、链路本地或内网地址'));
    const drawer = await openDrawer();
    await within(drawer).findByTestId('notify-channel');
    await click(document.getElementById('notify-save') as HTMLElement);
    const field = await waitFor(() => {
      const input = document.getElementById('notify-channel-target');
      const item = input?.closest('.ant-form-item');
      expect(item?.textContent).toContain('不能指向本机、链路本地或内网地址');
      return input as HTMLInputElement;
    });
    expect(field.value).toBe(SETTINGS.channels[0]?.target);
    expect((document.getElementById('notify-channel-secret') as HTMLInputElement).placeholder).toBe('已保存（留空不变）');
  });

  it('sends a test of a saved channel', async () => {
    const drawer = await openDrawer();
    const channel = await within(drawer).findByTestId('notify-channel');
    await click(within(channel).getByTestId('notify-channel-test'));
    await waitFor(() => expect(server.calls('/lfscada/msg/notify/test')).toHaveLength(1));
    expect(form(server.calls('/lfscada/msg/notify/test')[0]?.body ?? '').get('id')).toBe('4');
    expect(await screen.findByText('测试通知已排队，结果见下方发送记录')).toBeTruthy();
  });

  it('lets an administrator set the SMTP server, its password write-only', async () => {
    server.on('/lfscada/user/info', ok({ ...TEST_USER, roleType: 'admin' }));
    server.on('/lfscada/msg/notify/smtp/query', ok({ host: 'smtp.plant.example', port: 587, security: 'starttls', username: 'alarms',
      hasPassword: true, fromAddress: 'alarms@plant.example', fromName: '' }));
    server.on('/lfscada/msg/notify/smtp/save', refuse('fromAddress', '参数 fromAddress 无效：格式不正确'));
    const drawer = await openDrawer();
    const smtp = await within(drawer).findByTestId('notify-smtp');
    await waitFor(() => expect((document.getElementById('notify-smtp-host') as HTMLInputElement).value).toBe('smtp.plant.example'));
    expect((document.getElementById('notify-smtp-password') as HTMLInputElement).placeholder).toBe('已保存（留空不变）');
    await click(document.getElementById('notify-smtp-save') as HTMLElement);
    await waitFor(() => expect(server.calls('/lfscada/msg/notify/smtp/save')).toHaveLength(1));
    const sent = form(server.calls('/lfscada/msg/notify/smtp/save')[0]?.body ?? '');
    expect(sent.get('host')).toBe('smtp.plant.example');
    expect(sent.has('password')).toBe(false);
    expect(await within(smtp).findByText('参数 fromAddress 无效：格式不正确')).toBeTruthy();
  });
});
