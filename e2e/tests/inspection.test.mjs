// Inspection work orders in a real browser against the real server (docs/work-orders.md, the inspection half): demo
// (an administrator) creates an item and a plan over the demo pump for a second person, generates its worksheet
// now → the second person is told at once, opens the message, the worksheet beside the pump, fills in the results
// with one abnormal and submits → from the abnormal result, one click opens a repair order, prefilled, linked back.
// Shot in zh-CN (demo) and en (the inspector) at 1366 px and 390 px.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleUnderTest, loginThroughForm, snap } from '../lib/harness.mjs';
import { api, findDemo, pick } from '../lib/demo.mjs';

const app = consoleUnderTest();

/**
 * Closes an open multiple select's list by a click on the dialog's title. Not Escape: when the list has already
 * closed, Escape reaches the dialog and closes it (the test then typed into a dialog on its way out).
 */
async function closeList(page) {
  await page.locator('.ant-modal-title').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden' });
}

/**
 * Chooses the option titled `label` of the antd Select `#id` (a multiple select's list stays open: closed after).
 * The click goes to the select's own box, not its input: the chosen value's label lies over the input, and a forced
 * click on the input landed where the input had been while the dialog was still zooming in, so no list opened (a CI
 * run timed out so). A plain click waits until the box stands still.
 */
async function choose(page, id, label, { multiple = false } = {}) {
  const box = page.locator('.ant-select-selector').filter({ has: page.locator(`#${id}`) });
  const option = page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${label}"]`);
  await box.click();
  await option.click();
  if (multiple) await closeList(page);
}

/** No sideways scroll on the page. */
async function noOverflow(page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `no horizontal scroll (${overflow} px)`);
}

describe('inspection work orders', () => {
  test('an item and a plan, a worksheet generated now, filled in by a second person, abnormal, then a repair order', async () => {
    const demo = await app.newPage();
    await app.loginAsDemo(demo);
    const { equipmentId } = await findDemo(demo);

    // The inspector: a sub-account granted the pump, allowed to handle work orders.
    const added = await api(demo, '/lfscada/user/sub/add', {
      loginname: 'walker',
      password: 'Walker@1234',
      dataRange: 'authorised',
      auths: 'monitor_multi_designer_repair',
    });
    assert.equal(added.code, '200', JSON.stringify(added));
    const granted = await api(demo, '/lfscada/user/sub/authorise', { userId: String(added.data.userId), equipmentIds: String(equipmentId) });
    assert.equal(granted.code, '200', JSON.stringify(granted));

    // Items: a number with its range (through the screen), and a check.
    await demo.goto(`${app.base}/manage/ops/inspection_content`);
    await demo.locator('#item-new').click();
    await demo.locator('#item-name').fill('出口压力');
    await demo.locator('#item-content').fill('看压力表读数');
    await choose(demo, 'item-kind', '数值');
    await demo.locator('#item-min').fill('2');
    await demo.locator('#item-max').fill('4.5');
    await demo.locator('#item-unit').fill('bar');
    await snap(demo, 'inspection-01-item-dialog-zh');
    await demo.locator('#item-save').click();
    await demo.locator('[data-testid="item-table"]').getByText('出口压力').waitFor();
    const check = await api(demo, '/lfscada/ops/inspection/item/add', { name: '密封', content: '法兰无滴漏', kind: 'check' });
    assert.equal(check.code, '200', JSON.stringify(check));
    await demo.reload();
    await demo.locator('[data-testid="item-table"]').getByText('密封').waitFor();
    await snap(demo, 'inspection-02-items-zh');

    // The plan: the pump, both items, the inspector, daily.
    await demo.goto(`${app.base}/manage/ops/inspection_plan`);
    await demo.locator('#plan-new').click();
    await demo.locator('#plan-name').fill('泵站早班巡检');
    await pick(demo, 'plan-equipment', '1# Pump station');
    await closeList(demo);
    await choose(demo, 'plan-items', '密封', { multiple: true });
    await choose(demo, 'plan-items', '出口压力', { multiple: true });
    await choose(demo, 'plan-inspector', 'walker');
    await demo.locator('#plan-time').fill('08:30');
    await snap(demo, 'inspection-03-plan-dialog-zh');
    await demo.locator('#plan-save').click();
    const planRow = demo.locator('[data-testid="plan-table"] tr').filter({ hasText: '泵站早班巡检' });
    await planRow.waitFor();
    assert.match(await planRow.innerText(), /walker/);
    assert.match(await planRow.innerText(), /每天 08:30/);
    const plans = await api(demo, '/lfscada/ops/inspection/plan/query', {});
    const plan = plans.data.find((p) => p.name === '泵站早班巡检');

    // The inspector's console is open before the worksheet is generated (its message socket live).
    const walker = await app.newPage();
    await walker.addInitScript(() => localStorage.setItem('langs', 'en'));
    await loginThroughForm(walker, app.base, 'walker', 'Walker@1234');
    await walker.waitForURL('**/monitor/eg/list');
    await walker.locator('#unread-messages[data-live="true"]').waitFor();

    // Generate now.
    await demo.locator(`[data-testid="plan-generate-${plan.id}"]`).click();
    await demo.locator('.ant-message').filter({ hasText: '已生成巡检工单' }).waitFor();
    await snap(demo, 'inspection-04-plans-zh');
    const sheets = await api(demo, '/lfscada/ops/inspection/worksheet/query', { planId: String(plan.id) });
    const sheet = sheets.data.list[0];
    assert.match(sheet.number, /^XJ\d{12}$/);
    assert.equal(sheet.status, 'not-started');

    // The inspector is told at once, opens the message, then the worksheet beside the pump.
    const popup = walker.locator('.ant-notification-notice').filter({ hasText: 'assigned to you' });
    await popup.waitFor({ timeout: 30_000 });
    await snap(walker, 'inspection-05-told-en');
    await popup.locator('.ant-btn-primary').click();
    const summary = walker.locator('[data-testid="order-summary"]');
    await summary.waitFor();
    assert.match(await summary.innerText(), new RegExp(sheet.number));
    assert.match(await summary.innerText(), /Not started/);
    await snap(walker, 'inspection-06-message-en');
    await walker.locator('#message-open-order').click();
    await walker.waitForURL(`**/monitor/eg/detail/list/${equipmentId}/inspection/${sheet.id}`);
    await walker.locator('[data-testid="eg-detail"]').waitFor();
    const results = walker.locator('[data-testid="worksheet-results"]');
    await results.waitFor();
    const seen = await api(walker, '/lfscada/msg/query', { type: 'order', dataId: String(sheet.id) });
    assert.equal(seen.data.list[0].dataStatus, 'seen', 'opening the worksheet saw its message');

    // Results: the seal normal, the pressure out of range (abnormal at once), submitted.
    assert.equal(await walker.locator('#worksheet-submit').isDisabled(), true, 'not before every item is filled in');
    await results.locator('[data-item="密封"]').getByText('Normal', { exact: true }).click();
    await results.getByLabel('出口压力', { exact: true }).fill('5.2');
    await results.getByLabel('Note on 出口压力 of 1# Pump station').fill('Gauge reads high');
    await results.locator('[data-item="出口压力"][data-abnormal="true"]').waitFor();
    await snap(walker, 'inspection-07-filled-en');
    await walker.locator('#worksheet-submit').click();
    await walker.locator('[data-testid="worksheet-detail"][data-status="abnormal"]').waitFor();
    await snap(walker, 'inspection-08-abnormal-en');

    // From the abnormal result, a repair order, prefilled with the pump and the reading, linked back.
    await walker.locator('[data-testid="worksheet-repair"]').click();
    const prefill = walker.locator('[data-testid="repair-create-prefill"]');
    await prefill.waitFor();
    assert.match(await prefill.innerText(), /1# Pump station/);
    assert.match(await walker.locator('#repair-description').inputValue(), /出口压力: 5\.2 bar \(2–4\.5 bar\) — Gauge reads high/);
    await snap(walker, 'inspection-09-repair-en');
    await walker.locator('#repair-create-submit').click();
    await walker.locator('[data-testid="worksheet-repair-link"]').waitFor();
    const detail = await api(walker, '/lfscada/ops/inspection/worksheet/info', { id: String(sheet.id) });
    const abnormal = detail.data.results.find((r) => r.abnormal);
    assert.ok(abnormal.repairOrderId, 'the result names its repair order');
    const order = await api(walker, '/lfscada/ops/repair/info', { id: String(abnormal.repairOrderId) });
    assert.equal(order.data.order.equipmentId, equipmentId);

    // Demo is told it was abnormal; the list and the pump's inspection records show it.
    const told = await api(demo, '/lfscada/msg/query', { type: 'order', dataId: String(sheet.id) });
    assert.ok(told.data.list.some((m) => m.title.includes('结果异常')), JSON.stringify(told.data.list));
    await demo.goto(`${app.base}/manage/ops/worksheet`);
    const row = demo.locator(`[data-testid="worksheet-table"] tr[data-row-key="${sheet.id}"]`);
    await row.waitFor();
    assert.match(await row.innerText(), /异常/);
    await snap(demo, 'inspection-10-worksheets-zh');
    await demo.goto(`${app.base}/monitor/eg/detail/list/${equipmentId}?tab=inspection`);
    await demo.locator('[data-testid="inspection-record-table"]').getByText('5.2 bar').waitFor();
    await snap(demo, 'inspection-11-records-zh');

    // Phones: cards, full-width drawer, no sideways scroll, in both languages.
    const phone = await app.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await app.loginAsDemo(phone);
    await phone.goto(`${app.base}/manage/ops/worksheet`);
    await phone.locator('[data-testid="worksheet-card"]').first().waitFor();
    await noOverflow(phone);
    await snap(phone, 'inspection-12-cards-zh-390');
    await phone.locator(`[data-testid="worksheet-open-${sheet.id}"]`).tap();
    await phone.locator('[data-testid="worksheet-detail"]').waitFor();
    await snap(phone, 'inspection-13-drawer-zh-390');
    await phone.goto(`${app.base}/manage/ops/inspection_plan`);
    await phone.locator('[data-testid="plan-card"]').first().waitFor();
    await noOverflow(phone);
    await snap(phone, 'inspection-14-plans-zh-390');

    const walkerPhone = await app.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await walkerPhone.addInitScript(() => localStorage.setItem('langs', 'en'));
    await loginThroughForm(walkerPhone, app.base, 'walker', 'Walker@1234');
    await walkerPhone.waitForURL('**/monitor/eg/list');
    const second = await api(demo, '/lfscada/ops/inspection/plan/generate', { id: String(plan.id) });
    assert.equal(second.code, '200', JSON.stringify(second));
    await walkerPhone.goto(`${app.base}/manage/ops/worksheet?worksheet=${second.data.id}`);
    await walkerPhone.locator('[data-testid="worksheet-results"]').waitFor();
    await noOverflow(walkerPhone);
    const submitBox = await walkerPhone.locator('#worksheet-submit').boundingBox();
    assert.ok(submitBox && submitBox.height >= 44, `a finger-sized submit (${submitBox?.height} px)`);
    await snap(walkerPhone, 'inspection-15-fill-en-390');
    await walkerPhone.goto(`${app.base}/manage/ops/worksheet`);
    await walkerPhone.locator('[data-testid="worksheet-card"]').first().waitFor();
    await noOverflow(walkerPhone);
    await snap(walkerPhone, 'inspection-16-cards-en-390');

    for (const page of [demo, walker, phone, walkerPhone]) await page.context().close();
  });
});
