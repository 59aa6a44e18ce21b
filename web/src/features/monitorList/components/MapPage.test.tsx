import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { fail, installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { card, mapCard } from '../testCards';

const MAP = '/lfscada/monitor/equipment/queryAllForMap';
const QUERY_ALL = '/lfscada/monitor/equipment/queryAll';

const PUMP = mapCard({
  id: 1,
  equipName: '1# Pump station',
  latitude: 31.2304,
  longitude: 121.4737,
  keyValues: [
    { signalId: 11, name: 'Inlet pressure', value: 2.345, unit: 'bar', time: Date.UTC(2025, 0, 1, 4), quality: 'good', state: null },
    { signalId: 12, name: 'Flow', value: null, unit: 'm³/h', time: null, quality: null, state: null },
  ],
});
const ALARMED = mapCard({ id: 2, equipName: 'Boiler', latitude: 31.3, longitude: 121.5, alarmCount: 4 });
const DARK = mapCard({ id: 3, equipName: 'Fan', latitude: 31.1, longitude: 121.4, online: false });
const UNPLACED = card({ id: 4, equipName: 'Valve without place' });

let server: FakeServer;

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installFakeServer({ loggedIn: true });
  server.on(MAP, ok([PUMP, ALARMED, DARK]));
  server.on(QUERY_ALL, ok([PUMP, ALARMED, DARK, UNPLACED]));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openMap() {
  const app = renderApp('/map');
  await screen.findByTestId('fleet-marker-1', undefined, { timeout: 15_000 });
  return app;
}

describe('map', { timeout: 60_000 }, () => {
  it('places a marker per located equipment, coloured by state', async () => {
    await openMap();
    expect(screen.getByTestId('fleet-marker-1').dataset.state).toBe('online');
    expect(screen.getByTestId('fleet-marker-2').dataset.state).toBe('alarm');
    expect(screen.getByTestId('fleet-marker-3').dataset.state).toBe('offline');
    expect(screen.getByTestId('fleet-marker-1').getAttribute('title')).toBe('1# Pump station');
    expect(screen.getByTestId('fleet-marker-2').innerHTML).toContain('#f5222d');
    expect(screen.getByTestId('fleet-marker-3').innerHTML).toContain('#8c8c8c');
  });

  it('opens a popup with the name, state, key values and a link to the detail', async () => {
    const { router } = await openMap();
    await act(async () => {
      fireEvent.click(screen.getByTestId('fleet-marker-1'));
    });
    const popup = await screen.findByTestId('fleet-popup-1');
    expect(popup.textContent).toContain('1# Pump station');
    expect(popup.textContent).toContain('在线');
    expect(popup.textContent).toContain('Inlet pressure');
    expect(popup.textContent).toContain('2.345 bar');
    expect(popup.textContent).toContain('—');
    expect(within(popup).getByTestId('fleet-popup-track').getAttribute('href')).toBe('/monitor/eg/track/1');
    const link = within(popup).getByTestId('fleet-popup-detail');
    expect(link.getAttribute('href')).toBe('/monitor/eg/detail/list/1/0');
    await act(async () => {
      fireEvent.click(link);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/monitor/eg/detail/list/1/0'));
  });

  it('links GM equipment by its protocol: the GM detail, or the pages of rule type 01', async () => {
    server.on(MAP, ok([
      mapCard({ id: 5, equipName: 'Analyser', latitude: 31.2, longitude: 121.4, protocol: 'sparkplug', gmSourceId: 4, gatewaySn: null }),
      mapCard({ id: 6, equipName: 'Dosing', latitude: 31.25, longitude: 121.45, protocol: 'json', gmSourceId: 5, gatewaySn: null, ruleType: '01', homePageId: 8 }),
    ]));
    renderApp('/map');
    for (const [id, path] of [[5, '/monitor/gm/vuedetail/5/real'], [6, '/monitor/gm/detail/6/01/8']] as const) {
      await act(async () => {
        fireEvent.click(await screen.findByTestId(`fleet-marker-${id}`, undefined, { timeout: 15_000 }));
      });
      const popup = await screen.findByTestId(`fleet-popup-${id}`);
      expect(within(popup).getByTestId('fleet-popup-detail').getAttribute('href')).toBe(path);
    }
  });

  it('says an alarmed equipment’s alarm count in its popup', async () => {
    await openMap();
    await act(async () => {
      fireEvent.click(screen.getByTestId('fleet-marker-2'));
    });
    expect((await screen.findByTestId('fleet-popup-2')).textContent).toContain('在线，4 条未解除告警');
  });

  it('lists the equipment without coordinates beside the map', async () => {
    await openMap();
    const side = screen.getByTestId('fleet-map-unplaced');
    expect(await within(side).findByTestId('fleet-unplaced-4')).toBeTruthy();
    expect(within(side).queryByTestId('fleet-unplaced-1')).toBeNull();
    expect(side.textContent).toContain('Valve without place');
  });

  it('keeps the markers and says so when the tiles cannot be loaded', async () => {
    await openMap();
    expect(screen.queryByTestId('fleet-map-tiles-failed')).toBeNull();
    const tile = await waitFor(() => {
      const found = document.querySelector('img.leaflet-tile');
      expect(found).not.toBeNull();
      return found as HTMLImageElement;
    });
    await act(async () => {
      tile.dispatchEvent(new Event('error'));
    });
    expect((await screen.findByTestId('fleet-map-tiles-failed')).textContent).toContain('地图底图加载失败');
    expect(screen.getByTestId('fleet-marker-1')).toBeTruthy();
  });

  it('says when nothing is placed', async () => {
    server.on(MAP, ok([]));
    renderApp('/map');
    expect(await screen.findByTestId('fleet-map-none-placed', undefined, { timeout: 15_000 })).toBeTruthy();
  });

  it('shows a failed load with the server’s message, and retries', async () => {
    server.on(MAP, fail('90099', '数据库不可用'));
    renderApp('/map');
    const alert = await screen.findByTestId('fleet-error', undefined, { timeout: 15_000 });
    expect(alert.textContent).toContain('地图设备加载失败');
    expect(alert.textContent).toContain('数据库不可用');
    server.on(MAP, ok([PUMP]));
    await act(async () => {
      fireEvent.click(within(alert).getByRole('button'));
    });
    expect(await screen.findByTestId('fleet-marker-1')).toBeTruthy();
  });
});
