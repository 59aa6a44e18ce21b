import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { fail, installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';

const OPEN = '/lfscada/share/open';
const INFO = '/lfscada/share/info';
const VALUES = '/lfscada/share/values';
const LOST = fail('1343', '分享访问已失效，请重新输入分享密码');

const SIGNAL = {
  id: 11,
  signalTitle: 'Outlet pressure',
  equipId: 7,
  equipTitle: 'Pump',
  area: 'input_register',
  address: 0,
  dataType: 'float32',
  unit: 'bar',
  decimals: 2,
  writable: true,
  min: null,
  max: null,
  valueMap: [],
};
const VISIT = { equipId: 7, equipName: 'Pump', auth: 'view' };

let server: FakeServer;

beforeEach(async () => {
  await changeLanguage('zh-CN');
  // A visitor: no console session.
  server = installFakeServer({ loggedIn: false });
  server.on(INFO, LOST);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function enter(password: string) {
  const input = await screen.findByLabelText('分享密码', undefined, { timeout: 15_000 });
  fireEvent.change(input, { target: { value: password } });
  await act(async () => {
    fireEvent.click(document.querySelector('#share-open') as HTMLElement);
  });
}

describe('the public share page', () => {
  it('asks for the password, shows the refusal, then the values; a revoked visit asks again', async () => {
    server.on(OPEN, fail('1342', '分享不存在、未开启或密码错误'));
    renderApp('/share/7');
    await enter('wrong1');
    expect((await screen.findByTestId('share-refused')).textContent).toContain('密码错误');
    expect(server.calls(OPEN)[0]?.body).toContain('equipId=7');

    server.on(OPEN, ok(VISIT));
    server.on(INFO, ok({ ...VISIT, signals: [SIGNAL] }));
    server.on(VALUES, ok({ signalVal: { '11': { value: 2.5, time: Date.now(), quality: 'good' } }, gatewayAlarm: 0, signalAlarm: {} }));
    await enter('pump2026');
    expect((await screen.findByTestId('share-equipment', undefined, { timeout: 15_000 })).textContent).toBe('Pump');
    expect(screen.getByText('仅查看')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Outlet pressure')).toBeTruthy());
    await waitFor(() => expect(screen.getAllByTestId('rt-value')[0]?.textContent).toContain('2.50'));
    expect(server.calls(VALUES)[0]?.query.get('equipId')).toBe('7');
    expect(document.querySelector('[data-testid^="rt-write-"]')).toBeNull();

    // Sharing turned off: the next read is refused, the page goes back to the password and says why.
    server.on(VALUES, LOST);
    server.on(INFO, LOST);
    expect(await screen.findByTestId('share-ended', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByTestId('share-view')).toBeNull();
  }, 40_000);
});
