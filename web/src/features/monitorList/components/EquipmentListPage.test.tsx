import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorNotifier } from '@/lib/api/client';
import { changeLanguage } from '@/lib/i18n';
import { TEST_USER, fail, installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import type { Card, Group, GroupWithEquipment } from '../model';
import { card } from '../testCards';

const QUERY = '/lfscada/monitor/equipment/query';
const GROUPS = '/lfscada/monitor/group/query';
const ALL_BY_GROUP = '/lfscada/monitor/group/equipment/queryAllByGroup';
const BY_GROUP = '/lfscada/monitor/group/equipment/queryByGroup';
const FOLLOW = '/lfscada/monitor/equipment/setFollow';
const UNFOLLOW = '/lfscada/monitor/equipment/cancleFollow';
const STICK = '/lfscada/monitor/equipment/setStick';
const UNSTICK = '/lfscada/monitor/equipment/cancelStick';
const MOVE = '/lfscada/monitor/group/equipment/move';
const ADD = '/lfscada/monitor/group/add';

const CARDS: Card[] = [
  card({ id: 1, equipName: '1# Pump station', alarmCount: 2, lastUpdate: Date.UTC(2025, 0, 1, 4, 0, 0), image: '/userimg/pump.png' }),
  card({ id: 2, equipName: 'Fan', online: false, signalStrength: null, lastUpdate: null, groupId: 5, groupName: 'Hall A' }),
];
const GROUP_LIST: Group[] = [
  { id: 5, name: 'Hall A', equipmentCount: 1 },
  { id: 6, name: 'Hall B', equipmentCount: 0 },
];

let server: FakeServer;
let toasts: string[];

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installFakeServer({ loggedIn: true });
  server.on(QUERY, ok({ total: CARDS.length, list: CARDS }));
  server.on(GROUPS, ok(GROUP_LIST));
  for (const path of [FOLLOW, UNFOLLOW, STICK, UNSTICK, MOVE]) server.on(path, ok(null));
  toasts = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function body(request: { body: string } | undefined) {
  return Object.fromEntries(new URLSearchParams(request?.body ?? ''));
}

async function click(element: Element) {
  await act(async () => {
    fireEvent.click(element);
  });
}

async function openList(path = '/monitor/eg/list') {
  const app = renderApp(path);
  await screen.findByTestId('fleet-card-1', undefined, { timeout: 15_000 });
  setErrorNotifier((text) => toasts.push(text));
  return app;
}

const cardEl = (id: number) => screen.getByTestId(`fleet-card-${id}`);

describe('monitor equipment list', { timeout: 60_000 }, () => {
  it('asks for page 1 of 10 by time and shows each card’s state, alarms, signal band, update time and picture', async () => {
    await openList();
    expect(body(server.calls(QUERY)[0])).toEqual({ kind: 'eg', sort: 'time', page: '1', pageSize: '10' });

    const pump = cardEl(1);
    expect(pump.dataset.state).toBe('alarm');
    expect(within(pump).getByTestId('fleet-card-online').textContent).toBe('在线');
    const alarms = within(pump).getByTestId('fleet-alarm-1');
    expect(alarms.getAttribute('href')).toBe('/monitor/eg/detail/list/1/1');
    expect(alarms.textContent).toContain('2');
    expect(within(pump).getByTestId('signal-strength').textContent).toBe('80 · 很好');
    // 04:00 UTC is noon in UTC+8, whatever the test machine's zone.
    expect(within(pump).getByTestId('fleet-card-updated').textContent).toContain('2025-01-01 12:00:00');
    expect(pump.querySelector('img')?.getAttribute('src')).toBe('/userimg/pump.png');
    expect(within(pump).getByTestId('fleet-card-group').textContent).toContain('未分组');

    const fan = cardEl(2);
    expect(fan.dataset.state).toBe('offline');
    expect(within(fan).getByTestId('fleet-card-online').textContent).toBe('离线');
    expect(within(fan).getByTestId('signal-strength').dataset.band).toBe('none');
    expect(within(fan).getByTestId('fleet-card-updated').textContent).toBe('暂无数据');
    expect(within(fan).getByTestId('fleet-card-group').textContent).toContain('Hall A');
    expect(fan.querySelector('img')).toBeNull();
  });

  it('opens the detail when the card is clicked, and the alarm tab from the badge', async () => {
    const { router } = await openList();
    await click(within(cardEl(1)).getByText('PS-3', { exact: false }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/monitor/eg/detail/list/1/0'));
    await act(async () => void router.navigate('/monitor/eg/list'));
    await screen.findByTestId('fleet-card-1');
    await click(screen.getByTestId('fleet-alarm-1'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/monitor/eg/detail/list/1/1'));
  });

  it('stars and pins through the server, and shows the server’s answer after a re-read', async () => {
    await openList();
    const star = screen.getByTestId('fleet-follow-1');
    expect(star.getAttribute('aria-pressed')).toBe('false');
    server.on(QUERY, ok({ total: 2, list: [{ ...CARDS[0], follow: true, stick: true }, CARDS[1]] }));
    await click(star);
    await waitFor(() => expect(body(server.calls(FOLLOW)[0])).toEqual({ equipmentId: '1' }));
    await waitFor(() => expect(screen.getByTestId('fleet-follow-1').getAttribute('aria-pressed')).toBe('true'));
    await click(screen.getByTestId('fleet-follow-1'));
    await waitFor(() => expect(body(server.calls(UNFOLLOW)[0])).toEqual({ equipmentId: '1' }));
    await click(screen.getByTestId('fleet-stick-1'));
    await waitFor(() => expect(body(server.calls(UNSTICK)[0])).toEqual({ equipmentId: '1' }));
    await click(screen.getByTestId('fleet-stick-2'));
    await waitFor(() => expect(body(server.calls(STICK)[0])).toEqual({ equipmentId: '2' }));
  });

  it('never shows a star the server refused', async () => {
    await openList();
    server.on(FOLLOW, fail('1214', '设备不存在'));
    const before = server.calls(QUERY).length;
    await click(screen.getByTestId('fleet-follow-1'));
    await waitFor(() => expect(toasts).toContain('设备不存在'));
    await waitFor(() => expect(server.calls(QUERY).length).toBeGreaterThan(before));
    expect(screen.getByTestId('fleet-follow-1').getAttribute('aria-pressed')).toBe('false');
  });

  it('filters by online state, followed and keyword, sorts by name and pages, keeping it all in the address', async () => {
    server.on(QUERY, ok({ total: 25, list: CARDS }));
    const { router } = await openList();
    await click(screen.getByText('离线', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(body(server.calls(QUERY).at(-1))).toEqual({ kind: 'eg', sort: 'time', online: 'false', page: '1', pageSize: '10' }));
    await click(document.getElementById('fleet-followed') as HTMLElement);
    await waitFor(() => expect(body(server.calls(QUERY).at(-1))).toMatchObject({ follow: 'true', online: 'false' }));
    fireEvent.change(document.getElementById('fleet-search') as HTMLInputElement, { target: { value: ' pump ' } });
    await click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(body(server.calls(QUERY).at(-1))).toMatchObject({ keyword: 'pump' }));
    const sort = screen.getByTestId('fleet-sort');
    expect(sort.textContent).toBe('按时间（最新在前）');
    await click(sort);
    await click(await screen.findByRole('menuitem', { name: '按名称' }));
    await waitFor(() => expect(body(server.calls(QUERY).at(-1))).toMatchObject({ sort: 'name', keyword: 'pump' }));
    expect(sort.textContent).toBe('按名称');
    // The pagination is loaded when a list has more than one page.
    const page2 = await waitFor(() => {
      const item = document.querySelector('.ant-pagination-item-2');
      expect(item).not.toBeNull();
      return item as HTMLElement;
    });
    await click(page2);
    await waitFor(() => expect(body(server.calls(QUERY).at(-1))).toMatchObject({ page: '2', keyword: 'pump', sort: 'name' }));
    expect(router.state.location.search).toBe('?keyword=pump&sort=name&online=offline&follow=true&page=2');
  });

  it('reads the filters from the address (sort by name, followed)', async () => {
    await openList('/monitor/eg/list?sort=name&follow=true');
    expect(body(server.calls(QUERY)[0])).toEqual({ kind: 'eg', sort: 'name', follow: 'true', page: '1', pageSize: '10' });
    expect((document.getElementById('fleet-followed') as HTMLInputElement).checked).toBe(true);
  });

  it('moves equipment to a group and out of it', async () => {
    await openList();
    await click(screen.getByTestId('fleet-move-1'));
    await click(await screen.findByTestId('fleet-move-to-6'));
    await waitFor(() => expect(body(server.calls(MOVE)[0])).toEqual({ equipmentId: '1', groupId: '6' }));
    await click(screen.getByTestId('fleet-move-2'));
    const menus = await screen.findAllByTestId('fleet-move-ungroup');
    await click(menus.at(-1) as HTMLElement);
    await waitFor(() => expect(body(server.calls(MOVE)[1])).toEqual({ equipmentId: '2' }));
  });

  it('creates a group from a card with the group name rule, shows "already exists" on the field, then moves the card into it', async () => {
    await openList();
    await click(screen.getByTestId('fleet-move-1'));
    await click(await screen.findByTestId('fleet-move-new'));
    const input = (await screen.findByRole('textbox', { name: '分组名称' })) as HTMLInputElement;
    await click(document.getElementById('fleet-group-submit') as HTMLElement);
    expect(await screen.findByText('请输入分组名称')).toBeTruthy();
    fireEvent.change(input, { target: { value: '组'.repeat(31) } });
    expect(await screen.findByText('分组名称最多 30 个字符')).toBeTruthy();
    expect(server.calls(ADD)).toHaveLength(0);

    server.on(ADD, fail('1202', '分组名称已存在'));
    fireEvent.change(input, { target: { value: '  Hall A ' } });
    await click(document.getElementById('fleet-group-submit') as HTMLElement);
    expect(await screen.findByText('分组名称已存在')).toBeTruthy();
    expect(body(server.calls(ADD)[0])).toEqual({ name: 'Hall A' });
    expect(toasts).toEqual([]);
    expect(server.calls(MOVE)).toHaveLength(0);

    server.on(ADD, ok({ id: 9 }));
    fireEvent.change(input, { target: { value: 'Hall C' } });
    await click(document.getElementById('fleet-group-submit') as HTMLElement);
    await waitFor(() => expect(body(server.calls(MOVE)[0])).toEqual({ equipmentId: '1', groupId: '9' }));
  });

  it('shows by-group sections, each reading its own cards with the list’s filters', async () => {
    const sections: GroupWithEquipment[] = [
      { id: 5, name: 'Hall A', equipment: [{ id: 2, equipName: 'Fan' }] },
      { id: 6, name: 'Hall B', equipment: [] },
      { id: 0, name: '', equipment: [{ id: 1, equipName: '1# Pump station' }] },
    ];
    server.on(ALL_BY_GROUP, ok(sections));
    server.on(BY_GROUP, (request) => {
      const groupId = new URLSearchParams(request.body).get('groupId');
      const list = groupId === '5' ? [CARDS[1]] : groupId === '0' ? [CARDS[0]] : [];
      return ok({ total: list.length, list });
    });
    renderApp('/monitor/eg/list?view=group&sort=name');
    await screen.findByTestId('fleet-section-5', undefined, { timeout: 15_000 });
    expect(screen.getByTestId('fleet-section-0').textContent).toContain('未分组');
    expect(await within(screen.getByTestId('fleet-section-cards-5')).findByTestId('fleet-card-2')).toBeTruthy();
    expect(await within(screen.getByTestId('fleet-section-cards-0')).findByTestId('fleet-card-1')).toBeTruthy();
    const asked = server.calls(BY_GROUP).map((r) => body(r));
    expect(asked).toContainEqual({ kind: 'eg', groupId: '5', sort: 'name', page: '1', pageSize: '10' });
    expect(asked).toContainEqual({ kind: 'eg', groupId: '0', sort: 'name', page: '1', pageSize: '10' });
    expect(body(server.calls(ALL_BY_GROUP)[0])).toEqual({ kind: 'eg' });
    // An empty group starts closed; opened, it says it is empty.
    expect(asked.some((b) => b.groupId === '6')).toBe(false);
    await click(screen.getByTestId('fleet-section-6'));
    expect(await screen.findByText('该分组下没有设备')).toBeTruthy();
  });

  it('says when there is no equipment, and when filters match none', async () => {
    server.on(QUERY, ok({ total: 0, list: [] }));
    renderApp('/monitor/eg/list');
    expect(await screen.findByText('还没有设备。请在“管理 → 设备”中添加。', undefined, { timeout: 15_000 })).toBeTruthy();
    await click(screen.getByText('在线', { selector: '.ant-segmented-item-label' }));
    expect(await screen.findByText('没有符合条件的设备')).toBeTruthy();
  });

  it('shows a failed load inline with the server’s message and retries', async () => {
    server.on(QUERY, fail('90099', '数据库不可用'));
    renderApp('/monitor/eg/list');
    const alert = await screen.findByTestId('fleet-error', undefined, { timeout: 15_000 });
    expect(alert.textContent).toContain('设备加载失败');
    expect(alert.textContent).toContain('数据库不可用');
    server.on(QUERY, ok({ total: CARDS.length, list: CARDS }));
    await click(within(alert).getByRole('button'));
    expect(await screen.findByTestId('fleet-card-1')).toBeTruthy();
  });

  it('hides moving and new groups without the manage permission, but keeps star and pin', async () => {
    server.on('/lfscada/user/info', ok({ ...TEST_USER, auths: [] }));
    await openList();
    expect(screen.queryByTestId('fleet-move-1')).toBeNull();
    expect(document.getElementById('fleet-new-group')).toBeNull();
    expect(screen.getByTestId('fleet-follow-1')).toBeTruthy();
    expect(screen.getByTestId('fleet-stick-1')).toBeTruthy();
  });

  it('is in English after switching', async () => {
    await changeLanguage('en');
    await openList();
    expect(within(cardEl(1)).getByTestId('fleet-card-online').textContent).toBe('Online');
    expect(within(cardEl(2)).getByTestId('fleet-card-updated').textContent).toBe('No data yet');
    expect(screen.getByText('Followed only')).toBeTruthy();
    expect(within(cardEl(1)).getByTestId('signal-strength').textContent).toBe('80 · Very good');
  });
});

describe('monitor list of GM equipment (/monitor/gm/list)', { timeout: 60_000 }, () => {
  const SPARKPLUG = card({ id: 31, equipName: 'Water-quality analyser', protocol: 'sparkplug', gmSourceId: 4, gatewaySn: null, alarmCount: 1 });
  const PAGES = card({ id: 32, equipName: 'Dosing skid', protocol: 'json', gmSourceId: 5, gatewaySn: null, ruleType: '01', homePageId: 8 });

  beforeEach(() => {
    server.on(QUERY, ok({ total: 2, list: [SPARKPLUG, PAGES] }));
  });

  it('asks for the GM kind only, under its own title', async () => {
    renderApp('/monitor/gm/list');
    await screen.findByTestId('fleet-card-31', undefined, { timeout: 15_000 });
    expect(body(server.calls(QUERY)[0])).toEqual({ kind: 'gm', sort: 'time', page: '1', pageSize: '10' });
    expect(screen.getByRole('heading', { level: 4 }).textContent).toBe('MQTT 设备');
  });

  it('opens a card by its protocol and rule type: the GM detail, the pages of rule type 01, the alarm tab', async () => {
    const { router } = renderApp('/monitor/gm/list');
    await screen.findByTestId('fleet-card-31', undefined, { timeout: 15_000 });
    expect(within(cardEl(31)).getByTestId('fleet-card-name').getAttribute('href')).toBe('/monitor/gm/vuedetail/31/real');
    expect(within(cardEl(31)).getByTestId('fleet-alarm-31').getAttribute('href')).toBe('/monitor/gm/vuedetail/31/alarm');
    expect(within(cardEl(32)).getByTestId('fleet-card-name').getAttribute('href')).toBe('/monitor/gm/detail/32/01/8');
    await click(within(cardEl(31)).getByTestId('fleet-card-group'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/monitor/gm/vuedetail/31/real'));
  });

  it('asks the group sections for the GM kind too, cached apart from the gateway equipment’s', async () => {
    server.on(ALL_BY_GROUP, (request) =>
      ok(new URLSearchParams(request.body).get('kind') === 'gm' ? [{ id: 0, name: '', equipment: [{ id: 31, equipName: 'Water-quality analyser' }] }] : []),
    );
    server.on(BY_GROUP, ok({ total: 1, list: [SPARKPLUG] }));
    renderApp('/monitor/gm/list?view=group');
    expect(await within(await screen.findByTestId('fleet-section-cards-0', undefined, { timeout: 15_000 })).findByTestId('fleet-card-31')).toBeTruthy();
    expect(body(server.calls(ALL_BY_GROUP)[0])).toEqual({ kind: 'gm' });
    expect(body(server.calls(BY_GROUP)[0])).toEqual({ kind: 'gm', groupId: '0', sort: 'time', page: '1', pageSize: '10' });
  });
});
