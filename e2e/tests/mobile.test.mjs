// Operators on the move (issue 15), in a real browser against the real server with the simulated pump station:
// the monitor on a phone (390 × 844) and an upright tablet (768 × 1024), touched, not clicked. On each: no page is
// wider than the screen; the navigation is reached through the menu button's drawer; the realtime values are
// readable (a value with its unit on one line); a setpoint is written by touch and reaches the simulator; the
// configuration page fits the width and zooms by a pinch; a state is picked to write; the group view, the map and the
// project page fit too; when the network drops the console says so, with the time of the last answer,
// and greys the values; the installed app's manifest names it in the language in use; the service worker keeps
// the application shell, so a reload without a network still opens the console and says the server is out of
// reach until it answers again. Screenshots in zh-CN and en.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleUnderTest, settle, snap } from '../lib/harness.mjs';
import { api, findDemo, until } from '../lib/demo.mjs';

const app = consoleUnderTest();

const DEVICES = [
  { name: 'phone', options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } },
  { name: 'tablet', options: { viewport: { width: 768, height: 1024 }, isMobile: true, hasTouch: true } },
];

/** The page is no wider than the window: nothing to scroll sideways. */
async function fitsTheWidth(page, where) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  assert.ok(scroll <= width, `${where}: the page is ${scroll} px wide in a ${width} px window`);
}

/** Two fingers on the middle of `target` moving apart, as a touch screen reports them (CDP touch events). */
async function pinchOut(page, target) {
  const box = await target.boundingBox();
  const [cx, cy] = [box.x + box.width / 2, box.y + Math.min(box.height, 300) / 2];
  const client = await page.context().newCDPSession(page);
  const fingers = (d) => [
    { x: cx - d, y: cy, id: 1 },
    { x: cx + d, y: cy, id: 2 },
  ];
  await client.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(20) });
  for (let d = 30; d <= 90; d += 10) await client.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(d) });
  await client.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await client.detach();
}

async function openMenu(page) {
  await page.locator('#shell-menu-button').tap();
  await page.locator('#shell-drawer').waitFor();
  // The drawer slides in; a tap during the slide can miss.
  await settle(page);
}

/** A realtime value's text, from the cards on a phone or the table on a tablet. */
const valueCell = (page, id) =>
  page.locator(`[data-testid="realtime-cards"] [data-row-key="${id}"], [data-testid="realtime-table"] tr[data-row-key="${id}"]`).locator('[data-testid="rt-value"]');

for (const { name, options } of DEVICES) {
  describe(`the monitor on a ${name}`, () => {
    test(`${name}: navigation, readable values, a write by touch, the page viewer, zh-CN and en`, async () => {
      const page = await app.newPage(options);
      await app.loginAsDemo(page);
      assert.equal(await page.locator('#top-nav').count(), 0, 'the wide navigation is folded away');
      const { equipmentId, signals } = await findDemo(page);

      // The equipment list.
      await page.locator('[data-testid="fleet-card-name"]').first().waitFor();
      await fitsTheWidth(page, 'equipment list');
      await snap(page, `mobile-${name}-list-zh`);

      // The navigation through the drawer: the group view, then back through the areas.
      await openMenu(page);
      await snap(page, `mobile-${name}-menu-zh`);
      await page.locator('#drawer-side-menu').getByText("网关设备分组", { exact: true }).first().tap();
      await page.waitForURL('**/monitor/eg/group**');
      await fitsTheWidth(page, 'group view');
      await openMenu(page);
      await page.locator('#drawer-areas').getByText('监控', { exact: true }).tap();
      await page.waitForURL('**/monitor/**');

      // The realtime values: live, each on one line.
      await page.goto(`${app.base}/monitor/eg/detail/list/${equipmentId}`);
      await until(async () => (await page.locator('[data-testid="monitor-status"]').getAttribute('data-status')) === 'on', 'monitoring on');
      const tank = valueCell(page, signals['Tank level']);
      await until(async () => /%$/.test((await tank.innerText()).trim()), 'a tank level');
      const lines = await tank.evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
      assert.equal(lines, 1, 'a value and its unit on one line');
      await fitsTheWidth(page, 'equipment detail');
      await snap(page, `mobile-${name}-realtime-zh`);

      // A write by touch: the dialog fits the screen, the simulator takes the value.
      const setpoint = signals['Speed setpoint'];
      const wanted = 1200 + Math.floor(Math.random() * 300);
      await page.locator(`[data-testid="rt-write-${setpoint}"]`).tap();
      const dialog = page.locator('[data-testid="write-dialog"]');
      await dialog.waitFor();
      const box = await page.locator('.ant-modal-content').boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= options.viewport.width, `the write dialog fits the screen: ${JSON.stringify(box)}`);
      await page.locator('#write-value').tap();
      await page.locator('#write-value').fill(String(wanted));
      await snap(page, `mobile-${name}-write-zh`);
      await page.locator('#write-submit').tap();
      await until(async () => (await valueCell(page, setpoint).innerText()).startsWith(String(wanted)), `the setpoint ${wanted} to come back`);

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      // State texts: the pump's state reads as a word in its colour; its start coil is written by picking a state.
      const pumpState = valueCell(page, signals['Pump state']);
      await until(async () => ['停止', '运行', '故障'].includes((await pumpState.innerText()).trim()), 'the pump state as a word');
      const start = signals['Pump start'];
      await page.locator(`[data-testid="rt-write-${start}"]`).tap();
      const states = page.locator('[data-testid="write-states"]');
      await states.waitFor();
      assert.equal(await page.locator('#write-value').count(), 0, 'a state is picked, not typed');
      await settle(page); // the dialog's opening animation scales it: measured once it is in place
      const stateBox = await states.locator('label').first().boundingBox();
      assert.ok(stateBox.height >= 44, `a state button is finger-sized: ${stateBox.height}`);
      await states.getByText('启动', { exact: true }).tap();
      await snap(page, `mobile-${name}-write-state-zh`);
      await page.locator('#write-submit').tap();
      await page.locator('[data-testid="write-result"]').getByText('写入成功：启动').waitFor({ timeout: 30_000 });
      await page.keyboard.press('Escape');

      // The history and the alarm records fit the screen too; on a phone the records are cards.
      await page.goto(`${app.base}/monitor/eg/detail/list/${equipmentId}?tab=history`);
      await page.locator('#history-range, [data-testid="history-tab"]').first().waitFor();
      await fitsTheWidth(page, 'history tab');
      await snap(page, `mobile-${name}-history-zh`);
      // Its time range by touch: the picker's months and times stacked within the screen.
      await page.locator('#history-range').tap();
      const picker = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-panel-container');
      await picker.waitFor();
      const pickerBox = await picker.boundingBox();
      assert.ok(pickerBox.x >= 0 && pickerBox.x + pickerBox.width <= options.viewport.width, `the range picker fits: ${JSON.stringify(pickerBox)}`);
      await snap(page, `mobile-${name}-history-range-zh`);
      await page.keyboard.press('Escape');
      await page.goto(`${app.base}/monitor/eg/detail/list/${equipmentId}?tab=alarm`);
      await page.locator('[data-testid="alarm-tab"]').waitFor();
      await page.locator(name === 'phone' ? '[data-testid="alarm-cards"], [data-testid="alarm-cards-empty"]' : '[data-testid="alarm-table"]').first().waitFor();
      await fitsTheWidth(page, 'alarm tab');
      await snap(page, `mobile-${name}-alarms-zh`);

      // The equipment's configuration page, fitted to the width.
      const pages = await api(page, '/lfscada/configuration/page/query', { equipmentId: String(equipmentId) });
      const pageId = pages.data.list?.[0]?.id ?? pages.data[0]?.id;
      await page.goto(`${app.base}/monitor/eg/detail/page/${pageId}`);
      await page.locator('[data-testid="runtime-canvas"]').first().waitFor();
      await fitsTheWidth(page, 'configuration page');
      await snap(page, `mobile-${name}-page-zh`);
      // Two fingers spread: the drawn page zooms; the reset button fits it again.
      const zoom = page.locator('[data-testid="zoom-pan"]');
      await pinchOut(page, zoom);
      await until(async () => Number(await zoom.getAttribute('data-scale')) > 1.5, 'the page zoomed by a pinch');
      await fitsTheWidth(page, 'zoomed configuration page');
      await snap(page, `mobile-${name}-page-zoomed-zh`);
      await page.locator('[data-testid="zoom-reset"]').tap();
      await until(async () => (await zoom.getAttribute('data-scale')) === '1.00', 'the page fitted again');

      // The other monitor screens: the group's configuration view, the map, the site's project page; the message centre.
      const projects = await api(page, '/lfscada/project/query', { page: '1', pageSize: '10' });
      const projectId = (projects.data.list ?? projects.data)[0].id;
      for (const [where, path, ready] of [
        ['group configuration view', `/monitor/eg/group/configuration/0/${equipmentId}`, '[data-testid="runtime-canvas"]'],
        ['map', '/map', '[data-testid^="fleet-marker-"]'],
        ['project page', `/monitor/project/${projectId}`, '[data-testid="runtime-canvas"]'],
        ['message centre', '/message/messageAll', '[data-testid="message-centre"]'],
      ]) {
        await page.goto(`${app.base}${path}`);
        await page.locator(ready).first().waitFor();
        await fitsTheWidth(page, where);
        await snap(page, `mobile-${name}-${where.replaceAll(' ', '-')}-zh`);
      }

      // English, from the drawer.
      await page.goto(`${app.base}/monitor/eg/detail/list/${equipmentId}`);
      await openMenu(page);
      await page.locator('#shell-drawer #lang-switch').tap();
      await page.locator('#drawer-areas').getByText('Monitor', { exact: true }).waitFor();
      assert.equal(await page.locator('link[rel="manifest"]').getAttribute('href'), '/manifest.en.webmanifest');
      await page.keyboard.press('Escape');
      await until(async () => /%$/.test((await tank.innerText()).trim()), 'a tank level in English');
      await fitsTheWidth(page, 'equipment detail in English');
      await snap(page, `mobile-${name}-realtime-en`);
      await openMenu(page);
      await snap(page, `mobile-${name}-menu-en`);
      await page.context().close();
    });
  });
}

describe('without a network', () => {
  test('the console says the server is out of reach with the time of its last answer, greys the values, and comes back', async () => {
    const page = await app.newPage(DEVICES[0].options);
    await app.loginAsDemo(page);
    const { equipmentId, signals } = await findDemo(page);
    const manifest = await page.evaluate(async () => (await fetch(document.querySelector('link[rel="manifest"]').href)).json());
    assert.equal(manifest.lang, 'zh-CN');
    assert.equal(manifest.display, 'standalone');
    assert.ok(manifest.icons.some((icon) => icon.sizes === '512x512'));
    await page.goto(`${app.base}/monitor/eg/detail/list/${equipmentId}`);
    const tank = valueCell(page, signals['Tank level']);
    await until(async () => (await tank.getAttribute('data-state')) === 'fresh', 'a live tank level');
    // The service worker keeps the shell once it controls the page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await until(() => page.evaluate(() => navigator.serviceWorker.controller !== null || (location.reload(), false)), 'the service worker in control', 30_000);
    await until(async () => (await tank.getAttribute('data-state')) === 'fresh', 'a live tank level again');

    await page.context().setOffline(true);
    const banner = page.locator('[data-testid="connection-banner"]');
    await banner.waitFor();
    assert.match(await banner.innerText(), /无法连接服务器，显示的数值停留在 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    assert.equal(await tank.getAttribute('data-state'), 'stale', 'values are greyed, not shown as live');
    await snap(page, 'mobile-phone-offline-zh');

    // A reload without a network: the kept shell opens and says the server cannot be reached (not the login
    // page: the session may well be valid).
    await page.reload();
    await page.locator('[data-testid="server-unreachable"]').waitFor();
    assert.ok(page.url().endsWith(`/monitor/eg/detail/list/${equipmentId}`), page.url());
    await snap(page, 'mobile-phone-offline-reload-zh');

    // The network returns: the console notices by itself and the screen comes back live.
    await page.context().setOffline(false);
    await until(async () => (await tank.getAttribute('data-state')) === 'fresh', 'live values after the network returned');
    assert.equal(await banner.count(), 0);
    await page.context().close();
  });
});
