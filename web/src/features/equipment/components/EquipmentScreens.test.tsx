import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { fail, refuse, installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import type { Equipment } from '../model';
import { testEquipment } from '../testEquipment';
import { fromServer } from '../signals/model';

const QUERY = '/lfscada/equipment/multi/query';
const INFO = '/lfscada/equipment/multi/info';
const GATEWAYS = '/lfscada/gateway/query';
const GROUPS = '/lfscada/monitor/group/query';
const GATEWAY_INFO = '/lfscada/gateway/info';
const SCHEMA = '/lfscada/equipment/multi/driver/schema';
const SAVE_DRIVER = '/lfscada/equipment/multi/driver/save';
const SIGNALS = '/lfscada/equipment/multi/signal/query';
const SAVE_SIGNALS = '/lfscada/equipment/multi/signal/save';
const RULES = '/lfscada/equipment/multi/alarm/rule/query';
const SAVE_RULES = '/lfscada/equipment/multi/alarm/rule/save';

const NOW = Date.now();

function equipment(patch: Partial<Equipment> = {}): Equipment {
  return testEquipment({ gmtCreate: NOW - 86_400_000, gmtModified: NOW, ...patch });
}

/** The schema as crates/protocol/src/schema.rs answers it, cut to what the tests need. */
const SCHEMA_ANSWER = [
  {
    kind: 'modbus_tcp',
    labelZh: 'Modbus TCP',
    labelEn: 'Modbus TCP',
    fields: [
      { name: 'host', type: 'text', max_len: 253, labelZh: '设备地址', labelEn: 'Device address', unit: '', default: null },
      { name: 'port', type: 'integer', min: 1, max: 65535, labelZh: '端口', labelEn: 'Port', unit: '', default: 502 },
    ],
  },
  {
    kind: 'serial_x',
    labelZh: '串口',
    labelEn: 'Serial',
    fields: [
      { name: 'baudRate', type: 'number_choice', options: [9600, 19200], labelZh: '波特率', labelEn: 'Baud rate', unit: 'bit/s', default: 9600 },
      { name: 'parity', type: 'choice', options: ['none', 'even'], labelZh: '校验位', labelEn: 'Parity', unit: '', default: 'none' },
      { name: 'timeoutMs', type: 'integer', min: 100, max: 60000, labelZh: '响应超时', labelEn: 'Response timeout', unit: 'ms', default: 1000 },
    ],
  },
];

const GATEWAY = { id: 11, sn: 'EG-A', name: 'Hall gateway', online: true, configVersion: 3, appliedVersion: 3, configError: null };

let server: FakeServer;

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installFakeServer({ loggedIn: true });
  server.on(GATEWAYS, ok({ total: 1, list: [GATEWAY] }));
  server.on(INFO, ok(equipment()));
  server.on(GATEWAY_INFO, ok(GATEWAY));
  server.on(SCHEMA, ok(SCHEMA_ANSWER));
  server.on(RULES, ok([]));
  server.on(GROUPS, ok([{ id: 4, name: 'Line A', equipmentCount: 1 }]));
});

function body(request: { body: string } | undefined) {
  return Object.fromEntries(new URLSearchParams(request?.body ?? ''));
}

async function click(element: Element) {
  await act(async () => {
    fireEvent.click(element);
  });
}

function fill(id: string, value: string) {
  fireEvent.change(document.getElementById(id) as HTMLInputElement, { target: { value } });
}

/** Opens an antd Select by its input id and picks the option with `text`. */
async function pick(id: string, text: string) {
  const selector = document.getElementById(id)?.closest('.ant-select')?.querySelector('.ant-select-selector');
  await act(async () => {
    fireEvent.mouseDown(selector as Element);
  });
  await choose(id, text);
}

/** Picks the option with `text` of the open antd Select `id`. */
async function choose(id: string, text: string) {
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find(
      (node) => node.textContent === text,
    );
    expect(found, `option ${text} of ${id}`).toBeDefined();
    return found as HTMLElement;
  });
  await click(option);
}

describe('equipment list', { timeout: 60_000 }, () => {
  it('asks for 10 per page sorted by time, pages, sorts by name and searches from page 1', async () => {
    server.on(
      QUERY,
      ok({
        total: 25,
        list: [
          equipment({ groupId: 4, groupName: 'Line A' }),
          equipment({ id: 8, equipName: 'Chiller', gatewaySn: null, gatewayName: null, online: false }),
          // A gateway beyond the first 100 the gateway list answers: its name and state come with the row.
          equipment({ id: 9, equipName: 'Cooling fan', gatewaySn: 'EG-Z', gatewayName: 'Yard gateway', online: false }),
        ],
      }),
    );
    renderApp('/manage/eg/equipment/list');
    await screen.findByText('Boiler feed pump', undefined, { timeout: 15_000 });
    expect(body(server.calls(QUERY)[0])).toEqual({ sort: 'time', page: '1', pageSize: '10' });
    expect(screen.getByText('共 25 台')).toBeTruthy();
    // The bound gateway with its online state and the group, as the rows say; the unbound one says so.
    expect(screen.getByText('Hall gateway (EG-A)')).toBeTruthy();
    expect(screen.getByText('Yard gateway (EG-Z)')).toBeTruthy();
    expect(screen.getAllByTestId('equipment-gateway-online').map((tag) => tag.textContent)).toEqual(['在线', '离线']);
    expect(screen.getByText('未绑定网关')).toBeTruthy();
    expect(screen.getByText('Line A')).toBeTruthy();
    expect(screen.getAllByText('未分组')).toHaveLength(2);

    await click(document.querySelector('.ant-pagination-item-3') as HTMLElement);
    await waitFor(() => expect(body(server.calls(QUERY).at(-1))).toEqual({ sort: 'time', page: '3', pageSize: '10' }));
    await click(screen.getByText('按名称'));
    await waitFor(() => expect(body(server.calls(QUERY).at(-1))).toEqual({ sort: 'name', page: '1', pageSize: '10' }));
    fill('equipment-search', ' pump ');
    await click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() =>
      expect(body(server.calls(QUERY).at(-1))).toEqual({ keyword: 'pump', sort: 'name', page: '1', pageSize: '10' }),
    );
  });

  it('filters by online state, gateway (searched on the server) and group, from page 1, and clears them', async () => {
    server.on(QUERY, ok({ total: 25, list: [equipment()] }));
    server.on(GATEWAYS, (request) =>
      new URLSearchParams(request.body).get('keyword') === 'yard'
        ? ok({ total: 1, list: [{ ...GATEWAY, id: 12, sn: 'EG-Z', name: 'Yard gateway', online: false }] })
        : ok({ total: 1, list: [GATEWAY] }),
    );
    renderApp('/manage/eg/equipment/list');
    await screen.findByText('Boiler feed pump', undefined, { timeout: 15_000 });
    await click(document.querySelector('.ant-pagination-item-2') as HTMLElement);
    await waitFor(() => expect(body(server.calls(QUERY).at(-1)).page).toBe('2'));

    await pick('equipment-filter-online', '在线');
    await waitFor(() => expect(body(server.calls(QUERY).at(-1))).toEqual({ online: 'true', sort: 'time', page: '1', pageSize: '10' }));
    await pick('equipment-filter-online', '离线或未绑定网关');
    await waitFor(() => expect(body(server.calls(QUERY).at(-1)).online).toBe('false'));

    await pick('equipment-filter-group', '未分组');
    await waitFor(() => expect(body(server.calls(QUERY).at(-1))).toMatchObject({ online: 'false', groupId: '0', page: '1' }));
    await pick('equipment-filter-group', 'Line A');
    await waitFor(() => expect(body(server.calls(QUERY).at(-1)).groupId).toBe('4'));

    // The gateway is searched on the server, then chosen by its id.
    fireEvent.change(document.getElementById('equipment-filter-gateway') as HTMLInputElement, { target: { value: 'yard' } });
    await waitFor(() => expect(body(server.calls(GATEWAYS).at(-1))).toMatchObject({ keyword: 'yard', page: '1', pageSize: '100' }));
    await choose('equipment-filter-gateway', 'Yard gateway (EG-Z)');
    await waitFor(() =>
      expect(body(server.calls(QUERY).at(-1))).toEqual({
        online: 'false',
        gatewayId: '12',
        groupId: '4',
        sort: 'time',
        page: '1',
        pageSize: '10',
      }),
    );
    // The choice keeps its label after the search is gone.
    const gatewaySelect = document.getElementById('equipment-filter-gateway')?.closest('.ant-select') as HTMLElement;
    expect(gatewaySelect.querySelector('.ant-select-selection-item')?.textContent).toBe('Yard gateway (EG-Z)');

    // Nothing matches: the list says the filters found nothing.
    server.on(QUERY, ok({ total: 0, list: [] }));
    await pick('equipment-filter-online', '在线');
    expect(await screen.findByText('没有符合搜索和筛选条件的设备')).toBeTruthy();

    // Clearing a filter leaves it out of the call.
    await act(async () => {
      fireEvent.mouseDown(gatewaySelect.querySelector('.ant-select-clear') as HTMLElement);
    });
    await waitFor(() => expect(body(server.calls(QUERY).at(-1))).toEqual({ online: 'true', groupId: '4', sort: 'time', page: '1', pageSize: '10' }));
    expect(gatewaySelect.querySelector('.ant-select-selection-item')).toBeNull();
  });

  it('says when the groups cannot be loaded, and still offers the ungrouped filter', async () => {
    server.on(QUERY, ok({ total: 1, list: [equipment()] }));
    server.on(GROUPS, fail('90099', '数据库不可用'));
    renderApp('/manage/eg/equipment/list');
    await screen.findByText('Boiler feed pump', undefined, { timeout: 15_000 });
    await waitFor(() => expect(server.calls(GROUPS).length).toBeGreaterThan(0));
    await waitFor(() =>
      expect(document.getElementById('equipment-filter-group')?.closest('.ant-select')?.className).toContain('ant-select-status-error'),
    );
    await pick('equipment-filter-group', '未分组');
    expect(screen.getByText('分组列表加载失败')).toBeTruthy();
    await waitFor(() => expect(body(server.calls(QUERY).at(-1)).groupId).toBe('0'));
  });

  it('says when there is nothing, and shows a failed load with a retry', async () => {
    server.on(QUERY, fail('90099', '数据库不可用'));
    renderApp('/manage/eg/equipment/list');
    const alert = await screen.findByTestId('equipment-list-error', undefined, { timeout: 15_000 });
    expect(alert.textContent).toContain('设备列表加载失败');
    expect(alert.textContent).toContain('数据库不可用');
    server.on(QUERY, ok({ total: 0, list: [] }));
    await click(within(alert).getByRole('button'));
    expect(await screen.findByText('还没有设备。点击“新增设备”添加第一台。')).toBeTruthy();
  });

  it('deletes after confirmation', async () => {
    server.on(QUERY, ok({ total: 1, list: [equipment()] }));
    server.on('/lfscada/equipment/multi/delete', ok(null));
    renderApp('/manage/eg/equipment/list');
    await screen.findByText('Boiler feed pump', undefined, { timeout: 15_000 });
    await click(screen.getByTestId('equipment-delete-7'));
    expect(await screen.findByText('删除设备“Boiler feed pump”？')).toBeTruthy();
    expect(server.calls('/lfscada/equipment/multi/delete')).toHaveLength(0);
    const popover = document.querySelector('.ant-popconfirm-buttons') as HTMLElement;
    await click(within(popover).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(body(server.calls('/lfscada/equipment/multi/delete')[0])).toEqual({ id: '7' }));
  });
});

describe('info tab picture', { timeout: 60_000 }, () => {
  const UPLOAD = '/lfscada/equipment/multi/image/upload';

  it('uploads the chosen picture with the equipment id and shows the stored one; refuses other types first', async () => {
    server.on(UPLOAD, ok({ image: '/userimg/0123456789abcdef0123456789abcdef.png' }));
    renderApp('/manage/eg/equipment/edit/7/info');
    const control = await screen.findByTestId('equipment-image', undefined, { timeout: 15_000 });
    // The upload control renders a new input after each choice.
    const input = () => control.querySelector('input[type=file]') as HTMLInputElement;
    expect(control.querySelector('img')).toBeNull();

    await act(async () => {
      fireEvent.change(input(), { target: { files: [new File(['text'], 'notes.txt', { type: 'text/plain' })] } });
    });
    expect((await screen.findByTestId('equipment-image-error')).textContent).toContain('只能上传 PNG、JPG、GIF、SVG 或 WebP 图片');
    expect(server.calls(UPLOAD)).toHaveLength(0);

    const picture = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'pump.png', { type: 'image/png' });
    await act(async () => {
      fireEvent.change(input(), { target: { files: [picture] } });
    });
    await waitFor(() => expect(control.querySelector('img')?.getAttribute('src')).toBe('/userimg/0123456789abcdef0123456789abcdef.png'));
    expect(screen.queryByTestId('equipment-image-error')).toBeNull();
    const call = vi.mocked(fetch).mock.calls.find(([url]) => String(url).endsWith(UPLOAD));
    const sent = call?.[1]?.body as FormData;
    expect(sent.get('id')).toBe('7');
    expect((sent.get('file') as File).name).toBe('pump.png');
    expect(screen.getByRole('button', { name: /更换图片/ })).toBeTruthy();
  });
});

describe('driver tab', { timeout: 60_000 }, () => {
  it('renders each field kind from the schema, in the current language, with the saved values', async () => {
    renderApp('/manage/eg/equipment/edit/7/driver');
    await screen.findByTestId('driver-form', undefined, { timeout: 15_000 });
    await waitFor(() => expect((document.getElementById('driver-host') as HTMLInputElement).value).toBe('10.0.0.5'));
    expect((document.getElementById('driver-port') as HTMLInputElement).value).toBe('502');
    expect(screen.getByText('设备地址')).toBeTruthy();
    expect(screen.getByTestId('driver-config-state').dataset.state).toBe('applied');

    // Another kind: its fields and defaults, whatever they are.
    await pick('driver-kind', '串口');
    await waitFor(() => expect(document.getElementById('driver-host')).toBeNull());
    expect(screen.getByText('波特率')).toBeTruthy();
    expect(screen.getByText('9600 bit/s')).toBeTruthy();
    expect(screen.getByText('无校验')).toBeTruthy();
    expect((document.getElementById('driver-timeoutMs') as HTMLInputElement).value).toBe('1000');

    await act(async () => {
      await changeLanguage('en');
    });
    expect(await screen.findByText('Response timeout')).toBeTruthy();
    expect(screen.getByText('None')).toBeTruthy();
  });

  it('checks limits before saving, puts "driver.port" refusals on the port field, then follows the gateway until applied', async () => {
    let gateway = { ...GATEWAY };
    server.on(GATEWAY_INFO, () => ok(gateway));
    renderApp('/manage/eg/equipment/edit/7/driver');
    await screen.findByTestId('driver-form', undefined, { timeout: 15_000 });
    await waitFor(() => expect((document.getElementById('driver-port') as HTMLInputElement).value).toBe('502'));

    fill('driver-port', '70000');
    await click(document.getElementById('driver-save') as HTMLElement);
    expect(await screen.findByText('端口应为 1 至 65535 之间的整数')).toBeTruthy();
    expect(server.calls(SAVE_DRIVER)).toHaveLength(0);

    server.on(SAVE_DRIVER, refuse('driver.port', '参数 driver.port 无效：端口被占用'));
    fill('driver-port', '1502');
    await click(document.getElementById('driver-save') as HTMLElement);
    const message = await screen.findByText('参数 driver.port 无效：端口被占用');
    expect(message.closest('.ant-form-item')?.querySelector('#driver-port')).not.toBeNull();
    expect(JSON.parse(body(server.calls(SAVE_DRIVER)[0]).driver ?? '')).toEqual({ kind: 'modbus_tcp', host: '10.0.0.5', port: 1502 });

    // Saved: the gateway has a new version to apply; the tab asks again until it has.
    server.on(SAVE_DRIVER, () => {
      gateway = { ...gateway, configVersion: 4 };
      return ok(null);
    });
    await click(document.getElementById('driver-save') as HTMLElement);
    expect(await screen.findByText('驱动设置已保存并下发给网关。')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('driver-config-state').dataset.state).toBe('pending'));
    gateway = { ...gateway, appliedVersion: 4 };
    await waitFor(() => expect(screen.getByTestId('driver-config-state').dataset.state).toBe('applied'), { timeout: 8000 });
  });
});

describe('signal tab', { timeout: 60_000 }, () => {
  const saved = [
    fromServer({ id: 31, name: 'Pressure', area: 'holding_register', address: 0, dataType: 'float32', unit: 'MPa' }),
    fromServer({ id: 32, name: 'Running', area: 'coil', address: 0, dataType: 'bool' }),
  ];

  async function openTab() {
    server.on(SIGNALS, ok(saved));
    renderApp('/manage/eg/equipment/edit/7/signal');
    await screen.findByText('Pressure', undefined, { timeout: 15_000 });
  }

  it('adds a signal with the next free address, edits and copies, and saves the whole list', async () => {
    server.on(SAVE_SIGNALS, ok({ ids: [31, 32, 33] }));
    await openTab();
    await click(document.getElementById('signal-add') as HTMLElement);
    await waitFor(() => expect((document.getElementById('signal-address') as HTMLInputElement).value).toBe('2'));
    fill('signal-name', 'Flow');
    await click(document.getElementById('signal-modal-ok') as HTMLElement);
    expect(await screen.findByText('Flow')).toBeTruthy();
    expect(screen.getByTestId('signal-unsaved')).toBeTruthy();

    // Copy: a new signal after the others of its area.
    await click(screen.getByTestId('signal-copy-0'));
    await waitFor(() => expect((document.getElementById('signal-name') as HTMLInputElement).value).toBe('Pressure 副本'));
    expect((document.getElementById('signal-address') as HTMLInputElement).value).toBe('3');
    await click(screen.getAllByRole('button', { name: /取\s*消/ }).at(-1) as HTMLElement);

    await click(document.getElementById('signal-save') as HTMLElement);
    await waitFor(() => expect(server.calls(SAVE_SIGNALS)).toHaveLength(1));
    const sent = body(server.calls(SAVE_SIGNALS)[0]);
    expect(sent.equipmentId).toBe('7');
    expect(JSON.parse(sent.signals ?? '').map((s: { id: number; name: string; address: number }) => [s.id, s.name, s.address])).toEqual([
      [31, 'Pressure', 0],
      [32, 'Running', 0],
      [0, 'Flow', 2],
    ]);
  });

  it('refuses an overlapping address on the field before saving', async () => {
    await openTab();
    await click(screen.getByTestId('signal-edit-1'));
    await pick('signal-area', '保持寄存器');
    await waitFor(() => expect(screen.getAllByText('16 位整数').length).toBeGreaterThan(0));
    fill('signal-address', '1');
    await click(document.getElementById('signal-modal-ok') as HTMLElement);
    const message = await screen.findByText('地址与第 1 行（Pressure）重叠');
    expect(message.closest('.ant-form-item')?.querySelector('#signal-address')).not.toBeNull();
  });

  it('shows a server refusal "signals.1.address" on row 2 and on the field when the row is edited', async () => {
    server.on(SAVE_SIGNALS, refuse('signals.1.address', 'Invalid parameter signals.1.address: not allowed'));
    await openTab();
    await click(screen.getByTestId('signal-delete-0'));
    const popover = await waitFor(() => document.querySelector('.ant-popconfirm-buttons') as HTMLElement);
    await click(within(popover).getByRole('button', { name: /删\s*除/ }));
    await click(document.getElementById('signal-add') as HTMLElement);
    fill('signal-name', 'Level');
    await click(document.getElementById('signal-modal-ok') as HTMLElement);
    await screen.findByText('Level');
    await click(document.getElementById('signal-save') as HTMLElement);

    const errors = await screen.findByTestId('signal-errors');
    expect(errors.textContent).toContain('第 2 行 · 地址：');
    expect(errors.textContent).toContain('Invalid parameter signals.1.address: not allowed');
    const row = screen.getByText('Level').closest('tr') as HTMLElement;
    expect(row.dataset.error).toBe('true');
    await click(screen.getByTestId('signal-edit-1'));
    const message = await screen.findAllByText('Invalid parameter signals.1.address: not allowed');
    expect(message.some((node) => node.closest('.ant-form-item')?.querySelector('#signal-address'))).toBe(true);
  });
});

describe('alarm rules', { timeout: 60_000 }, () => {
  it('validates every field with the server rules, sends the rules and puts "rules.0.level" on its field', async () => {
    server.on(SIGNALS, ok([fromServer({ id: 31, name: 'Pressure', area: 'holding_register', address: 0, dataType: 'float32' })]));
    server.on(RULES, ok([{ id: 5, signalId: 31, signalTitle: 'Pressure', symbol: '>', value: 8, deadband: 0, delay: 0, level: 1, msgZh: '压力高', msgEn: 'High', enabled: true }]));
    renderApp('/manage/eg/equipment/edit/7/signal');
    await screen.findByText('Pressure', undefined, { timeout: 15_000 });
    await click(await screen.findByTestId('signal-alarms-Pressure'));
    await waitFor(() => expect((document.getElementById('alarm-0-value') as HTMLInputElement).value).toBe('8'));

    await click(document.getElementById('alarm-rule-add') as HTMLElement);
    fill('alarm-1-deadband', '-1');
    fill('alarm-1-delay', '86400001');
    fill('alarm-1-msgEn', 'x'.repeat(201));
    await click(document.getElementById('alarm-rules-save') as HTMLElement);
    expect(await screen.findByText('不能为负数')).toBeTruthy();
    expect(screen.getByText('应在 0 至 86400000 之间')).toBeTruthy();
    expect(screen.getByText('必须填写')).toBeTruthy();
    expect(screen.getByText('最多 200 个字符')).toBeTruthy();
    expect(server.calls(SAVE_RULES)).toHaveLength(0);

    fill('alarm-1-deadband', '0.5');
    fill('alarm-1-delay', '3000');
    fill('alarm-1-msgZh', '压力低');
    fill('alarm-1-msgEn', 'Low');
    server.on(SAVE_RULES, refuse('rules.0.level', '参数 rules.0.level 无效：超出范围'));
    await click(document.getElementById('alarm-rules-save') as HTMLElement);
    const message = await screen.findByText('参数 rules.0.level 无效：超出范围');
    expect(message.closest('.ant-form-item')?.querySelector('#alarm-0-level')).not.toBeNull();
    const sent = body(server.calls(SAVE_RULES)[0]);
    expect(sent.signalId).toBe('31');
    expect(JSON.parse(sent.rules ?? '')).toEqual([
      { id: 5, symbol: '>', value: 8, deadband: 0, delay: 0, level: 1, msgZh: '压力高', msgEn: 'High', enabled: true },
      { id: 0, symbol: '>', value: 0, deadband: 0.5, delay: 3000, level: 1, msgZh: '压力低', msgEn: 'Low', enabled: true },
    ]);
  });
});
