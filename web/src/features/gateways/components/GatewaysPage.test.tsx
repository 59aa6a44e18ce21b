import { gatewayAnswer } from '@/test/answers';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorNotifier } from '@/lib/api/client';
import { changeLanguage } from '@/lib/i18n';
import { TEST_USER, fail, refuse, installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import type { Gateway } from '../model';
import { captureDownloads } from '@/test/downloads';
import { click, confirmPopover, fill, row } from './listTestSupport';

const QUERY = '/lfscada/gateway/query';
const ADD = '/lfscada/gateway/add';
const ROTATE = '/lfscada/gateway/rotateSecret';
const DELETE = '/lfscada/gateway/delete';

const NOW = Date.now();

// antd's validation and popovers settle over several frames; a busy machine needs more than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

function gateway(patch: Partial<Gateway>): Gateway {
  return gatewayAnswer({ lastSeenMs: NOW - 60_000, gmtCreate: NOW - 86_400_000, ...patch });
}

const ROWS: Gateway[] = [
  gateway({ id: 1, sn: 'EG-A', name: 'Alpha', signalStrength: 85 }),
  gateway({ id: 2, sn: 'EG-B', name: 'Bravo', signalStrength: 55, configVersion: 3, appliedVersion: 2 }),
  gateway({ id: 3, sn: 'EG-C', name: 'Charlie', signalStrength: 35, online: false, configError: 'slave 3 timed out' }),
  gateway({ id: 4, sn: 'EG-D', name: 'Delta', signalStrength: 10, online: false }),
  gateway({ id: 5, sn: 'EG-E', name: 'Echo', signalStrength: null, online: false, lastSeenMs: null }),
];

let server: FakeServer;
let toasts: string[];
let saved: Blob[];

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installFakeServer({ loggedIn: true });
  server.on(QUERY, ok({ total: ROWS.length, list: ROWS }));
  toasts = [];
  saved = captureDownloads();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Opens the screen and waits for the table; the notifier is replaced after the providers registered theirs. */
async function openScreen() {
  const app = renderApp('/manage/eg/gateway');
  // The screen is its own chunk; the first import in a test run takes a while on a busy machine.
  await screen.findByText('Alpha', undefined, { timeout: 15_000 });
  setErrorNotifier((text) => toasts.push(text));
  return app;
}

/** A saved file's text (jsdom's Blob has no text()). */
function readBlob(blob: Blob | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob as Blob);
  });
}

function body(request: { body: string } | undefined) {
  return Object.fromEntries(new URLSearchParams(request?.body ?? ''));
}

describe('gateway list', { timeout: 60_000 }, () => {
  it('asks for the first page of 10 and shows state, strength bands and configuration state', async () => {
    await openScreen();
    expect(body(server.calls(QUERY)[0])).toEqual({ page: '1', pageSize: '10' });
    expect(server.calls(QUERY)[0]?.method).toBe('POST');

    const bands = (sn: string) => within(row(sn)).getByTestId('signal-strength');
    expect(bands('EG-A').dataset.band).toBe('veryGood');
    expect(bands('EG-A').textContent).toBe('85 · 很好');
    expect(bands('EG-B').textContent).toBe('55 · 良好');
    expect(bands('EG-C').textContent).toBe('35 · 一般（可能掉线）');
    expect(bands('EG-D').textContent).toBe('10 · 差');
    expect(bands('EG-E').textContent).toBe('—');

    expect(within(row('EG-A')).getByTestId('gateway-online').textContent).toBe('在线');
    expect(within(row('EG-C')).getByTestId('gateway-online').textContent).toBe('离线');

    expect(within(row('EG-A')).getByTestId('gateway-config').textContent).toBe('已生效');
    expect(within(row('EG-B')).getByTestId('gateway-config').textContent).toBe('待下发');
    expect(within(row('EG-C')).getByTestId('gateway-config').textContent).toContain('slave 3 timed out');

    expect(within(row('EG-A')).getByTestId('gateway-last-seen').textContent).toBe('1 分钟前');
    expect(within(row('EG-E')).getByTestId('gateway-last-seen').textContent).toBe('从未连接');
    expect(within(row('EG-A')).getByText('EG-200')).toBeTruthy();
    expect(within(row('EG-A')).getByText('固件 1.4.2')).toBeTruthy();
    expect(screen.getByText('共 5 台')).toBeTruthy();
  });

  it('shows the same in English', async () => {
    await changeLanguage('en');
    await openScreen();
    expect(within(row('EG-C')).getByTestId('signal-strength').textContent).toBe('35 · Fair (may drop)');
    expect(within(row('EG-A')).getByTestId('signal-strength').textContent).toBe('85 · Very good');
    expect(within(row('EG-B')).getByTestId('gateway-config').textContent).toBe('Pending');
    expect(within(row('EG-A')).getByTestId('gateway-last-seen').textContent).toBe('a minute ago');
    expect(screen.getByText('Register gateway')).toBeTruthy();
  });

  it('searches by keyword from page 1 and pages through the results', async () => {
    server.on(QUERY, ok({ total: 25, list: ROWS }));
    await openScreen();
    await click(document.querySelector('.ant-pagination-item-2') as HTMLElement);
    await waitFor(() => expect(body(server.calls(QUERY).at(-1))).toEqual({ page: '2', pageSize: '10' }));
    fill('gateway-search', ' boiler ');
    await click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(body(server.calls(QUERY).at(-1))).toEqual({ keyword: 'boiler', page: '1', pageSize: '10' }));
  });

  it('says when there are no gateways, and when a search finds none', async () => {
    server.on(QUERY, ok({ total: 0, list: [] }));
    renderApp('/manage/eg/gateway');
    expect(await screen.findByText('还没有网关。点击“注册网关”添加第一台。', undefined, { timeout: 15_000 })).toBeTruthy();
    fill('gateway-search', 'zz');
    await click(screen.getByRole('button', { name: /搜\s*索/ }));
    expect(await screen.findByText('没有与“zz”匹配的网关')).toBeTruthy();
  });

  it("shows a failed load inline with the server's message and retries", async () => {
    server.on(QUERY, fail('90099', '数据库不可用'));
    renderApp('/manage/eg/gateway');
    const alert = await screen.findByTestId('gateways-error', undefined, { timeout: 15_000 });
    expect(alert.textContent).toContain('网关列表加载失败');
    expect(alert.textContent).toContain('数据库不可用');
    server.on(QUERY, ok({ total: ROWS.length, list: ROWS }));
    await click(within(alert).getByRole('button'));
    expect(await screen.findByText('Alpha')).toBeTruthy();
    expect(screen.queryByTestId('gateways-error')).toBeNull();
  });

  it('says no permission without the manage permission (the Manage screens are the managers\' own)', async () => {
    server.on('/lfscada/user/info', ok({ ...TEST_USER, auths: [] }));
    renderApp('/manage/eg/gateway');
    expect(await screen.findByTestId('no-permission', {}, { timeout: 15_000 })).toBeTruthy();
    expect(server.calls('/lfscada/gateway/query')).toHaveLength(0);
  });
});

describe('registering a gateway', { timeout: 60_000 }, () => {
  async function openForm() {
    await openScreen();
    await click(document.getElementById('gateway-register') as HTMLElement);
    await waitFor(() => expect(document.getElementById('gateway-sn')).not.toBeNull());
  }

  async function submitForm() {
    await click(document.getElementById('gateway-register-submit') as HTMLElement);
  }

  it('validates in the current language before calling the server', async () => {
    await openForm();
    await submitForm();
    expect(await screen.findByText('请输入序列号')).toBeTruthy();
    fill('gateway-sn', 'EG 1/北');
    fill('gateway-name', 'x'.repeat(61));
    await submitForm();
    expect(await screen.findByText('序列号只能包含字母、数字和 - _ .')).toBeTruthy();
    expect(screen.getByText('名称最多 60 个字符')).toBeTruthy();
    await act(async () => {
      await changeLanguage('en');
    });
    expect(await screen.findByText('The serial number may only contain letters, digits and - _ .')).toBeTruthy();
    expect(await screen.findByText('Name may have at most 60 characters')).toBeTruthy();
    fill('gateway-sn', 'x'.repeat(65));
    expect(await screen.findByText('Serial number may have at most 64 characters')).toBeTruthy();
    expect(server.calls(ADD)).toHaveLength(0);
  });

  it('shows the secret once, copies it and downloads the agent configuration', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    server.on(ADD, ok({ id: 9, sn: 'EG-NEW', secret: 'tok_123', broker: 'mqtt://console.test:1883' }));
    await openForm();
    fill('gateway-sn', ' EG-NEW ');
    fill('gateway-model', 'EG-200');
    await submitForm();

    await waitFor(() => expect(server.calls(ADD)).toHaveLength(1));
    expect(body(server.calls(ADD)[0])).toEqual({ sn: 'EG-NEW', model: 'EG-200' });
    const dialog = await screen.findByTestId('gateway-secret-dialog');
    expect(within(dialog).getByText('密钥只显示这一次')).toBeTruthy();
    expect(document.getElementById('gateway-secret')?.textContent).toBe('tok_123');
    expect(within(dialog).getByText('mqtt://console.test:1883')).toBeTruthy();
    // The list is reloaded to show the new gateway.
    await waitFor(() => expect(server.calls(QUERY).length).toBeGreaterThanOrEqual(2));

    await click(document.getElementById('gateway-secret-copy') as HTMLElement);
    expect(writeText).toHaveBeenCalledWith('tok_123');

    await click(document.getElementById('gateway-config-download') as HTMLElement);
    expect(saved).toHaveLength(1);
    const toml = await readBlob(saved[0]);
    expect(toml).toContain('broker = "mqtt://console.test:1883"\n');
    expect(toml).toContain('sn = "EG-NEW"\n');
    expect(toml).toContain('secret = "tok_123"\n');
    expect(toml).toContain('buffer_dir = "/var/lib/ironsight-gateway"\n');
    expect(toml).toContain('model = "EG-200"\n');
    expect(toml).not.toContain('firmware =');

    await click(document.getElementById('gateway-secret-close') as HTMLElement);
    await waitFor(() => expect(document.getElementById('gateway-secret')).toBeNull());
    expect(screen.queryByText('tok_123')).toBeNull();
  });

  it('puts "serial number exists" (1213) and field errors (1100) on the field, without a toast', async () => {
    server.on(ADD, fail('1213', '该网关序列号已注册'));
    await openForm();
    fill('gateway-sn', 'EG-A');
    await submitForm();
    expect(await screen.findByText('该网关序列号已注册')).toBeTruthy();
    server.on(ADD, refuse('firmware', '参数 firmware 无效：太长'));
    fill('gateway-sn', 'EG-Z');
    await submitForm();
    const message = await screen.findByText('参数 firmware 无效：太长');
    expect(message.closest('.ant-form-item')?.querySelector('#gateway-firmware')).not.toBeNull();
    expect(toasts).toEqual([]);
    expect(screen.queryByTestId('gateway-secret-dialog')).toBeNull();
  });

  it('toasts other failures', async () => {
    server.on(ADD, fail('1011', '无权限'));
    await openForm();
    fill('gateway-sn', 'EG-Z');
    await submitForm();
    await waitFor(() => expect(toasts).toEqual(['无权限']));
  });
});

describe('rotating and deleting', { timeout: 60_000 }, () => {
  it('asks before issuing a new secret, then shows it once with the row’s model and firmware', async () => {
    server.on(ROTATE, ok({ sn: 'EG-B', secret: 'new_secret', broker: 'mqtt://h:1883' }));
    await openScreen();
    await click(screen.getByTestId('gateway-rotate-EG-B'));
    expect(await screen.findByText('旧密钥会立即失效，网关在换上新密钥之前将无法连接。')).toBeTruthy();
    expect(server.calls(ROTATE)).toHaveLength(0);
    await confirmPopover('重 置');
    await waitFor(() => expect(server.calls(ROTATE)).toHaveLength(1));
    expect(body(server.calls(ROTATE)[0])).toEqual({ sn: 'EG-B' });
    const dialog = await screen.findByTestId('gateway-secret-dialog');
    expect(within(dialog).getByText('new_secret')).toBeTruthy();
    expect(screen.getByText('已生成新密钥')).toBeTruthy();
    await click(document.getElementById('gateway-config-download') as HTMLElement);
    const toml = await readBlob(saved[0]);
    expect(toml).toContain('sn = "EG-B"\n');
    expect(toml).toContain('secret = "new_secret"\n');
    expect(toml).toContain('model = "EG-200"\nfirmware = "1.4.2"\n');
  });

  it('a cancelled confirmation calls nothing', async () => {
    await openScreen();
    await click(screen.getByTestId('gateway-delete-EG-D'));
    const popover = await waitFor(() => document.querySelector('.ant-popconfirm-buttons') as HTMLElement);
    await click(within(popover).getByRole('button', { name: '取 消' }));
    expect(server.calls(DELETE)).toHaveLength(0);
  });

  it('deletes after confirmation and reloads the list', async () => {
    server.on(DELETE, ok(null));
    await openScreen();
    const before = server.calls(QUERY).length;
    await click(screen.getByTestId('gateway-delete-EG-D'));
    expect(await screen.findByText('删除网关 EG-D？')).toBeTruthy();
    await confirmPopover('删 除');
    await waitFor(() => expect(server.calls(DELETE)).toHaveLength(1));
    expect(body(server.calls(DELETE)[0])).toEqual({ sn: 'EG-D' });
    await waitFor(() => expect(server.calls(QUERY).length).toBeGreaterThan(before));
  });
});
