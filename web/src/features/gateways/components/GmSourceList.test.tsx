import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorNotifier } from '@/lib/api/client';
import { changeLanguage } from '@/lib/i18n';
import { TEST_USER, fail, installFakeServer, ok, refuse, type FakeServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { gatewayAnswer } from '@/test/answers';
import type { GmSource } from '../gmModel';
import { click, confirmPopover, fill, row } from './listTestSupport';

const NODE_QUERY = '/lfscada/gm/node/query';
const JSON_QUERY = '/lfscada/gm/json/query';
const NODE_ADD = '/lfscada/gm/node/add';
const JSON_ADD = '/lfscada/gm/json/add';
const ROTATE = '/lfscada/gm/source/rotate';
const DELETE = '/lfscada/gm/source/delete';

const NOW = Date.now();

// antd's validation and popovers settle over several frames; a busy machine needs more than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

function source(patch: Partial<GmSource>): GmSource {
  return {
    id: 1,
    kind: 'sparkplug',
    name: 'Line 1 edge',
    groupId: 'plant',
    nodeId: 'edge-1',
    topicPrefix: null,
    username: 'gmabcdefghijklmnop',
    online: true,
    presence: 'online',
    lastSeenMs: NOW - 60_000,
    gmtCreate: NOW - 86_400_000,
    rule: null,
    ...patch,
  };
}

const NODES: GmSource[] = [
  source({ id: 11, name: '一号线边缘节点' }),
  source({ id: 12, name: 'Packing', nodeId: 'edge-2', username: 'gm2222222222222222', online: false, presence: 'offline', lastSeenMs: null }),
];
const DEVICES: GmSource[] = [
  source({ id: 21, kind: 'json', name: '水质仪', groupId: null, nodeId: null, topicPrefix: 'plant/water/q1', username: 'gmjjjjjjjjjjjjjjjj' }),
];

let server: FakeServer;
let toasts: string[];

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installFakeServer({ loggedIn: true });
  server.on('/lfscada/gateway/query', ok({ total: 1, list: [gatewayAnswer({ sn: 'EG-A', name: 'Alpha' })] }));
  server.on(NODE_QUERY, ok({ total: NODES.length, list: NODES }));
  server.on(JSON_QUERY, ok({ total: DEVICES.length, list: DEVICES }));
  toasts = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Opens a tab and waits for its first row; the notifier is replaced after the providers registered theirs. */
async function openTab(tab: 'node' | 'json', firstRow: string) {
  const app = renderApp(`/manage/eg/gateway?tab=${tab}`);
  await screen.findByText(firstRow, undefined, { timeout: 15_000 });
  setErrorNotifier((text) => toasts.push(text));
  return app;
}

function body(request: { body: string } | undefined) {
  return Object.fromEntries(new URLSearchParams(request?.body ?? ''));
}

function itemTexts(testId: string): string[] {
  return [...screen.getByTestId(testId).querySelectorAll('code')].map((node) => node.textContent ?? '');
}

describe('collection source tabs', { timeout: 60_000 }, () => {
  it('keeps the gateway list as the default tab and puts the chosen tab in the URL', async () => {
    const app = renderApp('/manage/eg/gateway');
    await screen.findByText('Alpha', undefined, { timeout: 15_000 });
    expect(server.calls(NODE_QUERY)).toHaveLength(0);
    await click(screen.getByRole('tab', { name: 'JSON 设备' }));
    expect(await screen.findByText('水质仪')).toBeTruthy();
    expect(app.router.state.location.search).toBe('?tab=json');
    expect(body(server.calls(JSON_QUERY)[0])).toEqual({ page: '1', pageSize: '10' });
    await click(screen.getByRole('tab', { name: 'EG 网关' }));
    expect(await screen.findByText('Alpha')).toBeTruthy();
    expect(app.router.state.location.search).toBe('');
  });

  it('lists edge nodes with their ids, user name, presence and last seen, and pages and searches', async () => {
    server.on(NODE_QUERY, ok({ total: 25, list: NODES }));
    await openTab('node', '一号线边缘节点');
    const first = row('一号线边缘节点');
    expect(within(first).getByTestId('gm-address').textContent).toBe('组 ID：plant节点 ID：edge-1');
    expect(within(first).getByTestId('gm-row-username').textContent).toBe('gmabcdefghijklmnop');
    expect(within(first).getByTestId('gm-online').textContent).toBe('在线');
    expect(within(first).getByTestId('gm-last-seen').textContent).toBe('1 分钟前');
    expect(within(row('Packing')).getByTestId('gm-online').textContent).toBe('离线');
    expect(within(row('Packing')).getByTestId('gm-last-seen').textContent).toBe('从未连接');
    expect(screen.getByText('共 25 个')).toBeTruthy();
    // Each row opens the source's own screen.
    expect(within(first).getByTestId('gm-open-11').getAttribute('href')).toBe('/monitor/gm/ocInfo/11');

    await click(document.querySelector('.ant-pagination-item-2') as HTMLElement);
    await waitFor(() => expect(body(server.calls(NODE_QUERY).at(-1))).toEqual({ page: '2', pageSize: '10' }));
    fill('gm-search', ' edge ');
    await click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(body(server.calls(NODE_QUERY).at(-1))).toEqual({ keyword: 'edge', page: '1', pageSize: '10' }));
  });

  it('shows JSON devices by topic prefix, in English too', async () => {
    await changeLanguage('en');
    await openTab('json', '水质仪');
    expect(within(row('水质仪')).getByTestId('gm-address').textContent).toBe('plant/water/q1');
    expect(screen.getByRole('tab', { name: 'Sparkplug B edge nodes' })).toBeTruthy();
    expect(screen.getByText('Register JSON device')).toBeTruthy();
    expect(within(row('水质仪')).getByTestId('gm-online').textContent).toBe('Online');
  });

  it('says when there are none, and shows a failed load inline', async () => {
    server.on(NODE_QUERY, ok({ total: 0, list: [] }));
    renderApp('/manage/eg/gateway?tab=node');
    expect(await screen.findByText('还没有边缘节点。点击“登记边缘节点”添加第一个。', undefined, { timeout: 15_000 })).toBeTruthy();
    server.on(NODE_QUERY, fail('90099', '数据库不可用'));
    fill('gm-search', 'zz');
    await click(screen.getByRole('button', { name: /搜\s*索/ }));
    const alert = await screen.findByTestId('gm-error');
    expect(alert.textContent).toContain('数据库不可用');
  });

  it('without the manage permission says so and asks nothing', async () => {
    server.on('/lfscada/user/info', ok({ ...TEST_USER, auths: [] }));
    renderApp('/manage/eg/gateway?tab=node');
    expect(await screen.findByTestId('no-permission', {}, { timeout: 15_000 })).toBeTruthy();
    expect(server.calls(NODE_QUERY)).toHaveLength(0);
    expect(document.getElementById('gm-register')).toBeNull();
  });
});

describe('registering a collection source', { timeout: 60_000 }, () => {
  async function openForm(tab: 'node' | 'json', firstRow: string, firstField: string) {
    await openTab(tab, firstRow);
    await click(document.getElementById('gm-register') as HTMLElement);
    await waitFor(() => expect(document.getElementById(firstField)).not.toBeNull());
  }

  const submit = () => click(document.getElementById('gm-register-submit') as HTMLElement);

  it('validates a node as the server does, in the current language, before calling it', async () => {
    await openForm('node', '一号线边缘节点', 'gm-group-id');
    await submit();
    expect(await screen.findByText('请输入组 ID')).toBeTruthy();
    expect(screen.getByText('请输入节点 ID')).toBeTruthy();
    fill('gm-group-id', 'plant/a');
    fill('gm-node-id', 'x'.repeat(65));
    fill('gm-name', 'n'.repeat(61));
    await submit();
    expect(await screen.findByText('组 ID：只能是一个主题层级，不能包含 / + # 或控制字符')).toBeTruthy();
    expect(screen.getByText('节点 ID：最多 64 个字符')).toBeTruthy();
    expect(screen.getByText('名称：最多 60 个字符')).toBeTruthy();
    await act(async () => {
      await changeLanguage('en');
    });
    expect(await screen.findByText('Group id: one topic level, without / + # or control characters')).toBeTruthy();
    expect(server.calls(NODE_ADD)).toHaveLength(0);
  });

  it('validates a topic prefix: empty levels and reserved trees', async () => {
    await openForm('json', '水质仪', 'gm-topic-prefix');
    fill('gm-topic-prefix', 'plant//x');
    expect(await screen.findByText('主题前缀的层级不能为空：不能以 / 开头或结尾，也不能有 //')).toBeTruthy();
    fill('gm-topic-prefix', 'spBv1.0/plant');
    expect(await screen.findByText('主题前缀不能位于 $、ironsight/ 或 spBv1.0/ 之下')).toBeTruthy();
    fill('gm-topic-prefix', 'a/+');
    expect(await screen.findByText('主题前缀不能包含 + # 或控制字符')).toBeTruthy();
    expect(server.calls(JSON_ADD)).toHaveLength(0);
  });

  it('puts the server\'s refusals on their fields, without a toast: a taken node (1381), a refused group id (1100)', async () => {
    server.on(NODE_ADD, fail('1381', '该 Sparkplug 节点（组 ID 与节点 ID）已登记'));
    await openForm('node', '一号线边缘节点', 'gm-group-id');
    fill('gm-group-id', 'plant');
    fill('gm-node-id', 'edge-1');
    await submit();
    const taken = await screen.findByText('该 Sparkplug 节点（组 ID 与节点 ID）已登记');
    expect(taken.closest('.ant-form-item')?.querySelector('#gm-node-id')).not.toBeNull();
    server.on(NODE_ADD, refuse('groupId', '参数 groupId 无效'));
    fill('gm-node-id', 'edge-9');
    await submit();
    const refused = await screen.findByText('参数 groupId 无效');
    expect(refused.closest('.ant-form-item')?.querySelector('#gm-group-id')).not.toBeNull();
    expect(toasts).toEqual([]);
    expect(screen.queryByTestId('gm-credentials-dialog')).toBeNull();
  });

  it('puts an overlapping prefix (1382) on the prefix field and toasts other failures', async () => {
    server.on(JSON_ADD, fail('1382', '该主题前缀与已登记设备的前缀重叠'));
    await openForm('json', '水质仪', 'gm-topic-prefix');
    fill('gm-topic-prefix', 'plant/water');
    await submit();
    const overlap = await screen.findByText('该主题前缀与已登记设备的前缀重叠');
    expect(overlap.closest('.ant-form-item')?.querySelector('#gm-topic-prefix')).not.toBeNull();
    server.on(JSON_ADD, fail('1011', '无权限'));
    fill('gm-topic-prefix', 'plant/air');
    await submit();
    await waitFor(() => expect(toasts).toEqual(['无权限']));
  });

  it('shows a JSON device\'s credentials once: user name, secret, broker, its topics; copies each', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    server.on(JSON_ADD, ok({ id: 30, username: 'gmnewnewnewnewnew1', secret: 'sec_json', broker: 'mqtt://console.test:1883' }));
    await openForm('json', '水质仪', 'gm-topic-prefix');
    fill('gm-topic-prefix', ' plant/line1/s3 ');
    await submit();
    await waitFor(() => expect(server.calls(JSON_ADD)).toHaveLength(1));
    expect(body(server.calls(JSON_ADD)[0])).toEqual({ topicPrefix: 'plant/line1/s3' });

    const dialog = await screen.findByTestId('gm-credentials-dialog');
    expect(within(dialog).getByText('密钥只显示这一次')).toBeTruthy();
    expect(screen.getByText('JSON 设备已登记')).toBeTruthy();
    expect(document.getElementById('gm-username')?.textContent).toBe('gmnewnewnewnewnew1');
    expect(document.getElementById('gm-secret')?.textContent).toBe('sec_json');
    expect(document.getElementById('gm-broker')?.textContent).toBe('mqtt://console.test:1883');
    expect(itemTexts('gm-topics-publish')).toEqual(['plant/line1/s3', 'plant/line1/s3/{path}']);
    expect(itemTexts('gm-topics-subscribe')).toEqual(['plant/line1/s3/cmd']);
    // The list is reloaded to show the new device.
    await waitFor(() => expect(server.calls(JSON_QUERY).length).toBeGreaterThanOrEqual(2));

    await click(document.getElementById('gm-secret-copy') as HTMLElement);
    expect(writeText).toHaveBeenLastCalledWith('sec_json');
    await click(document.getElementById('gm-username-copy') as HTMLElement);
    expect(writeText).toHaveBeenLastCalledWith('gmnewnewnewnewnew1');
    await click(document.getElementById('gm-broker-copy') as HTMLElement);
    expect(writeText).toHaveBeenLastCalledWith('mqtt://console.test:1883');

    await click(document.getElementById('gm-credentials-close') as HTMLElement);
    await waitFor(() => expect(document.getElementById('gm-secret')).toBeNull());
    expect(screen.queryByText('sec_json')).toBeNull();
  });

  it('shows a new node\'s Sparkplug topics', async () => {
    server.on(NODE_ADD, ok({ id: 31, username: 'gmnodenodenodenod', secret: 'sec_node', broker: 'mqtt://h:1883' }));
    await openForm('node', '一号线边缘节点', 'gm-group-id');
    fill('gm-group-id', 'Plant 1');
    fill('gm-node-id', 'edge-7');
    fill('gm-name', '包装线');
    await submit();
    await waitFor(() => expect(server.calls(NODE_ADD)).toHaveLength(1));
    expect(body(server.calls(NODE_ADD)[0])).toEqual({ groupId: 'Plant 1', nodeId: 'edge-7', name: '包装线' });
    await screen.findByTestId('gm-credentials-dialog');
    expect(itemTexts('gm-topics-publish')).toContain('spBv1.0/Plant 1/NBIRTH/edge-7');
    expect(itemTexts('gm-topics-publish')).toContain('spBv1.0/Plant 1/DDATA/edge-7/{device}');
    expect(itemTexts('gm-topics-subscribe')).toEqual(['spBv1.0/Plant 1/NCMD/edge-7', 'spBv1.0/Plant 1/DCMD/edge-7/{device}', 'spBv1.0/STATE/{host}']);
  });
});

describe('a new secret and deleting', { timeout: 60_000 }, () => {
  it('asks before issuing a new secret, then shows it once with the row\'s topics', async () => {
    server.on(ROTATE, ok({ id: 11, username: 'gmabcdefghijklmnop', secret: 'rotated_1', broker: 'mqtt://h:1883' }));
    await openTab('node', '一号线边缘节点');
    await click(screen.getByTestId('gm-rotate-11'));
    expect(await screen.findByText('旧密钥会立即失效，节点在换上新密钥之前将无法连接。')).toBeTruthy();
    expect(server.calls(ROTATE)).toHaveLength(0);
    await confirmPopover('重 置');
    await waitFor(() => expect(server.calls(ROTATE)).toHaveLength(1));
    expect(body(server.calls(ROTATE)[0])).toEqual({ id: '11' });
    await screen.findByTestId('gm-credentials-dialog');
    expect(screen.getByText('已生成新密钥')).toBeTruthy();
    expect(document.getElementById('gm-secret')?.textContent).toBe('rotated_1');
    expect(itemTexts('gm-topics-publish')[0]).toBe('spBv1.0/plant/NBIRTH/edge-1');
  });

  it('a cancelled confirmation calls nothing; a confirmed delete calls and reloads', async () => {
    server.on(DELETE, ok(null));
    await openTab('json', '水质仪');
    await click(screen.getByTestId('gm-delete-21'));
    const popover = await waitFor(() => document.querySelector('.ant-popconfirm-buttons') as HTMLElement);
    await click(within(popover).getByRole('button', { name: '取 消' }));
    expect(server.calls(DELETE)).toHaveLength(0);

    const before = server.calls(JSON_QUERY).length;
    await click(screen.getByTestId('gm-delete-21'));
    expect(await screen.findByText('删除“水质仪”？')).toBeTruthy();
    await confirmPopover('删 除');
    await waitFor(() => expect(server.calls(DELETE)).toHaveLength(1));
    expect(body(server.calls(DELETE)[0])).toEqual({ id: '21' });
    await waitFor(() => expect(server.calls(JSON_QUERY).length).toBeGreaterThan(before));
  });
});
