import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { fail, installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { mapCardAnswer } from '@/test/answers';
import { renderApp } from '@/test/renderApp';
import type { MapCard, Scene } from '../model';
import { click } from '../testHelpers';

const INFO = '/lfscada/scene/info';

function card(patch: Partial<MapCard>): MapCard {
  return mapCardAnswer({ model: '', address: '', gatewaySn: 'GW-1', lastUpdate: Date.UTC(2026, 0, 2, 1, 2, 3), ...patch });
}

function scene(pressure: number): Scene {
  return {
    id: 9,
    name: 'Board 1',
    equipment: [
      card({
        id: 3,
        equipName: '1# Pump station',
        alarmCount: 2,
        keyValues: [
          { signalId: 11, name: 'Pressure', value: pressure, unit: 'bar', time: 1, quality: 'good', state: null },
          { signalId: 12, name: 'Flow', value: null, unit: 'm³/h', time: null, quality: null, state: null },
        ],
      }),
      card({ id: 1, equipName: 'Fan', online: false }),
      card({ id: 2, equipName: 'Valve', online: false, gatewaySn: null, lastUpdate: null }),
    ],
  };
}

let server: FakeServer;

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installFakeServer({ loggedIn: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('scene preview', { timeout: 60_000 }, () => {
  it('shows one card per equipment in the scene order with state, alarms and live values', async () => {
    server.on(INFO, ok(scene(4.25)));
    renderApp('/manage/scene/preview/9');
    await screen.findByText('1# Pump station', undefined, { timeout: 15_000 });
    expect(body()).toEqual({ id: '9' });
    const cards = screen.getAllByTestId('scene-card');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['1# Pump station', 'Fan', 'Valve']);
    expect(within(cards[0] as HTMLElement).getByTestId('scene-card-online').textContent).toBe('在线');
    expect(within(cards[0] as HTMLElement).getByTestId('scene-card-alarms').textContent).toBe('2 条未解除报警');
    const values = within(cards[0] as HTMLElement).getAllByTestId('scene-value').map((v) => v.textContent);
    expect(values).toEqual(['Pressure4.25bar', 'Flow—m³/h']);
    expect(within(cards[1] as HTMLElement).getByTestId('scene-card-online').textContent).toBe('离线');
    expect(within(cards[2] as HTMLElement).getByTestId('scene-card-online').textContent).toBe('未绑定网关');
    expect(cards[2]?.textContent).toContain('未配置变量');
    expect(screen.getByTestId('scene-title').textContent).toBe('Board 1');
    expect(document.getElementById('side-menu')).toBeNull();
  });

  it('reads the values again every 5 s; a failed refresh keeps them and says how old they are', async () => {
    server.on(INFO, ok(scene(4.25)));
    renderApp('/manage/scene/preview/9');
    await screen.findByText('4.25', undefined, { timeout: 15_000 });
    server.on(INFO, ok(scene(5.5)));
    await screen.findByText('5.5', undefined, { timeout: 8_000 });
    server.on(INFO, fail('90099', '未知异常'));
    const warning = await screen.findByTestId('scene-refresh-failed', undefined, { timeout: 8_000 });
    expect(warning.textContent).toContain('实时数据刷新失败');
    expect(screen.getByText('5.5')).toBeTruthy();
  });

  it('a card name opens the equipment detail', async () => {
    server.on(INFO, ok(scene(1)));
    const { router } = renderApp('/manage/scene/preview/9');
    await click(await screen.findByText('Fan', undefined, { timeout: 15_000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/monitor/eg/detail/list/1/0'));
  });

  it("a GM equipment's card opens its GM detail (lib/paths.ts monitorPath chooses by protocol)", async () => {
    const gm = card({ id: 7, equipName: 'Analyser', protocol: 'sparkplug', gmSourceId: 4, gatewaySn: null });
    server.on(INFO, ok({ ...scene(1), equipment: [gm] }));
    const { router } = renderApp('/manage/scene/preview/9');
    await click(await screen.findByText('Analyser', undefined, { timeout: 15_000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/monitor/gm/vuedetail/7/real'));
  });

  it('says when the scene does not exist, or holds no equipment any more', async () => {
    server.on(INFO, fail('1251', '场景不存在'));
    const { unmount } = renderApp('/manage/scene/preview/9');
    expect((await screen.findByTestId('scene-not-found', undefined, { timeout: 15_000 })).textContent).toContain('场景不存在');
    unmount();
    server.on(INFO, ok({ id: 9, name: 'Board 1', equipment: [] }));
    renderApp('/manage/scene/preview/9');
    expect(await screen.findByTestId('scene-empty', undefined, { timeout: 15_000 })).toBeTruthy();
  });

  it('a failed first load offers a retry', async () => {
    server.on(INFO, fail('90099', '未知异常'));
    renderApp('/manage/scene/preview/9');
    const error = await screen.findByTestId('scene-error', undefined, { timeout: 15_000 });
    expect(error.textContent).toContain('场景加载失败');
    server.on(INFO, ok(scene(2)));
    await click(within(error).getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('1# Pump station')).toBeTruthy();
  });
});

function body() {
  return Object.fromEntries(new URLSearchParams(server.calls(INFO)[0]?.body ?? ''));
}
