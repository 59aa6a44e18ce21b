import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Message } from '@/generated/answers';
import { FakeSocket, stubWebSockets } from '@/entities/live/fakeSocket';
import { installFakeServer, ok, fail, TEST_USER, type FakeServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { choose, click } from '@/test/antdActions';
import { stubViewportWidth } from '@/test/viewport';
import { repairDetail, repairOrder } from '@/test/repairAnswers';

function message(patch: Partial<Message>): Message {
  return {
    id: 1,
    type: 'alarm',
    title: '1# 泵站 出口压力 压力高',
    titleEn: '1# Pump station Outlet pressure Pressure high',
    note: '8.6',
    gmtCreate: Date.UTC(2026, 10, 26, 2, 0, 0),
    dataId: '7',
    dataStatus: '',
    equipType: 'eg',
    alarmId: 70,
    alarmBroadcastTimes: 3,
    equipId: 7,
    read: false,
    ...patch,
  };
}

const ALARM = message({});
const NOTICE = message({ id: 2, type: 'notice', title: '周五停水', titleEn: '周五停水', dataId: '12', equipId: null, alarmId: null, read: true });

const form = (body: string) => new URLSearchParams(body);

let server: FakeServer;
let sockets: FakeSocket[];

beforeEach(() => {
  server = installFakeServer({ loggedIn: true });
  server.on('/lfscada/msg/query', ok({ total: 2, list: [ALARM, NOTICE] }));
  server.on('/lfscada/monitor/group/equipment/queryAllByGroup', ok([{ equipment: [{ id: 7, equipName: '1# 泵站' }] }]));
  server.on('/lfscada/msg/markAsRead', ok({ changed: 1 }));
  server.on('/lfscada/msg/allMarkAsRead', ok({ changed: 1 }));
  server.on('/lfscada/msg/delete', ok({ changed: 1 }));
  server.on('/lfscada/websocket/msg/token', ok('m-1'));
  sockets = stubWebSockets();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the message centre', () => {
  it('lists the messages with their type, state and equipment, and marks the selected ones read', async () => {
    renderApp('/message/messageAll');
    const table = await screen.findByTestId('message-centre');
    const row = await within(table).findByText('1# 泵站 出口压力 压力高');
    expect(row.closest('tr')?.textContent).toContain('未读');
    expect(row.closest('tr')?.textContent).toContain('1# 泵站');
    expect(within(table).getByText('周五停水').closest('tr')?.textContent).toContain('公告');
    expect(row.getAttribute('href')).toBe('/message/detail/alarm/1');

    await click(within(row.closest('tr') as HTMLElement).getByRole('checkbox'));
    await click(document.getElementById('message-mark-read') as HTMLElement);
    await waitFor(() => expect(server.calls('/lfscada/msg/markAsRead')).toHaveLength(1));
    expect(form(server.calls('/lfscada/msg/markAsRead')[0]?.body ?? '').getAll('ids')).toEqual(['1']);
  });

  it('asks for the read state its route names, the chosen type, and marks all of a type read', async () => {
    renderApp('/message/messageUnReaden');
    await screen.findByTestId('message-centre');
    await waitFor(() => expect(server.calls('/lfscada/msg/query').length).toBeGreaterThan(0));
    expect(form(server.calls('/lfscada/msg/query')[0]?.body ?? '').get('readStatus')).toBe('unread');

    await choose('message-type-filter', '报警');
    await waitFor(() => expect(form(server.calls('/lfscada/msg/query').at(-1)?.body ?? '').get('type')).toBe('alarm'));
    await click(screen.getByRole('button', { name: '全部报警消息标为已读' }));
    await waitFor(() => expect(server.calls('/lfscada/msg/allMarkAsRead')).toHaveLength(1));
    expect(form(server.calls('/lfscada/msg/allMarkAsRead')[0]?.body ?? '').get('type')).toBe('alarm');
  });

  it('shows cards on a phone, with the same parts', async () => {
    stubViewportWidth(390);
    renderApp('/msg/messageAll');
    const cards = await screen.findAllByTestId('message-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]?.textContent).toContain('报警');
    expect(within(cards[0] as HTMLElement).getByTestId('message-title').getAttribute('href')).toBe('/msg/detail/messageAll/alarm/7');
  });

  it('says so when the list cannot be loaded', async () => {
    server.on('/lfscada/msg/query', fail('1102', '请求格式错误'));
    renderApp('/message/messageAll');
    expect(await screen.findByTestId('messages-error')).toBeTruthy();
  });
});

describe('a message opened', () => {
  it('reads an unread alarm and leads to the equipment\'s alarms', async () => {
    server.on('/lfscada/msg/info', ok(ALARM));
    renderApp('/message/detail/alarm/1');
    expect((await screen.findByTestId('message-detail-title')).textContent).toBe('1# 泵站 出口压力 压力高');
    await waitFor(() => expect(server.calls('/lfscada/msg/markAsRead')).toHaveLength(1));
    expect(screen.getByText('查看设备报警').closest('a')?.getAttribute('href')).toBe('/monitor/eg/detail/list/7/1');
    expect(screen.getByText('8.6')).toBeTruthy();
  });

  it('shows a notice\'s announcement as text, never as markup', async () => {
    server.on('/lfscada/msg/query', ok({ total: 1, list: [NOTICE] }));
    server.on(
      '/lfscada/notice/detail',
      ok({ id: 12, title: '周五停水', content: '周五 9:00 <img src=x onerror="alert(1)"> 停水', status: 'published', gmtCreate: 1, gmtPublish: Date.UTC(2026, 10, 25) }),
    );
    renderApp('/msg/detail/messageAll/notice/12');
    const content = await screen.findByTestId('notice-content');
    expect(content.textContent).toBe('周五 9:00 <img src=x onerror="alert(1)"> 停水');
    expect(content.querySelector('img')).toBeNull();
    expect(form(server.calls('/lfscada/msg/query')[0]?.body ?? '').get('dataId')).toBe('12');
    expect(server.calls('/lfscada/msg/markAsRead')).toHaveLength(0);
  });

  it("shows an order message's order and the way to it beside its equipment", async () => {
    const order = message({ id: 3, type: 'order', title: '维修工单 WX202611260001 已派给您：1# 泵站', titleEn: 'Repair order WX202611260001 assigned to you: 1# Pump', note: 'WX202611260001', dataId: '5', dataStatus: 'sended', equipType: 'repair', alarmId: null, alarmBroadcastTimes: 0 });
    server.on('/lfscada/msg/info', ok(order));
    server.on('/lfscada/ops/repair/info', ok(repairDetail(repairOrder({ status: 'dispatched', repairerId: 1, repairerName: 'operator1' }))));
    renderApp('/message/detail/order/3');
    const summary = await screen.findByTestId('order-summary');
    expect(summary.textContent).toContain('WX202611260001');
    expect(summary.textContent).toContain('已派单');
    expect(summary.textContent).toContain('出口法兰漏水');
    expect(screen.getByText('打开工单').closest('a')?.getAttribute('href')).toBe('/monitor/eg/detail/list/7/repair/5');
    expect(form(server.calls('/lfscada/ops/repair/info')[0]?.body ?? '').get('id')).toBe('5');
  });

  it('offers a repair order made from an alarm message', async () => {
    server.on('/lfscada/msg/info', ok(ALARM));
    server.on('/lfscada/ops/repair/add', ok({ id: 6, number: 'WX202611260002' }));
    renderApp('/message/detail/alarm/1');
    const repair = await waitFor(() => {
      const found = document.getElementById('message-repair');
      expect(found).toBeTruthy();
      return found as HTMLElement;
    });
    await click(repair);
    expect((await screen.findByTestId('repair-create-prefill')).textContent).toContain('1# 泵站');
    await click(document.getElementById('repair-create-submit') as HTMLElement);
    await waitFor(() => expect(server.calls('/lfscada/ops/repair/add')).toHaveLength(1));
    const sent = form(server.calls('/lfscada/ops/repair/add')[0]?.body ?? '');
    expect([sent.get('equipmentId'), sent.get('alarmId'), sent.get('description')]).toEqual(['7', '70', '1# 泵站 出口压力 压力高']);
  });

  const EXPIRE = message({ id: 8, type: 'expire', title: '设备“1# 泵站”的服务将于 7 天后到期（2031-03-10）', titleEn: 'Service of 1# Pump expires in 7 days (2031-03-10)', note: '2031-03-10', dataId: '7', dataStatus: 'equipment', alarmId: null, alarmBroadcastTimes: 0 });

  it("shows an expire message's equipment, date and days left, with the way to it and to the date's form", async () => {
    server.on('/lfscada/msg/info', ok(EXPIRE));
    const inSevenDays = new Date(Date.now() + 8 * 3_600_000 + 7 * 86_400_000).toISOString().slice(0, 10);
    server.on('/lfscada/msg/getExpireById', ok({ targetType: 'equipment', targetId: 7, name: '1# 泵站', equipmentId: 7, gatewaySn: null, expireDate: inSevenDays, daysLeft: 7 }));
    renderApp('/message/detail/expire/8');
    const summary = await screen.findByTestId('expire-summary');
    expect(summary.textContent).toContain('1# 泵站');
    expect(summary.textContent).toContain(inSevenDays);
    expect(within(summary).getByTestId('expiry-tag').textContent).toBe('7 天后到期');
    expect(within(summary).getByTestId('expire-days').textContent).toBe('还剩 7 天');
    expect(screen.getByText('查看设备信息').closest('a')?.getAttribute('href')).toBe('/monitor/eg/detail/list/7?tab=equipment');
    expect(screen.getByText('修改到期日期').closest('a')?.getAttribute('href')).toBe('/manage/eg/equipment/edit/7/info');
    expect(form(server.calls('/lfscada/msg/getExpireById')[0]?.body ?? '').get('id')).toBe('8');
  });

  it('shows an expired gateway without the edit link for a user who may not manage, and a deleted target as gone', async () => {
    server.on('/lfscada/user/info', ok({ ...TEST_USER, auths: [] }));
    server.on('/lfscada/msg/info', ok({ ...EXPIRE, dataStatus: 'gateway', dataId: '3' }));
    server.on('/lfscada/msg/getExpireById', ok({ targetType: 'gateway', targetId: 3, name: '制水工艺网关', equipmentId: 7, gatewaySn: 'EG-DEMO-01', expireDate: '2020-01-01', daysLeft: -2 }));
    renderApp('/message/detail/expire/8');
    const summary = await screen.findByTestId('expire-summary');
    expect(within(summary).getByTestId('expiry-tag').textContent).toBe('已过期');
    expect(within(summary).getByTestId('expire-days').textContent).toBe('已过期 2 天');
    expect(screen.getByText('查看网关信息').closest('a')?.getAttribute('href')).toBe('/monitor/eg/detail/list/7?tab=gateway');
    expect(screen.queryByText('修改到期日期')).toBeNull();

    server.on('/lfscada/msg/getExpireById', fail('1283', '该到期消息所指的设备或网关已删除'));
    renderApp('/message/detail/expire/8');
    expect(await screen.findByTestId('expire-gone')).toBeTruthy();
  });

  it('says a message that is gone is gone', async () => {
    server.on('/lfscada/msg/info', fail('1280', '消息不存在或已删除'));
    renderApp('/message/detail/alarm/99');
    expect(await screen.findByTestId('message-not-found')).toBeTruthy();
  });

  it("leaves a message's own window that names no message the way to the centre and home", async () => {
    server.on('/lfscada/msg/query', ok({ total: 0, list: [] }));
    const { router } = renderApp('/system/msg/detail/404/alarm');
    expect(await screen.findByTestId('message-not-found')).toBeTruthy();
    expect(screen.getByRole('link', { name: /返回首页/ })).toBeTruthy();
    fireEvent.click(screen.getByTestId('way-back'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/message/messageAll'));
  });
});

describe('a pushed message', () => {
  it('pops up, lights the bell and refreshes the count, as the user chose', async () => {
    server.on('/lfscada/user/info', ok({ ...TEST_USER, prompType: ['alter', 'title'] }));
    renderApp('/message/messageAll');
    await screen.findByTestId('message-centre');
    const socket = await waitFor(() => {
      const found = sockets.find((s) => s.url.endsWith('/lfscada/ws/message/subscribe/m-1'));
      expect(found).toBeTruthy();
      return found as FakeSocket;
    });
    socket.open();
    const counted = server.calls('/lfscada/msg/queryUnReadMsgCount').length;
    socket.push({ type: 'message', data: message({ id: 5, title: '清水池 液位 液位低', titleEn: 'Reservoir Level low' }) });
    expect(await screen.findByText('清水池 液位 液位低', { selector: '.ant-notification-notice-message' })).toBeTruthy();
    expect(document.querySelector('#unread-messages')?.getAttribute('data-fresh')).toBe('true');
    await waitFor(() => expect(server.calls('/lfscada/msg/queryUnReadMsgCount').length).toBeGreaterThan(counted));
    expect(document.title).toContain('清水池 液位 液位低');
    expect(server.calls('/lfscada/msg/createSound')).toHaveLength(0);
  });

  it('announces, when the socket opens again, a message written while it was closed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.on('/lfscada/user/info', ok({ ...TEST_USER, prompType: ['alter'] }));
    renderApp('/message/messageAll');
    await screen.findByTestId('message-centre');
    const socketAt = async (n: number) =>
      waitFor(() => {
        const found = sockets.filter((s) => s.url.endsWith('/lfscada/ws/message/subscribe/m-1'))[n];
        expect(found).toBeTruthy();
        return found as FakeSocket;
      });
    const first = await socketAt(0);
    first.open();
    // The first open reads the unread messages back and announces none of them: they are the bell's.
    await waitFor(() => expect(unreadReads(server)).toBe(1));
    first.drop();
    const missed = message({ id: 9, title: '出水泵 故障', titleEn: 'Outlet pump fault' });
    server.on('/lfscada/msg/query', ok({ total: 3, list: [missed, ALARM, NOTICE] }));
    await vi.advanceTimersByTimeAsync(10_000);
    (await socketAt(1)).open();
    expect(await screen.findByText('出水泵 故障', { selector: '.ant-notification-notice-message' })).toBeTruthy();
    expect(document.querySelectorAll('.ant-notification-notice')).toHaveLength(1);
  });
});

/** How many times the notifier read the unread messages back (the centre's own list reads are not counted). */
function unreadReads(fake: FakeServer): number {
  return fake
    .calls('/lfscada/msg/query')
    .filter((call) => form(call.body).get('readStatus') === 'unread' && form(call.body).get('pageSize') === '10' && !form(call.body).has('type'))
    .length;
}
