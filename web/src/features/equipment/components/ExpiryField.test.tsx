/**
 * The service expiry date in the equipment form: shown from the equipment, picked on the calendar, cleared, and sent
 * as the server takes it (`YYYY-MM-DD`, empty to clear); a refused date shows on its field. The list's tag too.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { installFakeServer, ok, refuse, type FakeServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { testEquipment } from '../testEquipment';

const INFO = '/lfscada/equipment/multi/info';
const EDIT = '/lfscada/equipment/multi/edit';
const ADD = '/lfscada/equipment/multi/add';

let server: FakeServer;

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installFakeServer({ loggedIn: true });
  server.on(INFO, ok(testEquipment({ gatewaySn: null, gatewayName: null, driver: null, expireDate: '2031-03-10' })));
  server.on('/lfscada/equipment/multi/extra/queryAllManufacturer', ok([]));
  server.on(EDIT, ok(null));
});

const input = () => document.getElementById('equipment-expire-date') as HTMLInputElement;
const sent = (path: string) => new URLSearchParams(server.calls(path).at(-1)?.body ?? '');

async function act_(fn: () => void) {
  await act(async () => {
    fn();
  });
}

async function save() {
  await act_(() => fireEvent.click(document.getElementById('equipment-info-save') as HTMLElement));
}

describe('the expiry date in the equipment form', { timeout: 30_000 }, () => {
  it('shows the saved date, takes a day picked on the calendar and sends it', async () => {
    renderApp('/manage/eg/equipment/edit/7/info');
    await waitFor(() => expect(input().value).toBe('2031-03-10'), { timeout: 15_000 });
    await act_(() => fireEvent.mouseDown(input()));
    await act_(() => fireEvent.click(input()));
    const day = await waitFor(() => {
      const cell = document.querySelector('.ant-picker-cell[title="2031-03-20"]');
      expect(cell).not.toBeNull();
      return cell as HTMLElement;
    });
    await act_(() => fireEvent.click(day.querySelector('.ant-picker-cell-inner') ?? day));
    await waitFor(() => expect(input().value).toBe('2031-03-20'));
    await save();
    await waitFor(() => expect(server.calls(EDIT)).toHaveLength(1));
    expect(sent(EDIT).get('expireDate')).toBe('2031-03-20');
  });

  it('clears the date: saved as empty', async () => {
    renderApp('/manage/eg/equipment/edit/7/info');
    await waitFor(() => expect(input().value).toBe('2031-03-10'), { timeout: 15_000 });
    const clear = input().closest('.ant-picker')?.querySelector('.ant-picker-clear') as HTMLElement;
    await act_(() => fireEvent.mouseDown(clear));
    await act_(() => fireEvent.mouseUp(clear));
    await act_(() => fireEvent.click(clear));
    await waitFor(() => expect(input().value).toBe(''));
    await save();
    await waitFor(() => expect(server.calls(EDIT)).toHaveLength(1));
    expect(sent(EDIT).get('expireDate')).toBe('');
  });

  it('adds equipment without a date as empty, and puts a refused date on its field', async () => {
    server.on(ADD, refuse('expireDate', '参数 expireDate 无效：格式不正确'));
    renderApp('/manage/eg/equipment/add');
    const name = await waitFor(() => {
      const found = document.getElementById('equipment-name');
      expect(found).not.toBeNull();
      return found as HTMLInputElement;
    }, { timeout: 15_000 });
    fireEvent.change(name, { target: { value: 'Pump' } });
    await save();
    await waitFor(() => expect(server.calls(ADD)).toHaveLength(1));
    expect(sent(ADD).get('expireDate')).toBe('');
    expect(await screen.findByText('参数 expireDate 无效：格式不正确')).toBeTruthy();
  });
});
