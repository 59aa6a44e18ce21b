// Expiry dates and expire messages in a real browser against the real server and the demo plant (docs/messages.md,
// "Expire messages"): the demo's pump station expires in 7 days and its process gateway in 30, so the expiry sweep at
// start has written their expire messages; the message centre lists them, the detail shows the date and the days
// left with the way to the equipment; the equipment form sets a date (the list then tags it) and the gateway list's
// dialog sets the gateway's; a phone shows the detail without sideways scrolling. Shot in zh-CN and en.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleUnderTest, snap } from '../lib/harness.mjs';
import { api, findDemo, until } from '../lib/demo.mjs';

const app = consoleUnderTest();

/** `YYYY-MM-DD` of the day `days` from today in China time (the server's count). */
function chinaDay(days) {
  const day = Math.floor((Date.now() + 8 * 3_600_000) / 86_400_000) + days;
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** The demo's expire message about an `equipment` or a `gateway`, once the sweep has written it. */
async function expireMessage(page, status) {
  return until(async () => {
    const found = await api(page, '/lfscada/msg/query', { type: 'expire', page: '1', pageSize: '100' });
    return found.data.list.find((m) => m.dataStatus === status);
  }, `the demo's ${status} expire message`);
}

/** Sets a date in the antd DatePicker `id` by typing it, as a person can. */
async function typeDate(page, id, date) {
  const input = page.locator(`#${id}`);
  await input.click();
  // Typed once the calendar is open: Enter then sets the typed date (and, in a one-field dialog, submits it); before
  // it opens (late on a loaded machine) Enter would submit the date the field held.
  await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').waitFor();
  await input.fill(date);
  await input.press('Enter');
}

describe('expiry dates and expire messages', () => {
  test('zh-CN: the demo pump\'s expire message and its detail; a date set in the equipment form, tagged in the list', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    const { equipmentId } = await findDemo(page);
    const message = await expireMessage(page, 'equipment');
    const pumpDate = chinaDay(7);
    assert.equal(message.note, pumpDate);
    assert.equal(message.equipId, equipmentId);

    // In the centre, filtered to expiry messages.
    await page.goto(`${app.base}/message/messageAll`);
    await page.locator('[data-testid="message-centre"]').waitFor();
    await page.locator('#message-type-filter').click();
    await page.locator('.ant-select-item-option[title="到期"]').click();
    const row = page.locator('[data-testid="message-centre"] tr[data-row-key]').filter({ hasText: `7 天后到期（${pumpDate}）` });
    await row.first().waitFor();
    await snap(page, 'expiry-01-centre-zh');

    // Its detail: the equipment, the date, the days left, the way to it and to the form.
    await row.first().getByRole('link').first().click();
    const summary = page.locator('[data-testid="expire-summary"]');
    await summary.waitFor();
    const text = await summary.innerText();
    assert.match(text, new RegExp(pumpDate));
    assert.match(text, /还剩 7 天/);
    assert.match(await summary.locator('[data-testid="expiry-tag"]').innerText(), /7 天后到期/);
    assert.equal(await page.locator('#message-open-equipment').getAttribute('href'), `/monitor/eg/detail/list/${equipmentId}?tab=equipment`);
    await snap(page, 'expiry-02-detail-zh');

    // The form the manager's link leads to sets a new date; the list tags it.
    await page.locator('#message-edit-expiry').click();
    await page.waitForURL(`**/manage/eg/equipment/edit/${equipmentId}/info`);
    const input = page.locator('#equipment-expire-date');
    await until(async () => (await input.inputValue()) === pumpDate, 'the form to show the date');
    const soon = chinaDay(3);
    await typeDate(page, 'equipment-expire-date', soon);
    await until(async () => (await input.inputValue()) === soon, 'the typed date');
    await snap(page, 'expiry-03-form-zh');
    await page.locator('#equipment-info-save').click();
    await until(async () => (await api(page, '/lfscada/equipment/multi/info', { id: String(equipmentId) })).data.expireDate === soon, 'the saved date');
    await page.goto(`${app.base}/manage/eg/equipment/list`);
    const listed = page.locator(`tr[data-row-key="${equipmentId}"] [data-testid="expiry-tag"]`);
    await listed.waitFor();
    assert.equal(await listed.innerText(), '3 天后到期');
    await snap(page, 'expiry-04-list-zh');

    // The EG detail's equipment info shows it too.
    await page.goto(`${app.base}/monitor/eg/detail/list/${equipmentId}?tab=equipment`);
    const info = page.locator('[data-testid="equipment-info"] [data-testid="expiry-date"]');
    await info.waitFor();
    assert.match(await info.innerText(), new RegExp(soon));
    await page.context().close();
  });

  test('en: the gateway\'s expire message; its date set from the gateway list; the detail on a phone', async () => {
    const page = await app.newPage();
    await page.addInitScript(() => localStorage.setItem('langs', 'en'));
    await app.loginAsDemo(page);
    const message = await expireMessage(page, 'gateway');
    const gatewayDate = chinaDay(30);
    assert.equal(message.titleEn, `Gateway service of Process gateway expires in 30 days (${gatewayDate})`);

    await page.goto(`${app.base}/message/detail/expire/${message.id}`);
    const summary = page.locator('[data-testid="expire-summary"]');
    await summary.waitFor();
    assert.match(await summary.innerText(), new RegExp(`${gatewayDate}[\\s\\S]*30 days left`));
    assert.equal(await page.locator('[data-testid="message-detail-title"]').innerText(), message.titleEn);
    await snap(page, 'expiry-05-gateway-detail-en');

    // The gateway list's dialog sets the date; the list tags it.
    await page.goto(`${app.base}/manage/eg/gateway`);
    await page.locator('[data-testid="gateway-expiry-EG-DEMO-01"]').click();
    const field = page.locator('#gateway-expiry-date');
    await until(async () => (await field.inputValue()) === gatewayDate, 'the dialog to show the date');
    await snap(page, 'expiry-06-gateway-dialog-en');
    const soon = chinaDay(5);
    await typeDate(page, 'gateway-expiry-date', soon);
    // Enter in the dialog's one field submits it, as OK does, and the dialog closes.
    await page.locator('#gateway-expiry-save').waitFor({ state: 'hidden' });
    await until(async () => (await api(page, '/lfscada/gateway/info', { sn: 'EG-DEMO-01' })).data.expireDate === soon, 'the saved date');
    const tag = page.locator('tr[data-row-key="EG-DEMO-01"] [data-testid="expiry-tag"]');
    await tag.waitFor();
    assert.equal(await tag.innerText(), 'Expires in 5 days');
    await snap(page, 'expiry-07-gateways-en');
    await page.context().close();

    // A phone: the detail fits 390 px, no sideways scrolling.
    const phone = await app.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await phone.addInitScript(() => localStorage.setItem('langs', 'en'));
    await app.loginAsDemo(phone);
    await phone.goto(`${app.base}/message/detail/expire/${message.id}`);
    await phone.locator('[data-testid="expire-summary"]').waitFor();
    assert.match(await phone.locator('[data-testid="expire-days"]').innerText(), /5 days left/);
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scrolling (${overflow} px)`);
    await snap(phone, 'expiry-08-detail-phone-en');
    await phone.context().close();
  });
});
