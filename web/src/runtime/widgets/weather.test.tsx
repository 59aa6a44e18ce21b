import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Region, WeatherReport } from '@/generated/answers';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { fail, installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { parsePageDocument, type PageDocument } from '../document';
import { PageView } from '../PageView';
import { EQUIPMENT_ID, TEST_NOW, testContext } from '../testDocument';

const QUERY = '/lfscada/weather/query';
const REGIONS = '/lfscada/weather/regions';

const REPORT: WeatherReport = {
  place: { provinceId: '110000', province: '北京市', cityId: '110100', city: '北京市', countyId: '110108', county: '海淀区' },
  current: { temperature: 21.5, humidity: 43, windSpeed: 12.2, code: 61 },
  daily: [
    { date: '2026-11-26', code: 61, min: 12.1, max: 23.4 },
    { date: '2026-11-27', code: 0, min: 13, max: 25 },
    { date: '2026-11-28', code: null, min: null, max: 19 },
  ],
  fetchedMs: TEST_NOW,
};
const TREE: Region[] = [{ code: '110000', name: '北京市', children: [{ code: '110100', name: '北京市', children: [{ code: '110108', name: '海淀区' }] }] }];

function page(addon: Record<string, unknown>): PageDocument {
  return parsePageDocument({
    widgets: [{ id: 'wx', widgetType: 'ComplexWeather', widgetName: '天气', position: { x: 10, y: 10, width: 320, height: 200 }, data: { dataAddon: addon } }],
  });
}
const PLACE = { provinceId: '110000', cityId: '110100', countyId: '110108', title: '厂区天气' };

let server: FakeServer;

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installFakeServer({ loggedIn: true });
  server.on(QUERY, ok(REPORT));
  server.on(REGIONS, ok(TREE));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function show(doc: PageDocument, live = true) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <PageView document={doc} context={testContext(live ? { live: { equipmentIds: [EQUIPMENT_ID] } } : {})} now={TEST_NOW} />
    </QueryClientProvider>,
  );
}

describe('weather widget', () => {
  it('shows the county’s weather live: title, condition, temperature, humidity, wind and three days', async () => {
    show(page(PLACE));
    expect((await screen.findByTestId('weather-temperature-wx')).textContent).toContain('22°C');
    expect((screen.getByTestId('weather-title-wx')).textContent).toContain('厂区天气');
    expect((screen.getByTestId('weather-condition-wx')).textContent).toContain('雨');
    expect((screen.getByTestId('weather-wx')).textContent).toContain('湿度 43%');
    expect((screen.getByTestId('weather-wx')).textContent).toContain('风速 12 km/h');
    const days = screen.getAllByTestId('weather-day-wx').map((d) => d.textContent);
    expect(days).toEqual(['今天12° / 23°', '明天13° / 25°', '后天?– / 19°']);
    expect(server.calls(QUERY)[0]?.query.get('countyId')).toBe('110108');
  });

  it('says in the reader’s language why there is no weather, never made-up weather', async () => {
    server.on(QUERY, fail('1270', '天气服务未配置'));
    show(page(PLACE));
    const note = await screen.findByTestId('weather-note-wx');
    await waitFor(() => expect(note.textContent).toContain('天气服务未配置'));
    expect(note.getAttribute('role')).toBe('alert');
    await changeLanguage('en');
    await waitFor(() => expect((screen.getByTestId('weather-note-wx')).textContent).toContain('Weather service not configured'));
    expect(screen.queryByTestId('weather-temperature-wx')).toBeNull();
  });

  it('draws a still frame with the place’s names in the designer, and asks no weather', async () => {
    show(page(PLACE), false);
    await waitFor(() => expect((screen.getByTestId('weather-place-wx')).textContent).toContain('北京市 海淀区'));
    expect((screen.getByTestId('weather-note-wx')).textContent).toContain('天气将在页面运行时显示');
    expect(server.calls(QUERY)).toHaveLength(0);
  });

  it('says no place is chosen, live or still, and asks nothing', () => {
    show(page({ title: '' }));
    expect((screen.getByTestId('weather-note-wx')).textContent).toContain('未选择地点');
    expect((screen.getByTestId('weather-title-wx')).textContent).toContain('天气');
    expect(server.calls(QUERY)).toHaveLength(0);
  });
});
