// The shared equipment's configuration pages in the public share view (docs/share.md), in a real browser against
// the real server: the demo pump station shown as "configuration page" and shared under `control`; its share
// link opened in a FRESH browser context (no console session) opens its home page, drawn by the console's viewer,
// with live values that change; the page's start button asks first, then writes through share/write and the
// gateway (the stored value becomes 1); the switch shows the realtime table with its write action. Once the
// authority is `view` the visit ends, the password opens it again, and the same button writes nothing. Screenshots
// share-pages-zh.png, share-pages-confirm-zh.png, share-pages-en.png in e2e/screenshots (or $E2E_SHOTS_DIR).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleUnderTest, snap } from '../lib/harness.mjs';
import { api, findDemo, until } from '../lib/demo.mjs';

const app = consoleUnderTest();

const widget = (page, id) => page.locator(`[data-testid="share-pages"] [data-testid="widget-${id}"]`);
/** The shown text of a data text widget. */
const textOf = async (page, id) => ((await page.locator(`[data-testid="value-${id}"]`).textContent()) ?? '').trim();

/** The latest stored value of a signal, as the owner's console reads it. */
async function latest(owner, equipmentId, signalId) {
  const answer = await api(owner, '/lfscada/monitor/multi/signal/data', { equipmentId: String(equipmentId) });
  return answer.data?.signalVal?.[signalId]?.value ?? null;
}

/** The demo pump station shown as "configuration page" (its other fields kept). */
async function showAsPage(owner, equipmentId) {
  const info = await api(owner, '/lfscada/equipment/multi/info', { id: String(equipmentId) });
  assert.equal(info.code, '200', JSON.stringify(info));
  const e = info.data;
  const fields = { id: String(equipmentId), equipName: e.equipName, display: 'page', ruleType: e.ruleType };
  for (const key of ['model', 'manufacturer', 'address', 'latitude', 'longitude', 'remark']) {
    if (e[key] !== null && e[key] !== undefined) fields[key] = String(e[key]);
  }
  const edited = await api(owner, '/lfscada/equipment/multi/edit', fields);
  assert.equal(edited.code, '200', JSON.stringify(edited));
}

async function enter(visitor, password) {
  await visitor.locator('#share-password').fill(password);
  await visitor.locator('#share-open').click();
}

describe('the share view: configuration pages', () => {
  test('zh-CN and en: the home page live, a write from its button under control; none under view', async () => {
    const owner = await app.newPage();
    await app.loginAsDemo(owner);
    const { equipmentId, signals } = await findDemo(owner);
    const start = signals['Pump start'];
    await showAsPage(owner, equipmentId);
    const id = String(equipmentId);
    assert.equal((await api(owner, '/lfscada/equipment/multi/share/editPwd', { equipId: id, password: 'pump2026' })).code, '200');
    assert.equal((await api(owner, '/lfscada/equipment/multi/share/editAuth', { equipId: id, auth: 'control', enabled: 'true' })).code, '200');

    // The share link in a fresh browser: the home page opens first, live.
    const visitor = await app.newPage();
    await visitor.goto(`${app.base}/share/${id}`);
    await enter(visitor, 'pump2026');
    await visitor.locator('[data-testid="share-pages"] [data-testid="runtime-page"]').waitFor({ timeout: 30_000 });
    const first = await until(async () => {
      const text = await textOf(visitor, 'tank-value');
      return /^\d+(\.\d+)? %$/.test(text) ? text : null;
    }, 'a tank level on the shared page');
    await until(async () => (await textOf(visitor, 'tank-value')) !== first, 'the tank level to change', 30_000);
    await snap(visitor, 'share-pages-zh');

    // Under control the start button asks first, then writes 1 through the share's write and the gateway.
    await api(owner, '/lfscada/monitor/multi/signal/write', { signalId: String(start), value: '0' });
    await until(async () => (await latest(owner, equipmentId, start)) === 0, 'pump start at 0');
    await widget(visitor, 'start').click();
    const confirm = visitor.locator('.ant-modal').filter({ hasText: 'Start the pump?' });
    await confirm.waitFor();
    await snap(visitor, 'share-pages-confirm-zh');
    await confirm.locator('.ant-btn-primary').click();
    await visitor.locator('.ant-message').getByText(/写入成功/).waitFor({ timeout: 60_000 });
    await until(async () => (await latest(owner, equipmentId, start)) === 1, 'pump start written as 1');

    // The switch: the realtime table, with its write action under control; back to the pages.
    await visitor.locator('[data-testid="share-show-table"]').click();
    await visitor.locator(`[data-testid="rt-write-${start}"]`).waitFor();
    await visitor.locator('[data-testid="share-show-pages"]').click();
    await visitor.locator('[data-testid="share-pages"] [data-testid="runtime-page"]').waitFor();

    // In English: the share's own texts (the demo's page is seeded in English here).
    await visitor.locator('#lang-switch').click();
    await visitor.locator('#share-close').filter({ hasText: 'Leave the share' }).waitFor();
    const shown = (await visitor.locator('[data-testid="share-page"]').innerText()).replaceAll('中文', '');
    for (const text of ['View and control', 'Realtime values', 'Configuration pages']) assert.ok(shown.includes(text), `${text} in ${shown}`);
    await snap(visitor, 'share-pages-en');

    // View only: the visit ends on the change; the password opens it again, and the button writes nothing.
    assert.equal((await api(owner, '/lfscada/equipment/multi/share/editAuth', { equipId: id, auth: 'view', enabled: 'true' })).code, '200');
    await visitor.locator('[data-testid="share-ended"]').waitFor({ timeout: 15_000 });
    await enter(visitor, 'pump2026');
    await widget(visitor, 'start').waitFor({ timeout: 30_000 });
    await api(owner, '/lfscada/monitor/multi/signal/write', { signalId: String(start), value: '0' });
    await until(async () => (await latest(owner, equipmentId, start)) === 0, 'pump start back at 0');
    await widget(visitor, 'start').click();
    await visitor.locator('.ant-message').getByText('You do not have write permission').waitFor();
    assert.equal(await visitor.locator('.ant-modal').filter({ hasText: 'Start the pump?' }).count(), 0);
    const refused = await visitor.evaluate(async (body) => {
      const response = await fetch('/lfscada/share/write', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
      });
      return response.json();
    }, new URLSearchParams({ equipId: id, signalId: String(start), value: '1' }).toString());
    assert.equal(refused.code, '1344', JSON.stringify(refused));
    assert.equal(await latest(owner, equipmentId, start), 0, 'nothing written under view');
    await visitor.locator('[data-testid="share-show-table"]').click();
    await visitor.locator('[data-testid="share-view"] [data-testid="rt-value"]').first().waitFor();
    assert.equal(await visitor.locator('[data-testid^="rt-write-"]').count(), 0);

    await visitor.context().close();
    await owner.context().close();
  });
});
