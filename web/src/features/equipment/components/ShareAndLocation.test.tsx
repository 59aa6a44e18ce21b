import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { TEST_USER, fail, refuse, installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import type { Equipment } from '../model';
import { testEquipment } from '../testEquipment';

const INFO = '/lfscada/equipment/multi/info';
const EDIT = '/lfscada/equipment/multi/edit';
const SHARE_INFO = '/lfscada/equipment/multi/share/info';
const SHARE_PASSWORD = '/lfscada/equipment/multi/share/editPwd';
const SHARE_AUTH = '/lfscada/equipment/multi/share/editAuth';

/** An equipment without a gateway or driver. */
function equipment(patch: Partial<Equipment> = {}): Equipment {
  const unbound = { gatewaySn: null, gatewayName: null, online: false, driver: null, gmtCreate: 0, gmtModified: 0 };
  return testEquipment({ ...unbound, ...patch });
}

let server: FakeServer;

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installFakeServer({ loggedIn: true });
  server.on(INFO, ok(equipment()));
  server.on('/lfscada/equipment/multi/extra/queryAllManufacturer', ok([]));
  // jsdom draws nothing on a canvas (and says so on every QR code); the tests read the DOM, not the pixels.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

function body(request: { body: string } | undefined) {
  return Object.fromEntries(new URLSearchParams(request?.body ?? ''));
}

async function click(element: Element, init?: MouseEventInit) {
  await act(async () => {
    fireEvent.click(element, init);
  });
}

const input = (id: string) => document.getElementById(id) as HTMLInputElement;

describe('info tab: pick the location on a map', { timeout: 60_000 }, () => {
  async function openPicker() {
    renderApp('/manage/eg/equipment/edit/7/info');
    await waitFor(() => expect(input('equipment-latitude').value).toBe('31.2'), { timeout: 15_000 });
    await click(document.getElementById('equipment-pick-location') as HTMLElement);
    return screen.findByTestId('location-map');
  }

  it('opens on the form’s place with the marker; a click moves it, OK writes the rounded place into the fields', async () => {
    const map = await openPicker();
    // The map opens where the equipment is, with its marker.
    await waitFor(() => expect(map.querySelector('[data-testid="location-marker"]')).not.toBeNull());
    const picked = screen.getByTestId('location-picked');
    expect(picked.textContent).toBe('已选位置：纬度 31.2，经度 121.5');

    // jsdom gives the map no size, so the view's centre is at the container's corner: 100 px east and 50 px south
    // of it at zoom 12 is about 100 / (256 · 2¹²) · 360° = 0.0343° of longitude east, and a little south.
    await click(map, { clientX: 100, clientY: 50 });
    await waitFor(() => expect(picked.dataset.longitude).not.toBe('121.5'));
    const { latitude, longitude } = picked.dataset as { latitude: string; longitude: string };
    expect(Number(longitude)).toBeCloseTo(121.5343, 3);
    expect(Number(latitude)).toBeLessThan(31.2);
    expect(Number(latitude)).toBeGreaterThan(31.15);
    // Rounded to at most 6 decimals, and shown as the form will get it.
    expect(latitude).toMatch(/^31\.\d{1,6}$/);
    expect(longitude).toMatch(/^121\.\d{1,6}$/);
    expect(picked.textContent).toBe(`已选位置：纬度 ${latitude}，经度 ${longitude}`);

    await click(document.getElementById('location-picker-ok') as HTMLElement);
    await waitFor(() => expect(input('equipment-longitude').value).toBe(longitude));
    expect(input('equipment-latitude').value).toBe(latitude);
    await waitFor(() => expect(screen.queryByTestId('location-map')).toBeNull());

    // Saved like typed coordinates.
    server.on(EDIT, ok(null));
    await click(document.getElementById('equipment-info-save') as HTMLElement);
    await waitFor(() => expect(server.calls(EDIT)).toHaveLength(1));
    expect(body(server.calls(EDIT)[0])).toMatchObject({ id: '7', latitude, longitude });
  });

  it('Cancel changes nothing; typing in the fields still works', async () => {
    const map = await openPicker();
    await click(map, { clientX: 100, clientY: 50 });
    await waitFor(() => expect(screen.getByTestId('location-picked').dataset.longitude).not.toBe('121.5'));
    await click(document.getElementById('location-picker-cancel') as HTMLElement);
    await waitFor(() => expect(screen.queryByTestId('location-map')).toBeNull());
    expect(input('equipment-latitude').value).toBe('31.2');
    expect(input('equipment-longitude').value).toBe('121.5');

    fireEvent.change(input('equipment-latitude'), { target: { value: '30.5' } });
    expect(input('equipment-latitude').value).toBe('30.5');
  });

  it('without coordinates opens on the default view with nothing picked, and OK waits for a click', async () => {
    server.on(INFO, ok(equipment({ latitude: null, longitude: null })));
    renderApp('/manage/eg/equipment/edit/7/info');
    await screen.findByTestId('equipment-info-form', undefined, { timeout: 15_000 });
    await waitFor(() => expect(input('equipment-name').value).toBe('Boiler feed pump'));
    await click(document.getElementById('equipment-pick-location') as HTMLElement);
    const map = await screen.findByTestId('location-map');
    await waitFor(() => expect(map.querySelector('.leaflet-map-pane')).not.toBeNull());
    expect(map.querySelector('[data-testid="location-marker"]')).toBeNull();
    expect(screen.getByTestId('location-picked').textContent).toBe('尚未选择位置');
    expect((document.getElementById('location-picker-ok') as HTMLButtonElement).disabled).toBe(true);

    // The default view is centred on 35° N, 105° E (zoomed out): a click at its centre picks about there.
    await click(map, { clientX: 0, clientY: 0 });
    const picked = screen.getByTestId('location-picked');
    await waitFor(() => expect(picked.dataset.latitude).not.toBe(''));
    expect(Number(picked.dataset.latitude)).toBeCloseTo(35, 0);
    expect(Number(picked.dataset.longitude)).toBeCloseTo(105, 0);
    expect(map.querySelector('[data-testid="location-marker"]')).not.toBeNull();
    await click(document.getElementById('location-picker-ok') as HTMLElement);
    await waitFor(() => expect(input('equipment-latitude').value).toBe(picked.dataset.latitude));
    expect(input('equipment-longitude').value).toBe(picked.dataset.longitude);
  });

  it('is in English when the console is', async () => {
    await changeLanguage('en');
    const map = await openPicker();
    await waitFor(() => expect(map.querySelector('[data-testid="location-marker"]')).not.toBeNull());
    expect(screen.getByTestId('location-picked').textContent).toBe('Picked:latitude 31.2, longitude 121.5');
    expect(screen.getByRole('button', { name: 'Use this location' })).toBeTruthy();
  });
});

describe('share settings', { timeout: 60_000 }, () => {
  let share: { equipId: number; enabled: boolean; hasPassword: boolean; auth: string };

  beforeEach(() => {
    share = { equipId: 7, enabled: false, hasPassword: false, auth: 'view' };
    server.on(SHARE_INFO, () => ok(share));
  });

  async function openDrawer() {
    renderApp('/manage/eg/equipment/edit/7/info');
    await click(await screen.findByRole('button', { name: /分\s*享/ }, { timeout: 15_000 }));
    return screen.findByTestId('share-settings');
  }

  it('turns sharing on, changes the authority (keeping the switch), each as its own call', async () => {
    server.on(SHARE_AUTH, (request) => {
      const sent = new URLSearchParams(request.body);
      share = { ...share, auth: sent.get('auth') ?? '', enabled: sent.has('enabled') ? sent.get('enabled') === 'true' : share.enabled };
      return ok(null);
    });
    const settings = await openDrawer();
    expect(body(server.calls(SHARE_INFO)[0])).toEqual({ equipId: '7' });
    expect(screen.getByTestId('share-state').textContent).toBe('分享已关闭');
    expect(screen.getByTestId('share-password-state').textContent).toBe('未设置');

    await click(document.getElementById('share-enabled') as HTMLElement);
    await waitFor(() => expect(server.calls(SHARE_AUTH)).toHaveLength(1));
    expect(body(server.calls(SHARE_AUTH)[0])).toEqual({ equipId: '7', auth: 'view', enabled: 'true' });
    await waitFor(() => expect(settings.dataset.enabled).toBe('true'));
    expect(await screen.findByText('已开启分享')).toBeTruthy();

    await click(screen.getByTestId('share-auth-control'));
    await waitFor(() => expect(server.calls(SHARE_AUTH)).toHaveLength(2));
    expect(body(server.calls(SHARE_AUTH)[1])).toEqual({ equipId: '7', auth: 'control' });
    await waitFor(() => expect(screen.getByTestId('share-settings').dataset.auth).toBe('control'));
    expect(screen.getByTestId('share-settings').dataset.enabled).toBe('true');
  });

  it('checks the password with the spec’s rule, puts a server refusal on the field, never shows the password', async () => {
    const settings = await openDrawer();
    fireEvent.change(input('share-password'), { target: { value: 'ab1' } });
    await click(document.getElementById('share-password-save') as HTMLElement);
    expect(await screen.findByText('分享密码至少 4 位')).toBeTruthy();
    fireEvent.change(input('share-password'), { target: { value: 'ab-12' } });
    await click(document.getElementById('share-password-save') as HTMLElement);
    expect(await screen.findByText('分享密码只能包含字母和数字')).toBeTruthy();
    expect(server.calls(SHARE_PASSWORD)).toHaveLength(0);

    server.on(SHARE_PASSWORD, refuse('password', '参数 password 无效：太常见'));
    fireEvent.change(input('share-password'), { target: { value: 'abcd' } });
    await click(document.getElementById('share-password-save') as HTMLElement);
    const message = await screen.findByText('参数 password 无效：太常见');
    expect(message.closest('.ant-form-item')?.querySelector('#share-password')).not.toBeNull();

    server.on(SHARE_PASSWORD, () => {
      share = { ...share, hasPassword: true, enabled: true };
      return ok(null);
    });
    fireEvent.change(input('share-password'), { target: { value: 'ab12' } });
    await click(document.getElementById('share-password-save') as HTMLElement);
    await waitFor(() => expect(server.calls(SHARE_PASSWORD)).toHaveLength(2));
    expect(body(server.calls(SHARE_PASSWORD)[1])).toEqual({ equipId: '7', password: 'ab12' });
    await waitFor(() => expect(screen.getByTestId('share-password-state').textContent).toBe('已设置'));
    expect(settings.dataset.enabled).toBe('true');
    expect(input('share-password').value).toBe('');
    expect(document.body.textContent).not.toContain('ab12');
    expect(screen.getByRole('button', { name: /修改密码/ })).toBeTruthy();
  });

  it('shows the QR code of the share page’s absolute address, with the link to copy', async () => {
    share = { ...share, enabled: true };
    await openDrawer();
    const link = `${window.location.origin}/share/7`;
    expect(input('share-link').value).toBe(link);
    const qr = screen.getByTestId('share-qr');
    expect(qr.querySelector('canvas')).not.toBeNull();
    // Shared: no "sharing is off" cover on the code.
    expect(qr.querySelector('.ant-qrcode-mask')).toBeNull();
    expect(screen.getByRole('button', { name: /复制链接/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /下载二维码/ })).toBeTruthy();
  });

  it('without the manage permission the equipment’s manage page, and so its share settings, says no permission', async () => {
    server.on('/lfscada/user/info', ok({ ...TEST_USER, auths: [] }));
    renderApp('/manage/eg/equipment/edit/7/info');
    expect(await screen.findByTestId('no-permission', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /分\s*享/ })).toBeNull();
    expect(server.calls(SHARE_INFO)).toHaveLength(0);
  });

  it('shows a failed load in the drawer with a retry', async () => {
    server.on(SHARE_INFO, fail('1214', '设备不存在'));
    renderApp('/manage/eg/equipment/edit/7/info');
    await click(await screen.findByRole('button', { name: /分\s*享/ }, { timeout: 15_000 }));
    const alert = await screen.findByTestId('share-load-error');
    expect(alert.textContent).toContain('分享设置加载失败');
    expect(alert.textContent).toContain('设备不存在');
    server.on(SHARE_INFO, () => ok(share));
    await click(within(alert).getByRole('button'));
    expect(await screen.findByTestId('share-settings')).toBeTruthy();
  });
});
