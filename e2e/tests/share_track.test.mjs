// The public share link (docs/share.md): sharing turned on for the demo's pump station, its link opened in a FRESH browser
// context (no console session): a wrong password is refused, the right one shows the live values; once sharing is
// turned off the share view is refused on its next read and asks for the password again.
//
// Track playback in a real browser against the real server (docs/track.md): the demo's mobile air compressor
// reports its GPS position through the utility gateway; its track page (reached from the map's popup) draws the
// path of the last day and plays it: the cursor's time and position move while it plays, the speed can be raised,
// the slider moves the marker. An equipment without position signals says so. zh-CN and en screenshots go to
// e2e/screenshots (or $E2E_SHOTS_DIR).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { consoleUnderTest, frames, screenshotDir, settle } from '../lib/harness.mjs';
import { addPump, api, until } from '../lib/demo.mjs';

const app = consoleUnderTest();
const shotsDir = process.env.E2E_SHOTS_DIR || screenshotDir;

async function screenshot(page, name) {
  await settle(page);
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: true });
}

/** No internet here anyway; blocking the tile server makes the "no background map" state certain everywhere. */
async function blockTiles(page) {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
}

/** The demo compressor's id, once its track holds a few positions (they arrive once a second). */
async function compressorWithTrack(page) {
  const found = await api(page, '/lfscada/equipment/multi/query', { keyword: 'Air compressor', page: '1', pageSize: '10' });
  assert.equal(found.code, '200', JSON.stringify(found));
  const id = found.data.list[0].id;
  await until(async () => {
    const now = Date.now();
    const track = await api(page, '/lfscada/monitor/multi/track/query', {
      equipmentId: String(id),
      startTime: String(now - 3_600_000),
      endTime: String(now),
    });
    assert.equal(track.code, '200', JSON.stringify(track));
    return track.data.points.length >= 5;
  }, 'the compressor to report five positions');
  return id;
}

const text = (page, testId) => page.locator(`[data-testid="${testId}"]`).innerText();

/** The demo pump station's id. */
async function pumpStation(page) {
  const found = await api(page, '/lfscada/equipment/multi/query', { keyword: '1# Pump station', page: '1', pageSize: '10' });
  assert.equal(found.code, '200', JSON.stringify(found));
  return found.data.list[0].id;
}

/** The fresh, non-empty value texts of the share view's realtime table. */
async function freshValues(page) {
  return page.locator('[data-testid="share-view"] [data-testid="rt-value"][data-state="fresh"]').allInnerTexts();
}

describe('public share link', () => {
  test('zh-CN and en: wrong password refused, right password shows live values, sharing off refuses', async () => {
    const owner = await app.newPage();
    await app.loginAsDemo(owner);
    const id = await pumpStation(owner);
    assert.equal((await api(owner, '/lfscada/equipment/multi/share/editPwd', { equipId: String(id), password: 'pump2026' })).code, '200');
    assert.equal((await api(owner, '/lfscada/equipment/multi/share/editAuth', { equipId: String(id), auth: 'view', enabled: 'true' })).code, '200');

    // The QR code's link, in a fresh browser without a console session.
    const visitor = await app.newPage();
    await visitor.goto(`${app.base}/share/${id}`);
    await visitor.locator('#share-password').fill('wrong123');
    await visitor.locator('#share-open').click();
    await visitor.locator('[data-testid="share-refused"]').filter({ hasText: '密码错误' }).waitFor();
    await visitor.locator('#share-password').fill('pump2026');
    await visitor.locator('#share-open').click();
    await visitor.locator('[data-testid="share-equipment"]').filter({ hasText: '1# Pump station' }).waitFor();
    const first = await until(async () => {
      const shown = await freshValues(visitor);
      return shown.length >= 3 ? shown.join('|') : null;
    }, 'fresh values in the share view');
    await until(async () => (await freshValues(visitor)).join('|') !== first, 'the values to change live', 30_000);
    await screenshot(visitor, 'share-view-zh');
    // The visitor's cookie opens no console call.
    const console = await api(visitor, '/lfscada/monitor/multi/signal/data', { equipmentId: String(id) });
    assert.equal(console.code, '1010', JSON.stringify(console));

    await visitor.locator('#lang-switch').click();
    await visitor.locator('#share-close').filter({ hasText: 'Leave the share' }).waitFor();
    // In English throughout (the demo is seeded in English here; the switch offers 中文).
    const shown = (await visitor.locator('[data-testid="share-page"]').innerText()).replaceAll('中文', '');
    assert.doesNotMatch(shown, /[\u4e00-\u9fff]/, shown);
    for (const text of ['Shared equipment', 'View only', 'Signal', 'Value']) assert.ok(shown.includes(text), `${text} in ${shown}`);
    await screenshot(visitor, 'share-view-en');

    // Sharing off: the next read is refused and the page asks for the password again, saying why.
    assert.equal((await api(owner, '/lfscada/equipment/multi/share/editAuth', { equipId: String(id), auth: 'view', enabled: 'false' })).code, '200');
    await visitor.locator('[data-testid="share-ended"]').waitFor({ timeout: 15_000 });
    await visitor.locator('#share-password').fill('pump2026');
    await visitor.locator('#share-open').click();
    await visitor.locator('[data-testid="share-refused"]').waitFor();
    await visitor.context().close();
    await owner.context().close();
  });
});

describe('track playback', () => {
  test('zh-CN: from the map popup to the track, play at 8x, move the slider', async () => {
    const page = await app.newPage();
    await blockTiles(page);
    await app.loginAsDemo(page);
    const id = await compressorWithTrack(page);

    await page.goto(`${app.base}/map`);
    await page.locator(`[data-testid="fleet-marker-${id}"]`).click();
    await page.locator(`[data-testid="fleet-popup-${id}"] [data-testid="fleet-popup-track"]`).click();
    await page.waitForURL(`**/monitor/eg/track/${id}`);
    await page.locator('[data-testid="track-title"]').filter({ hasText: 'Air compressor' }).waitFor();
    await page.locator('[data-testid="track-marker"]').waitFor();
    assert.match(await text(page, 'track-lat'), /^31\.\d{6}$/);
    assert.match(await text(page, 'track-lng'), /^121\.\d{6}$/);
    const startTime = await text(page, 'track-time');

    await page.locator('[data-testid="track-speed"]').getByText('8×').click();
    await page.locator('[data-testid="track-play"]').click();
    await page.locator('[data-testid="track-pause"]').waitFor();
    await until(async () => (await text(page, 'track-time')) !== startTime, 'the cursor to move while playing', 20_000);
    await page.locator('[data-testid="track-pause"]').click();
    const paused = await text(page, 'track-time');
    // Half a second of the page's own frames (at 8× the cursor would move several steps in it).
    await frames(page, 30);
    assert.equal(await text(page, 'track-time'), paused, 'paused: the cursor stays');

    // The slider's end: the newest position.
    await page.locator('[data-testid="track-slider"] .ant-slider-handle').focus();
    await page.keyboard.press('End');
    assert.notEqual(await text(page, 'track-time'), paused);
    await screenshot(page, 'track-playback-zh');
    await page.context().close();
  });

  test('en: the track page in English; an equipment without position signals says so', async () => {
    const page = await app.newPage();
    await blockTiles(page);
    await app.loginAsDemo(page);
    await page.locator('#lang-switch').click();
    const id = await compressorWithTrack(page);
    await page.goto(`${app.base}/monitor/eg/track/${id}`);
    await page.locator('[data-testid="track-marker"]').waitFor();
    await page.locator('[data-testid="track-play"]').filter({ hasText: 'Play' }).waitFor();
    const shown = (await page.locator('[data-testid="track-page"]').innerText()).replaceAll('中文', '');
    assert.doesNotMatch(shown, /[\u4e00-\u9fff]/, shown);
    await screenshot(page, 'track-playback-en');

    const { equipmentId } = await addPump(page, 'No GPS pump');
    await page.goto(`${app.base}/monitor/eg/track/${equipmentId}`);
    await page.locator('[data-testid="track-error"]').filter({ hasText: 'no latitude and longitude signals' }).waitFor();
    assert.equal(await page.locator('[data-testid="track-play"]').isDisabled(), true);
    await page.context().close();
  });
});
