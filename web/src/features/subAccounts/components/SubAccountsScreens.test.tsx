import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorNotifier } from '@/lib/api/client';
import { changeLanguage } from '@/lib/i18n';
import { TEST_USER, fail, refuse, installFakeServer, ok, type FakeServer, type RecordedRequest } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import type { EquipmentOption, SubAccount } from '../model';

configure({ asyncUtilTimeout: 5000 });

const QUERY = '/lfscada/user/sub/query';
const ADD = '/lfscada/user/sub/add';
const EDIT = '/lfscada/user/sub/edit';
const DISABLE = '/lfscada/user/sub/disable';
const GRANTED = '/lfscada/user/sub/equipment';
const AUTHORISE = '/lfscada/user/sub/authorise';
const EQUIPMENT = '/lfscada/equipment/multi/query';
const PATH = '/manage/system/user';

const ADMIN = { ...TEST_USER, loginname: 'demo', roleType: 'admin' };

function account(patch: Partial<SubAccount>): SubAccount {
  return {
    userId: 5,
    loginname: 'operator1',
    tel: '13800000000',
    email: 'op@plant.example',
    roleType: 'user',
    dataRange: 'authorised',
    auths: ['monitor_write_data', 'monitor_multi_designer_alarm'],
    disabled: false,
    equipmentCount: 2,
    ...patch,
  };
}

let server: FakeServer;
let toasts: string[];

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installFakeServer({ loggedIn: true });
  server.on('/lfscada/user/info', ok(ADMIN));
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

function byId(id: string): HTMLElement {
  const element = document.getElementById(id);
  if (!element) throw new Error(`no #${id}`);
  return element;
}

async function fill(id: string, value: string) {
  await act(async () => {
    fireEvent.change(byId(id), { target: { value } });
  });
}

function body(request: RecordedRequest | undefined) {
  return Object.fromEntries(new URLSearchParams(request?.body ?? ''));
}

/** The texts of the form errors shown under the field whose input has `id`. */
function fieldErrors(id: string): string[] {
  const item = byId(id).closest('.ant-form-item');
  return [...(item?.querySelectorAll('.ant-form-item-explain-error') ?? [])].map((n) => n.textContent ?? '');
}

async function open(path: string, ready: string) {
  const app = renderApp(path);
  await screen.findByText(ready, undefined, { timeout: 15_000 });
  setErrorNotifier((text) => toasts.push(text));
  return app;
}

function sideMenuText(): string {
  return document.getElementById('side-menu')?.textContent ?? '';
}

describe('sub-accounts list', { timeout: 60_000 }, () => {
  it('lists the accounts with range, permissions, granted equipment and status, in the admin-only menu', async () => {
    server.on(
      QUERY,
      ok([
        account({}),
        account({ userId: 6, loginname: 'viewer', tel: '', email: '', dataRange: 'all', auths: [], disabled: true, equipmentCount: 3 }),
      ]),
    );
    await open(PATH, 'viewer');
    expect(sideMenuText()).toContain('子账号管理');
    const rows = [...document.querySelectorAll('[data-testid="accounts-page"] tr[data-row-key]')] as HTMLElement[];
    expect(rows.map((r) => r.dataset.rowKey)).toEqual(['5', '6']);
    const [operator, viewer] = rows.map((r) => within(r));
    expect(operator?.getByText('13800000000')).toBeTruthy();
    expect(operator?.getByTestId('accounts-range').textContent).toBe('授权设备');
    expect([...(operator?.getByTestId('accounts-auths').children ?? [])].map((tag) => tag.textContent)).toEqual([
      '查看告警记录',
      '向设备写值',
    ]);
    expect(operator?.getByTestId('accounts-equipment-count').textContent).toBe('已授权 2 台');
    expect(operator?.getByTestId('accounts-status').textContent).toBe('启用');
    // 'All equipment' needs no count of granted equipment.
    expect(viewer?.getByTestId('accounts-range').textContent).toBe('全部设备');
    expect(viewer?.queryByTestId('accounts-equipment-count')).toBeNull();
    expect(viewer?.getByTestId('accounts-status').dataset.disabled).toBe('true');
    expect(viewer?.getByText('无')).toBeTruthy();
    expect(viewer?.getByTestId('accounts-enable-6')).toBeTruthy();
  });

  it('says so when there are none, and shows a failure with a retry', async () => {
    server.on(QUERY, fail('90099', '未知异常'));
    renderApp(PATH);
    const alert = await screen.findByTestId('accounts-error', undefined, { timeout: 15_000 });
    expect(alert.textContent).toContain('未知异常');
    server.on(QUERY, ok([]));
    await click(within(alert).getByRole('button'));
    expect(await screen.findByTestId('accounts-empty')).toBeTruthy();
  });

  it('shows English texts', async () => {
    await changeLanguage('en');
    server.on(QUERY, ok([account({})]));
    await open(PATH, 'operator1');
    expect(screen.getByTestId('accounts-range').textContent).toBe('Granted equipment');
    expect(screen.getByTestId('accounts-equipment-count').textContent).toBe('2 granted');
    expect(sideMenuText()).toContain('Sub-accounts');
  });

  it('disables an account after a confirmation that says it is logged out', async () => {
    server.on(QUERY, ok([account({})]));
    await open(PATH, 'operator1');
    server.on(DISABLE, ok(null));
    const before = server.calls(QUERY).length;
    await click(screen.getByTestId('accounts-disable-5'));
    const popover = await waitFor(() => {
      const found = document.querySelector('.ant-popover:not(.ant-popover-hidden)');
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    expect(popover.textContent).toContain('立即退出登录');
    server.on(QUERY, ok([account({ disabled: true })]));
    await click(within(popover).getByRole('button', { name: '停 用' }));
    await waitFor(() => expect(body(server.calls(DISABLE)[0])).toEqual({ userId: '5', disabled: 'true' }));
    await waitFor(() => expect(server.calls(QUERY).length).toBeGreaterThan(before));
    expect(await screen.findByTestId('accounts-enable-5')).toBeTruthy();
  });
});

describe('administrators only', { timeout: 60_000 }, () => {
  it('tells anyone else the screen is not for them, asks the server nothing, and leaves it out of the menu', async () => {
    server.on('/lfscada/user/info', ok({ ...TEST_USER, roleType: 'user' }));
    server.on(QUERY, fail('1011', '无权限'));
    await open(PATH, '只有组织管理员可以管理子账号。如需调整你的账号，请联系管理员。');
    expect(screen.getByTestId('accounts-no-permission')).toBeTruthy();
    expect(sideMenuText()).toContain('设备模型');
    expect(sideMenuText()).not.toContain('子账号管理');
    expect(server.calls(QUERY)).toHaveLength(0);
  });
});

describe('new sub-account', { timeout: 60_000 }, () => {
  it('checks the fields, shows the server’s refusals on their field, and saves', async () => {
    server.on(QUERY, ok([]));
    await open(PATH, '还没有子账号。点击“新建子账号”创建一个，再为它授权设备。');
    await click(byId('accounts-add'));
    await click(byId('accounts-submit'));
    await waitFor(() => expect(fieldErrors('accounts-loginname')).toEqual(['请输入登录名']));
    expect(fieldErrors('accounts-password')).toEqual(['请输入密码']);
    expect(fieldErrors('accounts-confirm')).toEqual(['请再次输入密码']);

    await fill('accounts-loginname', ' operator2 ');
    await fill('accounts-password', 'operator12');
    await fill('accounts-confirm', 'operator1');
    await fill('accounts-tel', '12-34');
    await fill('accounts-email', 'op@plant');
    await click(byId('accounts-submit'));
    await waitFor(() => expect(fieldErrors('accounts-password')).toEqual(['密码不符合要求（见下方说明）']));
    expect(byId('accounts-password').closest('.ant-form-item')?.textContent).toContain('8 到 15 位，区分大小写，须包含字母、数字和符号，不能有空格');
    expect(fieldErrors('accounts-confirm')).toEqual(['两次输入的密码不一致']);
    expect(fieldErrors('accounts-tel')[0]).toContain('电话格式不正确');
    expect(fieldErrors('accounts-email')).toEqual(['邮箱格式不正确']);
    expect(server.calls(ADD)).toHaveLength(0);

    await fill('accounts-password', 'Op@123456');
    await fill('accounts-confirm', 'Op@123456');
    await fill('accounts-tel', '13800000000');
    await fill('accounts-email', 'op2@plant.example');
    await click(screen.getByTestId('accounts-auth-monitor_write_data'));
    server.on(ADD, refuse('tel', '参数 tel 无效：格式不正确'));
    await click(byId('accounts-submit'));
    await waitFor(() => expect(fieldErrors('accounts-tel')).toEqual(['参数 tel 无效：格式不正确']));
    expect(toasts).toEqual([]);

    server.on(ADD, fail('1201', '用户已存在'));
    await click(byId('accounts-submit'));
    await waitFor(() => expect(fieldErrors('accounts-loginname')).toEqual(['用户已存在']));
    expect(toasts).toEqual([]);

    server.on(ADD, ok({ userId: 9 }));
    server.on(QUERY, ok([account({ userId: 9, loginname: 'operator2', auths: ['monitor_write_data'], equipmentCount: 0 })]));
    server.on(GRANTED, ok({ equipmentIds: [] }));
    server.on(EQUIPMENT, ok({ total: 0, list: [] }));
    await click(byId('accounts-submit'));
    await waitFor(() =>
      expect(body(server.calls(ADD).at(-1))).toEqual({
        loginname: 'operator2',
        password: 'Op@123456',
        tel: '13800000000',
        email: 'op2@plant.example',
        dataRange: 'authorised',
        auths: 'monitor_write_data',
      }),
    );
    // A new account limited to granted equipment goes on to choose them.
    expect(await screen.findByText('授权设备：operator2')).toBeTruthy();
    expect(await screen.findByText('子账号 operator2 已创建')).toBeTruthy();
    await waitFor(() => expect(body(server.calls(GRANTED)[0])).toEqual({ userId: '9' }));
  });

  it('edits the contact, range and permissions of an account', async () => {
    server.on(QUERY, ok([account({})]));
    await open(PATH, 'operator1');
    await click(screen.getByTestId('accounts-edit-5'));
    await waitFor(() => expect((byId('accounts-tel') as HTMLInputElement).value).toBe('13800000000'));
    expect(document.getElementById('accounts-loginname')).toBeNull();
    await fill('accounts-tel', '');
    await click(screen.getByTestId('accounts-range-all'));
    await click(screen.getByTestId('accounts-auth-monitor_multi_designer_alarm'));
    server.on(EDIT, ok(null));
    await click(byId('accounts-submit'));
    await waitFor(() =>
      expect(body(server.calls(EDIT)[0])).toEqual({
        userId: '5',
        tel: '',
        email: 'op@plant.example',
        dataRange: 'all',
        auths: 'monitor_write_data',
      }),
    );
    expect(await screen.findByText('已保存 operator1 的设置')).toBeTruthy();
  });
});

describe('granting equipment', { timeout: 60_000 }, () => {
  /** 102 equipment: two pages of 100. Nos. 101 and 102 are cooling towers. */
  const EQUIPMENT_ROWS: EquipmentOption[] = Array.from({ length: 102 }, (_, i) => ({
    id: i + 1,
    equipName: i + 1 > 100 ? `${i - 99}# 冷却塔` : `设备 ${String(i + 1).padStart(3, '0')}`,
    gatewayName: i % 2 ? null : `网关 ${i}`,
    gatewaySn: i % 2 ? null : `EG-${i}`,
    groupName: null,
  }));

  function pagedEquipment(request: RecordedRequest) {
    const params = new URLSearchParams(request.body);
    const page = Number(params.get('page'));
    const size = Number(params.get('pageSize'));
    return ok({ total: EQUIPMENT_ROWS.length, list: EQUIPMENT_ROWS.slice((page - 1) * size, page * size) });
  }

  function drawer(): HTMLElement {
    return screen.getByTestId('accounts-authorise-drawer');
  }

  function checkbox(id: number): HTMLInputElement {
    const input = drawer().querySelector(`tr[data-row-key="${id}"] input[type="checkbox"]`);
    if (!input) throw new Error(`no row ${id}`);
    return input as HTMLInputElement;
  }

  it('loads every equipment page by page, starts from the grants and saves the chosen ids', async () => {
    server.on(QUERY, ok([account({})]));
    server.on(EQUIPMENT, pagedEquipment);
    server.on(GRANTED, ok({ equipmentIds: [2, 3] }));
    await open(PATH, 'operator1');
    await click(screen.getByTestId('accounts-authorise-5'));
    await waitFor(() => expect(checkbox(2).checked).toBe(true));
    expect(checkbox(3).checked).toBe(true);
    expect(checkbox(1).checked).toBe(false);
    expect(server.calls(EQUIPMENT).map((r) => body(r))).toEqual([
      { sort: 'name', page: '1', pageSize: '100' },
      { sort: 'name', page: '2', pageSize: '100' },
    ]);
    expect(screen.getByTestId('accounts-authorise-count').textContent).toBe('已选 2 台，共 102 台');

    await fill('accounts-equipment-search', '冷却');
    await waitFor(() => expect(drawer().querySelectorAll('tr[data-row-key]')).toHaveLength(2));
    await click(byId('accounts-authorise-all-shown'));
    await fill('accounts-equipment-search', '');
    await waitFor(() => expect(drawer().querySelectorAll('tr[data-row-key]')).toHaveLength(10));
    await click(checkbox(3));
    expect(screen.getByTestId('accounts-authorise-count').textContent).toBe('已选 3 台，共 102 台');

    server.on(AUTHORISE, ok({ count: 3 }));
    server.on(QUERY, ok([account({ equipmentCount: 3 })]));
    const before = server.calls(QUERY).length;
    await click(byId('accounts-authorise-save'));
    await waitFor(() => expect(body(server.calls(AUTHORISE)[0])).toEqual({ userId: '5', equipmentIds: '2,101,102' }));
    expect(await screen.findByText('已为 operator1 授权 3 台设备')).toBeTruthy();
    await waitFor(() => expect(server.calls(QUERY).length).toBeGreaterThan(before));
    await waitFor(() => expect(screen.getByTestId('accounts-equipment-count').textContent).toBe('已授权 3 台'));
  });

  it('saves no grants as an empty list', async () => {
    server.on(QUERY, ok([account({})]));
    server.on(EQUIPMENT, pagedEquipment);
    server.on(GRANTED, ok({ equipmentIds: [2] }));
    await open(PATH, 'operator1');
    await click(screen.getByTestId('accounts-authorise-5'));
    await waitFor(() => expect(checkbox(2).checked).toBe(true));
    await click(byId('accounts-authorise-clear'));
    server.on(AUTHORISE, ok({ count: 0 }));
    await click(byId('accounts-authorise-save'));
    await waitFor(() => expect(body(server.calls(AUTHORISE)[0])).toEqual({ userId: '5', equipmentIds: '' }));
  });

  it('explains that an account seeing all equipment needs no grants, and does not save any', async () => {
    server.on(QUERY, ok([account({ dataRange: 'all' })]));
    server.on(EQUIPMENT, pagedEquipment);
    server.on(GRANTED, ok({ equipmentIds: [] }));
    await open(PATH, 'operator1');
    await click(screen.getByTestId('accounts-authorise-5'));
    expect(await screen.findByTestId('accounts-authorise-all')).toBeTruthy();
    await waitFor(() => expect(checkbox(1).disabled).toBe(true));
    expect((byId('accounts-authorise-save') as HTMLButtonElement).disabled).toBe(true);
  });
});
