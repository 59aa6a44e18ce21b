import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '@/lib/i18n';
import { installFakeServer, ok, TEST_USER, type FakeServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { click } from '@/test/antdActions';
import { worksheet, worksheetDetail } from '@/test/inspectionAnswers';
import { stubViewportWidth } from '@/test/viewport';

const OPEN = worksheet();
const DONE = worksheet({ id: 12, number: 'XJ202611260002', status: 'abnormal', gmtSubmit: Date.UTC(2026, 10, 26, 1, 0, 0) });
const LATE = worksheet({ id: 13, number: 'XJ202611250001', overdue: true });
const form = (body: string | undefined) => Object.fromEntries(new URLSearchParams(body ?? ''));

let server: FakeServer;

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installFakeServer({ loggedIn: true });
  server.on('/lfscada/ops/inspection/worksheet/query', ok({ total: 3, list: [LATE, DONE, OPEN] }));
  server.on('/lfscada/ops/inspection/plan/query', ok([]));
  server.on('/lfscada/ops/inspection/worksheet/info', (request) => {
    const id = new URLSearchParams(request.body).get('id');
    if (id === '12') {
      return ok(
        worksheetDetail(DONE, {
          results: [
            { id: 31, equipmentId: 7, itemId: 21, value: 'normal', remark: '', abnormal: false, repairOrderId: null },
            { id: 32, equipmentId: 8, itemId: 22, value: '5.2', remark: '表偏高', abnormal: true, repairOrderId: null },
          ],
        }),
      );
    }
    return ok(worksheetDetail(id === '13' ? LATE : OPEN));
  });
  server.on('/lfscada/ops/inspection/worksheet/submit', ok({ ...OPEN, status: 'abnormal' }));
  server.on('/lfscada/ops/inspection/worksheet/save', ok(OPEN));
  server.on('/lfscada/ops/repair/add', ok({ id: 40, number: 'WX202611260009' }));
  server.on('/lfscada/ops/repair/info', ok(null));
  server.on('/lfscada/ops/inspection/worksheet/repair', ok(null));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const type = async (label: string, value: string, index = 0) => {
  const input = screen.getAllByLabelText(label)[index] as HTMLElement;
  await act(async () => {
    fireEvent.change(input, { target: { value } });
  });
};

describe('the inspection worksheets screen', { timeout: 60_000 }, () => {
  it('lists worksheets with their status and overdue shown as such', async () => {
    renderApp('/manage/ops/worksheet');
    const table = await screen.findByTestId('worksheet-table', {}, { timeout: 15_000 });
    expect((await within(table).findByText('XJ202611250001', {}, { timeout: 15_000 })).closest('tr')?.textContent).toContain('已超时');
    expect(within(table).getByText('XJ202611260002').closest('tr')?.textContent).toContain('异常');
    await click(screen.getByText('我的巡检'));
    await waitFor(() => expect(form(server.calls('/lfscada/ops/inspection/worksheet/query').at(-1)?.body).mine).toBe('true'));
  });

  it('submits only once every item is filled in, with the results of each equipment', async () => {
    renderApp('/manage/ops/worksheet?worksheet=11');
    await screen.findByTestId('worksheet-results', {}, { timeout: 15_000 });
    const submit = document.getElementById('worksheet-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    for (const equipment of screen.getAllByTestId('worksheet-equipment')) {
      await click(within(equipment).getByText('正常'));
    }
    await type('出口压力', '3.1', 0);
    await type('出口压力', '5.2', 1);
    const pressures = screen.getAllByTestId('worksheet-result').filter((r) => r.dataset.item === '出口压力');
    expect(pressures.map((r) => r.dataset.abnormal)).toEqual(['false', 'true']);
    expect(submit.disabled).toBe(false);
    await click(submit);
    await waitFor(() => expect(server.calls('/lfscada/ops/inspection/worksheet/submit')).toHaveLength(1));
    const sent = form(server.calls('/lfscada/ops/inspection/worksheet/submit')[0]?.body);
    expect(sent.id).toBe('11');
    expect(JSON.parse(sent.results ?? '[]')).toEqual([
      { equipmentId: 7, itemId: 21, value: 'normal', remark: '' },
      { equipmentId: 7, itemId: 22, value: '3.1', remark: '' },
      { equipmentId: 8, itemId: 21, value: 'normal', remark: '' },
      { equipmentId: 8, itemId: 22, value: '5.2', remark: '' },
    ]);
  });

  it('opens a repair order from an abnormal result, prefilled, and links it back', async () => {
    renderApp('/manage/ops/worksheet?worksheet=12');
    await click(await screen.findByTestId('worksheet-repair', {}, { timeout: 15_000 }));
    const description = (await waitFor(() => document.getElementById('repair-description'))) as HTMLTextAreaElement | null;
    await waitFor(() => expect((document.querySelector('textarea') as HTMLTextAreaElement).value).toBe('XJ202611260002 出口压力: 5.2 bar (2–4.5 bar) — 表偏高'));
    void description;
    const create = [...document.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === '创建') as HTMLElement;
    await click(create);
    await waitFor(() => expect(server.calls('/lfscada/ops/inspection/worksheet/repair')).toHaveLength(1));
    expect(form(server.calls('/lfscada/ops/repair/add')[0]?.body)).toMatchObject({ equipmentId: '8' });
    expect(form(server.calls('/lfscada/ops/inspection/worksheet/repair')[0]?.body)).toEqual({ id: '12', resultId: '32', orderId: '40' });
  });

  it('shows cards with finger-sized buttons on a phone', async () => {
    stubViewportWidth(390);
    renderApp('/manage/ops/worksheet');
    const cards = await screen.findAllByTestId('worksheet-card', {}, { timeout: 15_000 });
    expect(cards).toHaveLength(3);
    expect(screen.queryByTestId('worksheet-table')).toBeNull();
    expect((within(cards[0] as HTMLElement).getByTestId('worksheet-open-13') as HTMLElement).style.minHeight).toBe('44px');
  });

  it('asks nothing without the work-order permission', async () => {
    server.on('/lfscada/user/info', ok({ ...TEST_USER, auths: [] }));
    await changeLanguage('en');
    renderApp('/manage/ops/worksheet');
    // The route itself needs the repair permission: the shell's "no permission" page, not the screen's.
    expect(await screen.findByTestId('no-permission', {}, { timeout: 15_000 })).toBeTruthy();
    expect(server.calls('/lfscada/ops/inspection/worksheet/query')).toHaveLength(0);
  });
});

describe('the inspection items screen', { timeout: 60_000 }, () => {
  it('adds a number item with its range', async () => {
    server.on('/lfscada/user/info', ok({ ...TEST_USER, auths: ['manage'] }));
    server.on('/lfscada/ops/inspection/item/query', ok([]));
    server.on('/lfscada/ops/inspection/item/add', ok({ id: 5 }));
    renderApp('/manage/ops/inspection_content');
    await click(await screen.findByText('新增巡检项', { selector: 'button span' }));
    await act(async () => {
      fireEvent.change(document.getElementById('item-name') as HTMLElement, { target: { value: '出口压力' } });
    });
    await act(async () => {
      fireEvent.mouseDown(document.getElementById('item-kind') as HTMLElement);
    });
    await click(await waitFor(() => [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === '数值') as HTMLElement));
    await act(async () => {
      fireEvent.change(document.getElementById('item-min') as HTMLElement, { target: { value: '2' } });
      fireEvent.change(document.getElementById('item-max') as HTMLElement, { target: { value: '4.5' } });
      fireEvent.change(document.getElementById('item-unit') as HTMLElement, { target: { value: 'bar' } });
    });
    await click(document.getElementById('item-save') as HTMLElement);
    await waitFor(() => expect(server.calls('/lfscada/ops/inspection/item/add')).toHaveLength(1));
    expect(form(server.calls('/lfscada/ops/inspection/item/add')[0]?.body)).toMatchObject({ name: '出口压力', kind: 'number', minValue: '2', maxValue: '4.5', unit: 'bar', enabled: 'true' });
  });
});
