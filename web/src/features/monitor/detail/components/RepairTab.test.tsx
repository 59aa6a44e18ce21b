import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { fail, ok } from '@/test/fakeServer';
import { repairDetail, repairOrder } from '@/test/repairAnswers';
import { ALARM, body, click, fill, installDetailServer, openDetail, type Harness } from './testSupport';

let h: Harness;
const ORDER = repairOrder({ status: 'dispatched', repairerId: 2, repairerName: 'fixer' });

beforeEach(async () => {
  await changeLanguage('zh-CN');
  h = installDetailServer();
  h.server.on('/lfscada/equipment/multi/repair/query', ok({ total: 1, list: [ORDER] }));
  h.server.on('/lfscada/ops/repair/info', ok(repairDetail(ORDER)));
  h.server.on('/lfscada/ops/repair/add', ok({ id: 6, number: 'WX202611260002' }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the repair records tab', { timeout: 60_000 }, () => {
  it("lists the equipment's orders and opens one with its history", async () => {
    await openDetail('?tab=repair');
    const table = await screen.findByTestId('repair-table');
    const row = await within(table).findByText('WX202611260001');
    expect(row.closest('tr')?.textContent).toContain('已派单');
    expect(row.closest('tr')?.textContent).toContain('fixer');
    expect(body(h.server.calls('/lfscada/equipment/multi/repair/query')[0])).toEqual({ equipmentId: '7', page: '1', pageSize: '10' });
    await click(row);
    const detail = await screen.findByTestId('repair-detail');
    expect(detail.textContent).toContain('出口法兰漏水');
    expect(within(detail).getByTestId('repair-history').textContent).toContain('operator1 创建工单');
    // A manager may still cancel a dispatched order; receiving is the repairer's.
    expect(document.getElementById('repair-earlyFinish')?.textContent).toContain('撤销工单');
    expect(document.getElementById('repair-receive')).toBeNull();
  });

  it("needs monitor_multi_designer_repair: without it, the spec's message and no request", async () => {
    vi.unstubAllGlobals();
    h = installDetailServer(['monitor_write_data']);
    await openDetail('?tab=repair');
    expect((await screen.findByTestId('repair-no-permission')).textContent).toContain('无权限查看维修工单');
    expect(h.server.calls('/lfscada/equipment/multi/repair/query')).toHaveLength(0);
  });

  it("shows the server's refusal (1212) the same way", async () => {
    h.server.on('/lfscada/equipment/multi/repair/query', fail('1212', '无权限查看维修工单'));
    await openDetail('?tab=repair');
    expect((await screen.findByTestId('repair-no-permission')).textContent).toContain('无权限查看维修工单');
  });

  it('opens the order beside the equipment on the order route', async () => {
    await openDetail('/repair/5');
    const detail = await screen.findByTestId('repair-detail');
    expect(detail.textContent).toContain('出口法兰漏水');
    expect(body(h.server.calls('/lfscada/ops/repair/info')[0])).toEqual({ id: '5' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('实时数据');
  });

  it('makes a repair order from an alarm in one click, prefilled', async () => {
    await openDetail('/1');
    await click(await screen.findByTestId(`alarm-repair-${ALARM.id}`));
    const prefill = await screen.findByTestId('repair-create-prefill');
    expect(prefill.textContent).toContain('1# Pump station');
    expect(prefill.textContent).toContain('Tank level');
    expect((document.getElementById('repair-description') as HTMLTextAreaElement).value).toBe(`Tank level ${ALARM.msg}`);
    fill('repair-description', '液位计读数异常');
    await click(document.getElementById('repair-create-submit') as HTMLElement);
    await waitFor(() => expect(h.server.calls('/lfscada/ops/repair/add')).toHaveLength(1));
    expect(body(h.server.calls('/lfscada/ops/repair/add')[0])).toEqual({ equipmentId: '7', description: '液位计读数异常', alarmId: String(ALARM.id) });
  });
});
