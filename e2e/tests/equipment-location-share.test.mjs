// The equipment edit page's location picker and share settings in a real browser against the real server:
// Leaflet is fetched only when the picker opens; a click on the map (tiles blocked, as without internet) picks a
// place that is saved and read back after a reload; the share drawer turns sharing on, sets a password, changes
// the visitor authority, draws the QR code of the share page's address, downloads it as a PNG, and keeps its
// state over a reload. zh-CN and en screenshots of both go to e2e/screenshots (or $E2E_SHOTS_DIR).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { consoleUnderTest, screenshotDir, settle } from '../lib/harness.mjs';
import { api } from '../lib/demo.mjs';

const app = consoleUnderTest();
const shotsDir = process.env.E2E_SHOTS_DIR || screenshotDir;
const NAME = '选点分享水泵';

/** What the user sees in the window (the dialog and the drawer are fixed to it, so no full-page capture). */
async function screenshot(page, name) {
  await settle(page);
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: join(shotsDir, `${name}.png`) });
}

/** No internet here anyway; blocking the tile server makes the "no background map" state certain everywhere. */
async function blockTiles(page) {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
}

/** Whether any script the page has fetched so far is Leaflet (its attribution link is in its source). */
async function leafletLoaded(page) {
  return page.evaluate(async () => {
    const scripts = performance.getEntriesByType('resource').map((e) => e.name).filter((name) => name.endsWith('.js'));
    for (const url of scripts) {
      if ((await (await fetch(url)).text()).includes('leafletjs.com')) return true;
    }
    return false;
  });
}

async function picked(page) {
  return page.locator('[data-testid="location-picked"]').evaluate((el) => ({ latitude: el.dataset.latitude, longitude: el.dataset.longitude }));
}

async function openInfo(page, id) {
  await page.goto(`${app.base}/manage/eg/equipment/edit/${id}/info`);
  await page.locator('[data-testid="equipment-edit-page"][data-tab="info"]').waitFor();
  await page.waitForFunction(() => document.querySelector('#equipment-name')?.value !== '');
}

async function openShare(page) {
  await page.locator('#equipment-share').click();
  await page.locator('[data-testid="share-settings"]').waitFor();
}

const settingsOf = (page) =>
  page.locator('[data-testid="share-settings"]').evaluate((el) => ({
    enabled: el.dataset.enabled,
    hasPassword: el.dataset.hasPassword,
    auth: el.dataset.auth,
  }));

describe('equipment location picker and share settings', () => {
  let id;

  test('zh-CN: pick the location on the map, save, reload; share on, password, authority, QR code', async () => {
    const page = await app.newPage();
    // Room for every resource entry: the browser keeps 250 by default, and the console's calls and chunks on the way
    // to the picker can fill that, which would hide Leaflet's chunk from `leafletLoaded`.
    await page.addInitScript(() => performance.setResourceTimingBufferSize(100_000));
    await blockTiles(page);
    await app.loginAsDemo(page);
    const added = await api(page, '/lfscada/equipment/multi/add', { equipName: NAME });
    assert.equal(added.code, '200', JSON.stringify(added));
    id = added.data.id;

    // The info tab, without Leaflet.
    await openInfo(page, id);
    assert.equal(await page.locator('#equipment-latitude').inputValue(), '');
    assert.equal(await leafletLoaded(page), false, 'Leaflet is not part of the info tab');

    // Pick: the map opens on the default view (no place yet), without tiles it says so; a click places the marker.
    await page.locator('#equipment-pick-location').click();
    const map = page.locator('[data-testid="location-map"].leaflet-container');
    await map.waitFor();
    assert.equal(await leafletLoaded(page), true, 'Leaflet is fetched when the picker opens');
    await page.locator('[data-testid="location-tiles-failed"]').waitFor({ timeout: 30_000 });
    assert.equal(await page.locator('#location-picker-ok').isDisabled(), true, 'nothing picked yet');
    await map.click({ position: { x: 420, y: 170 } });
    await page.locator('[data-testid="location-marker"]').waitFor();
    const place = await picked(page);
    assert.match(place.latitude, /^-?\d{1,2}(\.\d{1,6})?$/, JSON.stringify(place));
    assert.match(place.longitude, /^-?\d{1,3}(\.\d{1,6})?$/, JSON.stringify(place));
    assert.ok(Math.abs(Number(place.latitude)) <= 90 && Math.abs(Number(place.longitude)) <= 180, JSON.stringify(place));
    const shown = await page.locator('[data-testid="location-picked"]').innerText();
    assert.ok(shown.includes(`纬度 ${place.latitude}，经度 ${place.longitude}`), shown);
    await screenshot(page, 'equipment-location-picker-zh');

    // Confirm: the fields get the place; saved; a reload reads it back.
    await page.locator('#location-picker-ok').click();
    await page.locator('[data-testid="location-map"]').waitFor({ state: 'detached' });
    assert.equal(await page.locator('#equipment-latitude').inputValue(), place.latitude);
    assert.equal(await page.locator('#equipment-longitude').inputValue(), place.longitude);
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/lfscada/equipment/multi/edit')),
      page.locator('#equipment-info-save').click(),
    ]);
    assert.equal((await saved.json()).code, '200');
    await page.reload();
    await page.waitForFunction((want) => document.querySelector('#equipment-latitude')?.value === want, place.latitude);
    assert.equal(await page.locator('#equipment-longitude').inputValue(), place.longitude);
    await screenshot(page, 'equipment-location-info-zh');

    // Reopened, the map starts at the saved place with its marker; Cancel changes nothing; typing still works.
    await page.locator('#equipment-pick-location').click();
    await page.locator('[data-testid="location-marker"]').waitFor();
    assert.deepEqual(await picked(page), place);
    await map.click({ position: { x: 100, y: 100 } });
    await page.waitForFunction((lat) => document.querySelector('[data-testid="location-picked"]')?.dataset.latitude !== lat, place.latitude);
    await page.locator('#location-picker-cancel').click();
    await page.locator('[data-testid="location-map"]').waitFor({ state: 'detached' });
    assert.equal(await page.locator('#equipment-latitude').inputValue(), place.latitude);
    await page.locator('#equipment-latitude').fill('95');
    await page.locator('#equipment-info-save').click();
    await page.getByText('纬度应在 -90 至 90 之间').waitFor();
    await page.locator('#equipment-latitude').fill(place.latitude);

    // Share: off, no password, view only to start with.
    await openShare(page);
    assert.deepEqual(await settingsOf(page), { enabled: 'false', hasPassword: 'false', auth: 'view' });
    assert.equal(await page.locator('[data-testid="share-password-state"]').innerText(), '未设置');
    await page.locator('#share-enabled').click();
    await page.locator('[data-testid="share-settings"][data-enabled="true"]').waitFor();
    await page.locator('#share-password').fill('ab1');
    await page.locator('#share-password-save').click();
    await page.getByText('分享密码至少 4 位').waitFor();
    await page.locator('#share-password').fill('ab12');
    await page.locator('#share-password-save').click();
    await page.locator('[data-testid="share-settings"][data-has-password="true"]').waitFor();
    assert.equal(await page.locator('[data-testid="share-password-state"]').innerText(), '已设置');
    assert.equal(await page.locator('#share-password').inputValue(), '', 'the password is not kept on the screen');
    await page.locator('[data-testid="share-drawer"]').getByText('查看和控制', { exact: true }).click();
    await page.locator('[data-testid="share-settings"][data-auth="control"]').waitFor();

    // The QR code: drawn (dark modules on the canvas), of the share page's absolute address.
    const link = `${new URL(page.url()).origin}/share/${id}`;
    assert.equal(await page.locator('#share-link').inputValue(), link);
    const canvas = page.locator('[data-testid="share-qr"] canvas');
    await canvas.waitFor();
    const dark = await canvas.evaluate((c) => {
      const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0 && data[i] < 64) n++;
      return n;
    });
    assert.ok(dark > 500, `the QR code is drawn (${dark} dark pixels)`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#share-download').click()]);
    assert.equal(download.suggestedFilename(), `${NAME}-qr.png`);
    const chunks = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk);
    assert.deepEqual([...Buffer.concat(chunks).subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a PNG');
    await page.locator('#share-password').blur();
    // The success toasts have gone (they close by themselves).
    await page.waitForFunction(() => !document.querySelector('.ant-message-notice'), undefined, { timeout: 15_000 });
    await screenshot(page, 'equipment-share-drawer-zh');

    // Kept over a reload, and by the server.
    await page.reload();
    await page.locator('#equipment-share').waitFor();
    await openShare(page);
    assert.deepEqual(await settingsOf(page), { enabled: 'true', hasPassword: 'true', auth: 'control' });
    const info = await api(page, '/lfscada/equipment/multi/share/info', { equipId: String(id) });
    assert.deepEqual(info.data, { equipId: id, enabled: true, hasPassword: true, auth: 'control' });
    assert.ok(!JSON.stringify(info).includes('ab12'), 'never the password');
    await page.context().close();
  });

  test('en: the picker and the share drawer, without Chinese left over', async () => {
    assert.ok(id, 'the first test created the equipment');
    const page = await app.newPage();
    await blockTiles(page);
    await app.loginAsDemo(page);
    await page.locator('#lang-switch').click();
    await openInfo(page, id);
    await page.locator('#equipment-pick-location').filter({ hasText: 'Pick on map' }).waitFor();

    await page.locator('#equipment-pick-location').click();
    await page.locator('[data-testid="location-marker"]').waitFor();
    await page.locator('[data-testid="location-tiles-failed"]').waitFor({ timeout: 30_000 });
    const dialog = await page.locator('.ant-modal-content').innerText();
    assert.doesNotMatch(dialog, /[\u4e00-\u9fff]/, dialog);
    assert.match(dialog, /Picked:\s*latitude -?[\d.]+, longitude -?[\d.]+/);
    await screenshot(page, 'equipment-location-picker-en');
    await page.locator('#location-picker-cancel').click();
    await page.locator('[data-testid="location-map"]').waitFor({ state: 'detached' });

    await openShare(page);
    const drawer = (await page.locator('[data-testid="share-drawer"]').innerText()).replaceAll(NAME, '');
    assert.doesNotMatch(drawer, /[\u4e00-\u9fff]/, drawer);
    assert.match(drawer, /View and control/);
    await screenshot(page, 'equipment-share-drawer-en');
    await page.context().close();
  });
});
