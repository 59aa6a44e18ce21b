/**
 * The map and 3D model widgets drawn by the viewer's PageView: still (the designer, a preview) the map asks the
 * server nothing and says when equipment shows; live it asks queryAllForMap and counts what the server answered
 * of the equipment the page lists (never more). The 3D model says honestly when no model is chosen or its address
 * is not loaded.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { parsePageDocument } from '../document';
import { PageView } from '../PageView';
import { TEST_NOW, testContext } from '../testDocument';

const MAP_CALL = '/lfscada/monitor/equipment/queryAllForMap';
let server: FakeServer;

const card = (id: number, online: boolean, alarmCount = 0) => ({
  id, equipName: `E${id}`, latitude: 31, longitude: 121, online, alarmCount, display: 'detail', homePageId: null, keyValues: [],
});

function show(live: boolean, data: Record<string, unknown>, model: Record<string, unknown> = {}) {
  const doc = parsePageDocument({
    widgets: [
      { id: 'map', widgetType: 'ComplexMap', position: { x: 0, y: 0, width: 400, height: 300 }, data },
      { id: 'gl', widgetType: 'UsualWebgl', position: { x: 420, y: 0, width: 300, height: 300 }, data: { dataAddon: model } },
    ],
  });
  const context = testContext(live ? { live: { equipmentIds: [1] } } : {});
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PageView document={doc} context={context} now={TEST_NOW} />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installFakeServer({ loggedIn: true });
  server.on(MAP_CALL, ok([card(1, true), card(2, false), card(3, true, 2)]));
});

describe('the map widget', () => {
  it('asks nothing in the designer and says when equipment shows', async () => {
    show(false, { totalCount: true, address: '一号厂区' });
    expect((await screen.findByTestId('map-note-map')).textContent).toContain('页面运行时显示设备');
    expect(screen.getByTestId('map-address-map').textContent).toBe('一号厂区');
    expect(screen.getByTestId('map-totals-map').textContent).toBe('设备：–');
    expect(server.calls(MAP_CALL)).toHaveLength(0);
  });

  it('live, counts only what the server answered of the listed equipment', async () => {
    show(true, { equipments: [{ equipmentId: 1 }, { equipmentId: 3 }, { equipmentId: 99 }], totalCount: true, equipProportion: true });
    await waitFor(() => expect(screen.getByTestId('map-totals-map').textContent).toContain('设备：2'));
    const totals = screen.getByTestId('map-totals-map').textContent ?? '';
    expect(totals).toContain('在线 1 · 50%');
    expect(totals).toContain('离线 0 · 0%');
    expect(totals).toContain('告警 1 · 50%');
    expect(server.calls(MAP_CALL)).toHaveLength(1);
  });
});

describe('the 3D model widget', () => {
  it('says no model is chosen, or that an address is not loaded', () => {
    show(false, {});
    expect(screen.getByTestId('model-note-gl').textContent).toBe('未选择模型');
  });

  it('names an address it will not load instead of loading it', () => {
    show(false, {}, { modelUrl: 'javascript:alert(1)' });
    expect(screen.getByTestId('model-note-gl').textContent).toBe('不加载此模型地址：javascript:alert(1)');
  });
});
