// The weather widget in a real browser against the real server, whose weather URL points at a stand-in for the
// Open-Meteo services that this test serves itself (fixed answers, calls counted): a weather widget drawn in the
// designer, its county picked with the mouse in the cascade (province → city → county, the server's division
// table), titled and saved; the designer's still frame names the place and asks no weather; the monitor's viewer
// shows the stand-in's temperature and condition in zh-CN and in en. A server without the setting says the weather
// service is not configured, in both languages. Screenshots in zh-CN and en.

import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { consoleUnderTest, listenLocal, snap } from '../lib/harness.mjs';
import { api, findDemo, until } from '../lib/demo.mjs';
import { draw, onCanvas, save, widgetsOfType } from '../lib/designer.mjs';

const SEARCH = {
  results: [
    { name: '海淀区', latitude: 22.5, longitude: 113.9, country_code: 'CN', admin1: '广东省', admin2: '深圳市' },
    { name: '海淀区', latitude: 39.96, longitude: 116.3, country_code: 'CN', admin1: '北京市', admin2: '北京市' },
  ],
};
const FORECAST = {
  current: { temperature_2m: 21.5, relative_humidity_2m: 43, weather_code: 61, wind_speed_10m: 12.2 },
  daily: { time: ['2026-11-26', '2026-11-27', '2026-11-28'], weather_code: [61, 0, 3], temperature_2m_max: [23.4, 25, 19], temperature_2m_min: [12.1, 13, 8] },
};

/** The stand-in for the provider: answers the two protocol paths, counts the forecast calls. */
async function startStandIn() {
  const calls = { search: 0, forecast: 0 };
  const server = createServer((request, response) => {
    const url = new URL(request.url, 'http://stand-in');
    const body = url.pathname === '/v1/search' ? SEARCH : url.pathname === '/v1/forecast' ? FORECAST : null;
    if (url.pathname === '/v1/search') calls.search += 1;
    if (url.pathname === '/v1/forecast') calls.forecast += 1;
    response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body ?? { error: true }));
  });
  const { port, close } = await listenLocal(server);
  return { url: `http://127.0.0.1:${port}`, calls, close };
}

const standIn = await startStandIn();
after(() => standIn.close());
const app = consoleUnderTest({ extraArgs: ['--weather-url', standIn.url] });
const bare = consoleUnderTest();

const inWidget = (page, what) => page.locator(`[data-testid^="weather-${what}-"]`).first();

async function newPage(page, title) {
  const { equipmentId } = await findDemo(page);
  const added = await api(page, '/lfscada/configuration/page/add', { equipmentId: String(equipmentId), title });
  assert.equal(added.code, '200', JSON.stringify(added));
  return { equipmentId, pageId: added.data.id };
}

/** Clicks `label` in column `column` of the open cascade. */
async function cascade(page, column, label) {
  const menu = page.locator('.field-weatherPlace-popup .ant-cascader-menu').nth(column);
  await menu.locator(`.ant-cascader-menu-item[title="${label}"]`).click();
}

describe('the weather widget', () => {
  test('zh-CN and en: a county picked in the designer, the stand-in’s weather shown live', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    const { equipmentId, pageId } = await newPage(page, '天气');
    await page.goto(`${app.base}/manage/eg/${equipmentId}/designer/${pageId}`);
    await page.locator('[data-testid="designer-canvas"]').waitFor();
    await draw(page, 'ComplexWeather', [40, 40], [420, 300]);
    await widgetsOfType(page, 'ComplexWeather').first().waitFor();
    await inWidget(page, 'note').getByText('未选择地点').waitFor();

    // The place, with the mouse: province, city, county in the cascade the server's table fills.
    await page.locator('[data-testid="field-weatherPlace"]').click();
    await cascade(page, 0, '北京市');
    await cascade(page, 1, '北京市');
    await page.locator('.field-weatherPlace-popup .ant-cascader-menu-item[title="海淀区"]').waitFor();
    await snap(page, 'viewer-weather-00-cascader-zh');
    await cascade(page, 2, '海淀区');
    await page.locator('.field-weatherPlace-popup').waitFor({ state: 'hidden' });
    await page.locator('#field-weatherTitle').fill('厂区天气');
    await page.locator('#field-weatherTitle').press('Enter');

    // The designer's still frame: the title and the place, no weather asked.
    await inWidget(page, 'title').getByText('厂区天气').waitFor();
    await inWidget(page, 'place').getByText('北京市 海淀区').waitFor();
    await inWidget(page, 'note').getByText('天气将在页面运行时显示').waitFor();
    await snap(page, 'viewer-weather-01-designer-zh');
    assert.equal(standIn.calls.forecast, 0, 'the designer asks no weather');
    await save(page);
    const stored = await api(page, '/lfscada/configuration/page/info', { id: String(pageId) });
    assert.deepEqual(
      (({ provinceId, cityId, countyId, title }) => ({ provinceId, cityId, countyId, title }))(stored.data.document.widgets[0].data.dataAddon),
      { provinceId: '110000', cityId: '110100', countyId: '110108', title: '厂区天气' },
    );

    // Live in the monitor's viewer: the stand-in's temperature and condition.
    await page.goto(`${app.base}/monitor/eg/detail/page/${pageId}/0`);
    await page.locator('[data-testid="runtime-page"]').waitFor();
    await inWidget(page, 'temperature').getByText('22°C').waitFor();
    assert.equal(await inWidget(page, 'condition').innerText(), '雨');
    const box = await inWidget(page, 'temperature').locator('xpath=ancestor::div[starts-with(@data-testid, "weather-")][1]').innerText();
    assert.match(box, /湿度 43%/);
    assert.match(box, /风速 12 km\/h/);
    assert.match(box, /今天[\s\S]*12° \/ 23°/);
    assert.equal(standIn.calls.search, 1);
    assert.equal(standIn.calls.forecast, 1);
    await snap(page, 'viewer-weather-02-live-zh');

    // English: the same weather in English words, answered from the server's cache.
    await page.locator('#lang-switch').click();
    await inWidget(page, 'condition').getByText('Rain').waitFor();
    await page.reload();
    await inWidget(page, 'temperature').getByText('22°C').waitFor();
    assert.equal(await inWidget(page, 'condition').innerText(), 'Rain');
    const texts = await page.locator('[data-testid="runtime-page"]').innerText();
    assert.match(texts, /Humidity 43%/);
    assert.match(texts, /Today/);
    assert.equal(standIn.calls.forecast, 1, 'within 10 minutes the server answers from its cache');
    await snap(page, 'viewer-weather-03-live-en');

    // The designer in English: the still frame and the panel's words.
    await page.goto(`${app.base}/manage/eg/${equipmentId}/designer/${pageId}`);
    await inWidget(page, 'note').getByText('Weather is shown when the page runs').waitFor();
    const inside = await onCanvas(page, 200, 150);
    await page.mouse.click(inside.x, inside.y);
    await page.getByText('Place', { exact: true }).waitFor();
    await snap(page, 'viewer-weather-04-designer-en');
    assert.equal(standIn.calls.forecast, 1, 'the designer asks no weather');
    await page.context().close();
  });

  test('a server without the weather setting says so, in zh-CN and en', async () => {
    const page = await bare.newPage();
    await bare.loginAsDemo(page);
    const { pageId } = await newPage(page, '天气未配置');
    const document = {
      widgets: [
        {
          id: 'wx', widgetType: 'ComplexWeather', widgetName: '天气', position: { x: 40, y: 40, width: 380, height: 240, rotate: 0 },
          data: { dataAddon: { provinceId: '110000', cityId: '110100', countyId: '110108', title: '厂区天气' } },
        },
      ],
    };
    const saved = await api(page, '/lfscada/configuration/page/save', { id: String(pageId), document: JSON.stringify(document) });
    assert.equal(saved.code, '200', JSON.stringify(saved));
    await page.goto(`${bare.base}/monitor/eg/detail/page/${pageId}/0`);
    await page.locator('[data-testid="weather-note-wx"]').getByText('天气服务未配置').waitFor();
    await snap(page, 'viewer-weather-05-not-configured-zh');
    await page.locator('#lang-switch').click();
    await page.locator('[data-testid="weather-note-wx"]').getByText('Weather service not configured').waitFor();
    await snap(page, 'viewer-weather-06-not-configured-en');
    await until(async () => (await page.locator('[data-testid="weather-temperature-wx"]').count()) === 0, 'no weather drawn');
    await page.context().close();
  });
});
