import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorNotifier } from '@/lib/api/client';
import { changeLanguage } from '@/lib/i18n';
import { TEST_USER, fail, refuse, installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import type { DriverSchema } from '@/generated/answers';
import type { Announcement } from '../model';

configure({ asyncUtilTimeout: 5000 });

const SCHEMA = '/lfscada/equipment/multi/driver/schema';
const HARDWARE = '/lfscada/gateway/hardware/query';
const MODELS = '/lfscada/equipment/model/query';
const MODEL_INFO = '/lfscada/equipment/model/info';
const MODEL_EQUIPMENT = '/lfscada/equipment/model/equipment';
const MODEL_APPLY = '/lfscada/equipment/model/apply';
const MODEL_FROM = '/lfscada/equipment/model/fromEquipment';
const MODEL_DELETE = '/lfscada/equipment/model/delete';
const ANN_QUERY = '/lfscada/announcement/query';
const ANN_ADD = '/lfscada/announcement/add';
const ANN_PUBLISH = '/lfscada/announcement/publish';
const ANN_WITHDRAW = '/lfscada/announcement/withdraw';
const UNREAD = '/lfscada/msg/queryUnReadMsgCount';

const DRIVERS: DriverSchema[] = [
  {
    kind: 'modbus_tcp',
    labelZh: 'Modbus TCP',
    labelEn: 'Modbus TCP',
    fields: [
      { name: 'host', type: 'text', max_len: 253, labelZh: '设备地址', labelEn: 'Device address', unit: '', default: null },
      { name: 'port', type: 'integer', min: 1, max: 65535, labelZh: '端口', labelEn: 'Port', unit: '', default: 502 },
      { name: 'timeoutMs', type: 'integer', min: 100, max: 60000, labelZh: '响应超时', labelEn: 'Response timeout', unit: 'ms', default: 1000 },
    ],
  },
  {
    kind: 'modbus_rtu',
    labelZh: 'Modbus RTU（串口）',
    labelEn: 'Modbus RTU (serial)',
    fields: [
      { name: 'baudRate', type: 'number_choice', options: [9600, 19200], labelZh: '波特率', labelEn: 'Baud rate', unit: 'bit/s', default: 9600 },
    ],
  },
];

const NOW = Date.now();

function announcement(patch: Partial<Announcement>): Announcement {
  return { id: 1, title: '停机维护', content: '周六 8:00', status: 'draft', gmtCreate: NOW, gmtPublish: null, ...patch };
}

let server: FakeServer;
let toasts: string[];

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installFakeServer({ loggedIn: true });
  toasts = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function click(element: Element) {
  await act(async () => {
    fireEvent.click(element);
  });
}

function fill(id: string, value: string) {
  fireEvent.change(document.getElementById(id) as HTMLInputElement, { target: { value } });
}

function body(request: { body: string } | undefined) {
  return Object.fromEntries(new URLSearchParams(request?.body ?? ''));
}

async function confirmPopover(okText: string) {
  const popover = await waitFor(() => {
    const found = document.querySelector('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons');
    expect(found).not.toBeNull();
    return found as HTMLElement;
  });
  await click(within(popover).getByRole('button', { name: okText }));
}

/** Chooses an option of the antd Select whose input has `id`. */
async function choose(id: string, label: string) {
  const input = document.getElementById(id) as HTMLElement;
  await act(async () => {
    fireEvent.mouseDown(input);
  });
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === label);
    expect(found).toBeTruthy();
    return found as HTMLElement;
  });
  await click(option);
}

async function open(path: string, ready: string) {
  const app = renderApp(path);
  await screen.findByText(ready, undefined, { timeout: 15_000 });
  setErrorNotifier((text) => toasts.push(text));
  return app;
}

describe('protocol catalogue', { timeout: 60_000 }, () => {
  it('lists each driver with its settings, limits, units and defaults in Chinese', async () => {
    server.on(SCHEMA, ok(DRIVERS));
    await open('/manage/system/protocol', 'Modbus RTU（串口）');
    const cards = screen.getAllByTestId('system-driver');
    expect(cards.map((c) => c.dataset.kind)).toEqual(['modbus_tcp', 'modbus_rtu']);
    const tcp = within(cards[0] as HTMLElement);
    expect(tcp.getByText('设备地址')).toBeTruthy();
    expect(tcp.getByText('文本，最多 253 个字符')).toBeTruthy();
    expect(tcp.getByText('无（必须填写）')).toBeTruthy();
    expect(tcp.getByText('1 至 65535')).toBeTruthy();
    expect(tcp.getByText('502')).toBeTruthy();
    expect(tcp.getByText('ms')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText('可选：9600, 19200')).toBeTruthy();
  });

  it('shows the labels in English', async () => {
    await changeLanguage('en');
    server.on(SCHEMA, ok(DRIVERS));
    await open('/manage/system/protocol', 'Modbus RTU (serial)');
    expect(screen.getByText('Device address')).toBeTruthy();
    expect(screen.getByText('1 to 65535')).toBeTruthy();
    expect(screen.getByText('One of: 9600, 19200')).toBeTruthy();
  });

  it('shows a failure with the message and retries', async () => {
    server.on(SCHEMA, fail('90099', '未知异常'));
    renderApp('/manage/system/protocol');
    const alert = await screen.findByTestId('system-protocol-error', undefined, { timeout: 15_000 });
    expect(alert.textContent).toContain('数据加载失败');
    expect(alert.textContent).toContain('未知异常');
    server.on(SCHEMA, ok(DRIVERS));
    await click(within(alert).getByRole('button'));
    expect(await screen.findByText('Modbus RTU（串口）')).toBeTruthy();
  });
});

describe('gateway hardware', { timeout: 60_000 }, () => {
  it('shows each model and firmware with its gateways and the online share', async () => {
    server.on(
      HARDWARE,
      ok([
        { model: 'EG-200', firmware: '1.0.0', gateways: 3, online: 2 },
        { model: 'EG-500', firmware: '', gateways: 1, online: 0 },
      ]),
    );
    await open('/manage/system/hardware', 'EG-500');
    const online = screen.getAllByTestId('system-hardware-online').map((n) => n.textContent);
    expect(online).toEqual(['在线 2 / 3 台', '在线 0 / 1 台']);
    expect(screen.getByText('尚未上报')).toBeTruthy();
    expect(screen.getByText('全部网关')).toBeTruthy();
    expect(screen.getByText('在线 2 / 4 台')).toBeTruthy();
  });

  it('says when there are no gateways', async () => {
    server.on(HARDWARE, ok([]));
    await open('/manage/system/hardware', '还没有注册网关。请在“网关管理”中注册。');
  });
});

describe('announcements', { timeout: 60_000 }, () => {
  it('lists, filters by status and offers only the actions the status allows', async () => {
    server.on(
      ANN_QUERY,
      ok({
        total: 2,
        list: [announcement({ id: 1 }), announcement({ id: 2, title: '已发布公告', status: 'published', gmtPublish: NOW })],
      }),
    );
    await open('/manage/system/msg', '已发布公告');
    expect(body(server.calls(ANN_QUERY)[0])).toEqual({ page: '1', pageSize: '10' });
    expect(screen.getAllByTestId('system-msg-status').map((n) => n.textContent)).toEqual(['草稿', '已发布']);
    expect(screen.getByTestId('system-msg-publish-1')).toBeTruthy();
    expect(screen.getByTestId('system-msg-delete-1')).toBeTruthy();
    expect(screen.queryByTestId('system-msg-withdraw-1')).toBeNull();
    expect(screen.getByTestId('system-msg-withdraw-2')).toBeTruthy();
    expect(screen.queryByTestId('system-msg-delete-2')).toBeNull();
    expect(screen.queryByTestId('system-msg-edit-2')).toBeNull();

    server.on(ANN_QUERY, ok({ total: 0, list: [] }));
    await click(within(screen.getByTestId('system-msg-filter')).getByText('已撤回'));
    await waitFor(() => expect(body(server.calls(ANN_QUERY).at(-1))).toEqual({ page: '1', pageSize: '10', status: 'withdrawn' }));
    expect(await screen.findByText('没有状态为“已撤回”的公告。')).toBeTruthy();
  });

  it('writes a draft, shows a refused field on the field, and publishes it raising the unread count', async () => {
    server.on(ANN_QUERY, ok({ total: 0, list: [] }));
    await open('/manage/system/msg', '还没有公告。');
    await click(document.getElementById('system-msg-add') as HTMLElement);
    await click(document.getElementById('system-msg-submit') as HTMLElement);
    expect(await screen.findAllByText('不能为空')).toHaveLength(2);
    expect(server.calls(ANN_ADD)).toHaveLength(0);

    server.on(ANN_ADD, refuse('content', '参数 content 无效：长度不能超过 5000 个字符'));
    fill('system-msg-title', ' 停机维护 ');
    fill('system-msg-content', '周六 8:00');
    await click(document.getElementById('system-msg-submit') as HTMLElement);
    expect(await screen.findByText('参数 content 无效：长度不能超过 5000 个字符')).toBeTruthy();
    expect(toasts).toEqual([]);

    server.on(ANN_ADD, ok({ id: 7 }));
    server.on(ANN_QUERY, ok({ total: 1, list: [announcement({ id: 7 })] }));
    await click(document.getElementById('system-msg-submit') as HTMLElement);
    await waitFor(() => expect(body(server.calls(ANN_ADD).at(-1))).toEqual({ title: '停机维护', content: '周六 8:00' }));
    expect(await screen.findByTestId('system-msg-publish-7')).toBeTruthy();

    const unreadBefore = server.calls(UNREAD).length;
    server.on(ANN_PUBLISH, ok({ messages: 3 }));
    server.on(UNREAD, ok(4));
    server.on(ANN_QUERY, ok({ total: 1, list: [announcement({ id: 7, status: 'published', gmtPublish: NOW })] }));
    await click(screen.getByTestId('system-msg-publish-7'));
    await confirmPopover('发 布');
    await waitFor(() => expect(body(server.calls(ANN_PUBLISH)[0])).toEqual({ id: '7' }));
    await waitFor(() => expect(server.calls(UNREAD).length).toBeGreaterThan(unreadBefore));
    await waitFor(() => expect(screen.getByTestId('unread-badge').textContent).toContain('4'));
    expect(await screen.findByTestId('system-msg-withdraw-7')).toBeTruthy();

    server.on(ANN_WITHDRAW, fail('1237', '只有已发布的公告可以撤回'));
    await click(screen.getByTestId('system-msg-withdraw-7'));
    await confirmPopover('撤 回');
    await waitFor(() => expect(toasts).toEqual(['只有已发布的公告可以撤回']));
  });
});

describe('equipment models', { timeout: 60_000 }, () => {
  const MODEL = { id: 3, name: 'P-100 泵', manufacturer: 'Acme', signalCount: 2, updated: NOW };

  it('lists models and shows a model’s signals', async () => {
    server.on(MODELS, ok([MODEL]));
    server.on(
      MODEL_INFO,
      ok({
        ...MODEL,
        remark: '标准泵',
        signals: [
          { name: '出口压力', area: 'holding_register', address: 0, dataType: 'float32', unit: 'bar', decimals: 2, writable: false, scale: 1, offset: 0, min: null, max: null },
          { name: '转速设定', area: 'holding_register', address: 2, dataType: 'uint16', unit: '', decimals: 0, writable: true, scale: 1, offset: 0, min: 0, max: 1500 },
        ],
      }),
    );
    await open('/manage/system/model', 'P-100 泵');
    expect(screen.getByTestId('system-model-signal-count').textContent).toBe('2');
    await click(screen.getByTestId('system-model-name'));
    const drawer = await screen.findByTestId('system-model-drawer');
    expect(await within(document.body).findByText('转速设定')).toBeTruthy();
    expect(body(server.calls(MODEL_INFO)[0])).toEqual({ id: '3' });
    expect(within(document.body).getByText('0 … 1500')).toBeTruthy();
    expect(within(document.body).getAllByText('保持寄存器')).toHaveLength(2);
    expect(within(document.body).getByText('标准泵')).toBeTruthy();
    expect(drawer).toBeTruthy();
  });

  it('makes a model from an equipment with signals, and applies one to equipment without signals only', async () => {
    server.on(MODELS, ok([MODEL]));
    server.on(
      MODEL_EQUIPMENT,
      ok([
        { id: 11, equipName: '1# Pump station', signalCount: 7 },
        { id: 12, equipName: '2# 新泵', signalCount: 0 },
      ]),
    );
    await open('/manage/system/model', 'P-100 泵');

    await click(document.getElementById('system-model-from') as HTMLElement);
    await choose('system-model-from-equipment', '1# Pump station (7 个信号)');
    expect((document.getElementById('system-model-from-name') as HTMLInputElement).value).toBe('1# Pump station');
    server.on(MODEL_FROM, fail('1232', '设备模型名称已存在'));
    await click(document.getElementById('system-model-from-submit') as HTMLElement);
    expect(await screen.findByText('设备模型名称已存在')).toBeTruthy();
    server.on(MODEL_FROM, ok({ id: 4 }));
    fill('system-model-from-name', '泵站模型');
    await click(document.getElementById('system-model-from-submit') as HTMLElement);
    await waitFor(() => expect(body(server.calls(MODEL_FROM).at(-1))).toEqual({ equipmentId: '11', name: '泵站模型' }));

    await click(screen.getByTestId('system-model-apply-3'));
    const input = document.getElementById('system-model-apply-equipment') as HTMLElement;
    await act(async () => {
      fireEvent.mouseDown(input);
    });
    const labels = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
      expect(found).toContain('2# 新泵');
      return found;
    });
    expect(labels).not.toContain('1# Pump station');
    await click([...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === '2# 新泵') as HTMLElement);
    server.on(MODEL_APPLY, ok({ ids: [21, 22] }));
    await click(document.getElementById('system-model-apply-submit') as HTMLElement);
    await waitFor(() => expect(body(server.calls(MODEL_APPLY)[0])).toEqual({ id: '3', equipmentId: '12' }));
    expect(await screen.findByText('已为 2# 新泵 保存 2 个信号')).toBeTruthy();
  });

  it('deletes after confirmation', async () => {
    server.on(MODELS, ok([MODEL]));
    server.on(MODEL_DELETE, ok(null));
    await open('/manage/system/model', 'P-100 泵');
    await click(screen.getByTestId('system-model-delete-3'));
    await confirmPopover('删 除');
    await waitFor(() => expect(body(server.calls(MODEL_DELETE)[0])).toEqual({ id: '3' }));
  });

  it('says no permission to a viewer (the Manage screens are the managers\' own)', async () => {
    server.on('/lfscada/user/info', ok({ ...TEST_USER, auths: [] }));
    renderApp('/manage/system/model');
    expect(await screen.findByTestId('no-permission', {}, { timeout: 15_000 })).toBeTruthy();
    expect(server.calls(MODELS)).toHaveLength(0);
  });
});
