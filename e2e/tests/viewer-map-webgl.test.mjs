// The map (ComplexMap) and 3D model (UsualWebgl) widgets in a real browser against the real server. Two equipment
// with coordinates, A and B; a sub-account granted A only. In the designer both widgets are drawn from the palette
// and set with the mouse and the keyboard (the map lists A and B, zoom, address, totals; the model is a .glb
// uploaded to the image library from the model field's library dialog, shown there as a cube), then saved. The monitor's viewer shows markers for A and B to the
// organisation's account, and only A to the sub-account (the server's queryAllForMap answers only granted
// equipment, whatever the page lists); the model loads and draws pixels (or, in a browser without WebGL, says so
// honestly: the test asks the page which is true first). No internet here: the map's tiles fail and it says so.
// Screenshots in zh-CN and en.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { consoleUnderTest, loginThroughForm, repoRoot, snap } from '../lib/harness.mjs';
import { api, until } from '../lib/demo.mjs';
import { draw, save } from '../lib/designer.mjs';

const app = consoleUnderTest({ viewport: { width: 1440, height: 900 } });
const CUBE = join(repoRoot, 'e2e', 'fixtures', 'cube.glb');
const SUB = { loginname: 'mapviewer', password: 'Mv@123456' };

/** Two placed equipment, a sub-account granted the first, and a page of the first; answers their ids. */
async function setUp(page, suffix) {
  const add = async (name, latitude, longitude) => {
    const added = await api(page, '/lfscada/equipment/multi/add', { equipName: name, manufacturer: 'Acme', latitude, longitude });
    assert.equal(added.code, '200', JSON.stringify(added));
    return { id: added.data.id ?? added.data, name };
  };
  const a = await add(`Map pump A ${suffix}`, '31.23', '121.47');
  const b = await add(`Map pump B ${suffix}`, '31.30', '121.60');
  const page0 = await api(page, '/lfscada/configuration/page/add', { equipmentId: String(a.id), title: `Map ${suffix}` });
  assert.equal(page0.code, '200', JSON.stringify(page0));
  return { a, b, pageId: page0.data.id };
}

async function grantSub(page, a) {
  const sub = await api(page, '/lfscada/user/sub/add', { ...SUB, dataRange: 'authorised' });
  assert.equal(sub.code, '200', JSON.stringify(sub));
  const granted = await api(page, '/lfscada/user/sub/authorise', { userId: String(sub.data.userId), equipmentIds: String(a.id) });
  assert.equal(granted.code, '200', JSON.stringify(granted));
}

/** Types `text` into the field over what it holds and commits it with Enter. */
async function typeInto(page, fieldId, text) {
  await page.locator(`#field-${fieldId}`).click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** Picks equipment in the map's multi-select by typing its name and pressing Enter. */
async function pickEquipment(page, name) {
  await page.locator('#field-mapEquipments').click();
  await page.keyboard.type(name);
  await page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${name}"]`).waitFor();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
}

/** Draws both widgets in the designer and sets them; answers their widget ids. */
async function design(page, { a, b }, lang) {
  await draw(page, 'ComplexMap', [20, 20], [620, 420]);
  await page.locator('#field-mapEquipments').waitFor();
  await pickEquipment(page, a.name);
  await pickEquipment(page, b.name);
  await typeInto(page, 'mapZoom', '10');
  await typeInto(page, 'mapAddress', lang === 'zh' ? '上海 · 一号厂区' : 'Shanghai · Plant 1');
  await page.locator('#field-mapTotalCount').click();
  await page.locator('#field-mapEquipProportion').click();
  const mapId = await page.locator('foreignObject[data-map]').getAttribute('data-map');
  // The designer draws no equipment: a picture of the widget that says when they show.
  await page.locator(`[data-testid="map-note-${mapId}"]`).getByText(lang === 'zh' ? '页面运行时显示设备' : 'Equipment is shown when the page runs').waitFor();
  await snap(page, `viewer-map-webgl-01-designer-map-${lang}`);

  await draw(page, 'UsualWebgl', [660, 20], [1000, 420]);
  await page.locator('#field-modelUrl').waitFor();
  const modelId = await page.locator('foreignObject[data-model]').getAttribute('data-model');
  await page.locator(`[data-testid="model-note-${modelId}"]`).getByText(lang === 'zh' ? '未选择模型' : 'No model chosen').waitFor();
  // An address the viewer would not load is marked and not taken.
  await typeInto(page, 'modelUrl', 'javascript:alert(1)');
  assert.match((await page.locator('#field-modelUrl').getAttribute('class')) ?? '', /status-error/);
  // The model from the image library: uploaded there, shown as a cube with its name, and used.
  await page.locator('[data-testid="field-modelUrl-library"]').click();
  const dialog = page.locator('[data-testid="image-library"]');
  await dialog.locator('input[type="file"]').setInputFiles(CUBE);
  const tile = dialog.locator('[data-testid="library-image"]').filter({ has: page.locator('[data-testid="library-model-icon"]') }).first();
  await tile.getByText('cube', { exact: true }).waitFor();
  await snap(page, `viewer-map-webgl-02-library-${lang}`);
  const modelUrl = await tile.getAttribute('data-image');
  assert.match(modelUrl, /^\/userimg\/[0-9a-f]{32}\.glb$/);
  await tile.locator('[data-testid="library-pick"]').click();
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await page.locator('#field-modelUrl').inputValue(), modelUrl);
  await typeInto(page, 'modelElevation', '30');
  // One still frame in the designer (each setting change draws a new one on a new canvas).
  if (await hasWebgl(page)) {
    await until(async () => (await page.locator(`[data-testid="model-canvas-${modelId}"]`).getAttribute('data-state')) === 'ready', 'the still frame');
    await until(async () => (await drawnPixels(page, modelId)) > 500, 'the still frame drawn');
  }
  await snap(page, `viewer-map-webgl-03-designer-model-${lang}`);
  await save(page);
  return { mapId, modelId, modelUrl };
}

/** Whether this browser draws WebGL (a headless one without a GPU may not). */
const hasWebgl = (page) =>
  page.evaluate(() => {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  });

/** Pixels of the model's canvas that differ from its background colour. */
const drawnPixels = (page, modelId) =>
  page.locator(`[data-testid="model-canvas-${modelId}"]`).evaluate((canvas) => {
    const copy = document.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    const context = copy.getContext('2d');
    context.drawImage(canvas, 0, 0);
    const { data } = context.getImageData(0, 0, copy.width, copy.height);
    const [r0, g0, b0] = [data[0], data[1], data[2]];
    let differing = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (Math.abs(data[i] - r0) + Math.abs(data[i + 1] - g0) + Math.abs(data[i + 2] - b0) > 30) differing++;
    }
    return differing;
  });

async function openViewer(page, pageId) {
  await page.goto(`${app.base}/monitor/eg/detail/page/${pageId}/0`);
  await page.locator('[data-testid="runtime-page"]').waitFor();
}

async function checkModel(page, modelId, modelUrl, lang) {
  if (await hasWebgl(page)) {
    const canvas = page.locator(`[data-testid="model-canvas-${modelId}"]`);
    await until(async () => (await canvas.getAttribute('data-state')) === 'ready', 'the model to load');
    await until(async () => (await drawnPixels(page, modelId)) > 500, 'the model to be drawn');
  } else {
    const words = lang === 'zh' ? `3D 模型：${modelUrl}` : `3D model: ${modelUrl}`;
    await page.locator(`[data-testid="model-note-${modelId}"]`).getByText(words).waitFor();
  }
}

describe('the map and 3D model widgets', { timeout: 300_000 }, () => {
  test('zh-CN: designed with mouse and keyboard; the viewer shows granted equipment only and draws the model', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    const ids = await setUp(page, 'zh');
    await grantSub(page, ids.a);
    await page.goto(`${app.base}/manage/eg/${ids.a.id}/designer/${ids.pageId}`);
    await page.locator('[data-testid="designer-canvas"]').waitFor();
    const { mapId, modelId, modelUrl } = await design(page, ids, 'zh');

    // Stored as the viewer reads it.
    const info = await api(page, '/lfscada/configuration/page/info', { id: String(ids.pageId) });
    const document = info.data.document;
    const stored = (typeof document === 'string' ? JSON.parse(document) : document).widgets;
    const map = stored.find((w) => w.widgetType === 'ComplexMap');
    assert.deepEqual(map.data.equipments.map((e) => e.equipmentId), [ids.a.id, ids.b.id]);
    assert.deepEqual([map.data.zoom, map.data.totalCount, map.data.equipProportion], [10, true, true]);
    assert.equal(stored.find((w) => w.widgetType === 'UsualWebgl').data.dataAddon.modelUrl, modelUrl);

    // The organisation's account sees both listed equipment, the totals, and opens a marker's popup.
    await openViewer(page, ids.pageId);
    const marker = (id) => page.locator(`[data-testid="map-marker-${mapId}-${id}"]`);
    await marker(ids.a.id).waitFor();
    await marker(ids.b.id).waitFor();
    assert.match(await page.locator(`[data-testid="map-totals-${mapId}"]`).innerText(), /设备：2/);
    assert.equal(await page.locator(`[data-testid="map-address-${mapId}"]`).innerText(), '上海 · 一号厂区');
    // No internet: the tiles fail, the markers stay and the widget says why the background is plain.
    await page.locator(`[data-testid="map-note-${mapId}"]`).getByText('缺少地图瓦片', { exact: false }).waitFor();
    await marker(ids.a.id).click();
    const popup = page.locator(`[data-testid="map-popup-${ids.a.id}"]`);
    await popup.getByText(ids.a.name).waitFor();
    assert.equal(await popup.locator('[data-testid="map-popup-monitor"]').getAttribute('href'), `/monitor/eg/detail/list/${ids.a.id}/0`);
    await checkModel(page, modelId, modelUrl, 'zh');
    await snap(page, 'viewer-map-webgl-04-viewer-zh');
    await page.context().close();

    // The sub-account granted A only: the page lists A and B, the map shows A alone.
    const subPage = await app.newPage();
    await loginThroughForm(subPage, app.base, SUB.loginname, SUB.password);
    await subPage.waitForURL('**/monitor/**');
    const asked = [];
    subPage.on('response', async (response) => {
      if (new URL(response.url()).pathname === '/lfscada/monitor/equipment/queryAllForMap') asked.push(await response.json());
    });
    await openViewer(subPage, ids.pageId);
    await subPage.locator(`[data-testid="map-marker-${mapId}-${ids.a.id}"]`).waitFor();
    await until(() => asked.length > 0, 'the map query');
    assert.deepEqual(asked[0].data.map((card) => card.id).filter((id) => id === ids.b.id), [], 'the server never answers B');
    assert.equal(await subPage.locator(`[data-testid="map-marker-${mapId}-${ids.b.id}"]`).count(), 0);
    assert.match(await subPage.locator(`[data-testid="map-totals-${mapId}"]`).innerText(), /设备：1/);
    await checkModel(subPage, modelId, modelUrl, 'zh');
    await snap(subPage, 'viewer-map-webgl-05-viewer-sub-zh');
    await subPage.context().close();
  });

  test('en: the same widgets in English', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    await page.locator('#lang-switch').click();
    await page.getByText('Gateway equipment').first().waitFor();
    const ids = await setUp(page, 'en');
    await page.goto(`${app.base}/manage/eg/${ids.a.id}/designer/${ids.pageId}`);
    await page.locator('[data-testid="designer-canvas"]').waitFor();
    const { mapId, modelId, modelUrl } = await design(page, ids, 'en');
    await openViewer(page, ids.pageId);
    await page.locator(`[data-testid="map-marker-${mapId}-${ids.b.id}"]`).waitFor();
    assert.match(await page.locator(`[data-testid="map-totals-${mapId}"]`).innerText(), /Equipment: 2/);
    await page.locator(`[data-testid="map-note-${mapId}"]`).getByText('Map tiles are missing', { exact: false }).waitFor();
    await checkModel(page, modelId, modelUrl, 'en');
    await snap(page, 'viewer-map-webgl-06-viewer-en');
    await page.context().close();
  });
});
