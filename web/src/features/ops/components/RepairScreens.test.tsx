import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '@/lib/i18n';
import { installFakeServer, ok, TEST_USER, type FakeServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { choose, click } from '@/test/antdActions';
import { repairDetail, repairOrder } from '@/test/repairAnswers';
import { stubViewportWidth } from '@/test/viewport';

const PENDING = repairOrder();
const RECEIVED = repairOrder({ id: 8, number: 'WX202611260002', status: 'received', creatorId: 9, creatorName: 'demo', repairerId: 1, repairerName: 'operator1', description: '电机异响' });
const form = (body: string | undefined) => Object.fromEntries(new URLSearchParams(body ?? ''));

let server: FakeServer;

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installFakeServer({ loggedIn: true });
  server.on('/lfscada/ops/repair/query', ok({ total: 2, list: [RECEIVED, PENDING] }));
  server.on('/lfscada/monitor/group/equipment/queryAllByGroup', ok([{ equipment: [{ id: 7, equipName: '1# Pump station' }] }]));
  server.on('/lfscada/ops/repair/info', (request) => {
    const id = new URLSearchParams(request.body).get('id');
    return ok(repairDetail(id === '8' ? RECEIVED : PENDING));
  });
  server.on('/lfscada/ops/repair/users', ok([{ userId: 2, loginname: 'fixer' }]));
  server.on('/lfscada/ops/repair/dispatch', ok({ ...PENDING, status: 'dispatched', repairerId: 2, repairerName: 'fixer' }));
  server.on('/lfscada/ops/repair/finish', ok({ ...RECEIVED, status: 'finished', content: '更换轴承' }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the repair orders screen', { timeout: 60_000 }, () => {
  it('lists the orders with their status and filters by status and by mine', async () => {
    renderApp('/manage/ops/repairs');
    const table = await screen.findByTestId('repair-table');
    const row = await within(table).findByText('WX202611260001');
    expect(row.closest('tr')?.textContent).toContain('待派单');
    expect(within(table).getByText('WX202611260002').closest('tr')?.textContent).toContain('已接单');
    await choose('repair-status-filter', '已接单');
    await waitFor(() => expect(form(server.calls('/lfscada/ops/repair/query').at(-1)?.body).status).toBe('received'));
    await click(screen.getByText('派给我的'));
    await waitFor(() => expect(form(server.calls('/lfscada/ops/repair/query').at(-1)?.body).mine).toBe('assigned'));
  });

  it('dispatches a pending order to someone who sees the equipment', async () => {
    renderApp('/manage/ops/repairs');
    await click(await screen.findByTestId('repair-open-5'));
    await screen.findByTestId('repair-detail');
    expect(document.getElementById('repair-earlyFinish')?.textContent).toContain('撤销工单');
    await click(document.getElementById('repair-dispatch') as HTMLElement);
    await choose('repair-repairer', 'fixer');
    await click(document.getElementById('repair-step-submit') as HTMLElement);
    await waitFor(() => expect(server.calls('/lfscada/ops/repair/dispatch')).toHaveLength(1));
    expect(form(server.calls('/lfscada/ops/repair/dispatch')[0]?.body)).toEqual({ id: '5', repairerId: '2' });
    expect(form(server.calls('/lfscada/ops/repair/users')[0]?.body)).toEqual({ equipmentId: '7' });
  });

  it('reassigns a dispatched order to someone else, the current repairer not offered', async () => {
    const dispatched = repairOrder({ id: 9, number: 'WX202611260003', status: 'dispatched', repairerId: 2, repairerName: 'fixer' });
    server.on('/lfscada/ops/repair/info', ok(repairDetail(dispatched)));
    server.on('/lfscada/ops/repair/users', ok([{ userId: 2, loginname: 'fixer' }, { userId: 3, loginname: 'second' }]));
    server.on('/lfscada/ops/repair/redispatch', ok({ ...dispatched, repairerId: 3, repairerName: 'second' }));
    renderApp('/manage/ops/repairs?order=9');
    await screen.findByTestId('repair-detail');
    expect(document.getElementById('repair-dispatch')).toBeNull();
    await click(document.getElementById('repair-redispatch') as HTMLElement);
    // antd spaces a two-character Chinese label out: 改 派.
    expect(document.getElementById('repair-redispatch')?.textContent?.replace(/\s/g, '')).toBe('改派');
    expect(screen.getByText('新维修人')).toBeTruthy();
    await act(async () => {
      fireEvent.mouseDown(document.getElementById('repair-repairer') as HTMLElement);
    });
    await waitFor(() => expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toEqual(['second']));
    await choose('repair-repairer', 'second');
    await click(document.getElementById('repair-step-submit') as HTMLElement);
    await waitFor(() => expect(server.calls('/lfscada/ops/repair/redispatch')).toHaveLength(1));
    expect(form(server.calls('/lfscada/ops/repair/redispatch')[0]?.body)).toEqual({ id: '9', repairerId: '3' });
  });

  it("gives the repairer finish, which needs the repair content, and nothing of the dispatcher's", async () => {
    server.on('/lfscada/user/info', ok({ ...TEST_USER, auths: ['monitor_multi_designer_repair'] }));
    renderApp('/manage/ops/repairs?order=8');
    await screen.findByTestId('repair-detail');
    expect(document.getElementById('repair-dispatch')).toBeNull();
    expect(document.getElementById('repair-earlyFinish')?.textContent).toContain('提前结束');
    await click(document.getElementById('repair-finish') as HTMLElement);
    await click(document.getElementById('repair-step-submit') as HTMLElement);
    expect(await screen.findByText('请填写维修内容')).toBeTruthy();
    expect(server.calls('/lfscada/ops/repair/finish')).toHaveLength(0);
    await act(async () => {
      fireEvent.change(document.getElementById('repair-content') as HTMLElement, { target: { value: '更换轴承' } });
    });
    await click(document.getElementById('repair-step-submit') as HTMLElement);
    await waitFor(() => expect(server.calls('/lfscada/ops/repair/finish')).toHaveLength(1));
    expect(form(server.calls('/lfscada/ops/repair/finish')[0]?.body)).toEqual({ id: '8', content: '更换轴承' });
  });

  it('shows cards with finger-sized buttons on a phone', async () => {
    stubViewportWidth(390);
    renderApp('/manage/ops/repairs');
    const cards = await screen.findAllByTestId('repair-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]?.textContent).toContain('电机异响');
    expect(screen.queryByTestId('repair-table')).toBeNull();
    expect((within(cards[0] as HTMLElement).getByTestId('repair-open-8') as HTMLElement).style.minHeight).toBe('44px');
  });

  it("says 'No permission to view repair orders' without the permission, and asks nothing", async () => {
    server.on('/lfscada/user/info', ok({ ...TEST_USER, auths: [] }));
    await changeLanguage('en');
    renderApp('/manage/ops/repairs');
    // The route itself needs the repair permission: the shell's "no permission" page, not the screen's.
    expect(await screen.findByTestId('no-permission', {}, { timeout: 15_000 })).toBeTruthy();
    expect(server.calls('/lfscada/ops/repair/query')).toHaveLength(0);
  });
});
