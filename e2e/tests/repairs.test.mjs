// Repair work orders in a real browser against the real server and the demo plant (docs/work-orders.md): an alarm
// raised on the demo pump (its speed setpoint above a rule's limit) → "repair order" from the alarm's row, prefilled
// → dispatched by demo to itself, then reassigned to a second person (a sub-account granted the pump) → that person, in a second browser,
// is told at once (pop-up), opens the order message, the order beside the equipment, receives and finishes it →
// demo is told it is finished, and the list shows it. Shot in zh-CN (demo) and en (the repairer), and as cards on a
// phone.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleUnderTest, loginThroughForm, snap } from '../lib/harness.mjs';
import { api, findDemo, until, writeThroughGateway as write } from '../lib/demo.mjs';

const app = consoleUnderTest();

describe('repair work orders', () => {
  test('an alarm becomes a repair order, dispatched, received and finished by a second person', async () => {
    const demo = await app.newPage();
    await app.loginAsDemo(demo);
    const { equipmentId, signals } = await findDemo(demo);
    const setpoint = signals['Speed setpoint'];

    // The repairer: a sub-account granted the pump, allowed to handle repair orders.
    const added = await api(demo, '/lfscada/user/sub/add', {
      loginname: 'fixer',
      password: 'Fixer@1234',
      dataRange: 'authorised',
      auths: 'monitor_multi_designer_repair,monitor_equipinfo_menu_alarm',
    });
    assert.equal(added.code, '200', JSON.stringify(added));
    const granted = await api(demo, '/lfscada/user/sub/authorise', { userId: String(added.data.userId), equipmentIds: String(equipmentId) });
    assert.equal(granted.code, '200', JSON.stringify(granted));

    // The alarm: a rule above 2000 rpm, then a write of 2500.
    const rule = await api(demo, '/lfscada/equipment/multi/alarm/rule/save', {
      signalId: String(setpoint),
      rules: JSON.stringify([{ symbol: '>', value: 2000, deadband: 0, delay: 0, level: 1, msgZh: '转速设定过高', msgEn: 'Speed setpoint high', enabled: true }]),
    });
    assert.equal(rule.code, '200', JSON.stringify(rule));
    await write(demo, setpoint, 1000);
    await write(demo, setpoint, 2500);
    let alarm;
    await until(async () => {
      const listed = await api(demo, '/lfscada/monitor/multi/alarm/query', { equipmentId: String(equipmentId) });
      alarm = listed.data?.list?.find((r) => r.signalTitle === 'Speed setpoint' && r.gmtRelease === null);
      return alarm !== undefined;
    }, 'the setpoint alarm', 90_000);

    // "Repair order" from the alarm's row: its equipment, signal and text filled in.
    await demo.goto(`${app.base}/monitor/eg/detail/list/${equipmentId}/1`);
    await demo.locator(`[data-testid="alarm-repair-${alarm.id}"]`).click();
    const prefill = demo.locator('[data-testid="repair-create-prefill"]');
    await prefill.waitFor();
    assert.match(await prefill.innerText(), /1# Pump station/);
    assert.match(await prefill.innerText(), /Speed setpoint/);
    assert.match(await demo.locator('#repair-description').inputValue(), /转速设定过高/);
    await snap(demo, 'repairs-01-from-alarm-zh');
    await demo.locator('#repair-create-submit').click();
    await demo.locator('.ant-message').filter({ hasText: '已创建工单' }).waitFor();
    const mine = await api(demo, '/lfscada/ops/repair/query', { mine: 'created' });
    const order = mine.data.list[0];
    assert.equal(order.alarmId, alarm.id);
    assert.equal(order.status, 'pending');
    assert.match(order.number, /^WX\d{12}$/);

    // The repairer's console is open before the dispatch (its message socket live).
    const fixer = await app.newPage();
    await fixer.addInitScript(() => localStorage.setItem('langs', 'en'));
    await loginThroughForm(fixer, app.base, 'fixer', 'Fixer@1234');
    await fixer.waitForURL('**/monitor/eg/list');
    await fixer.locator('#unread-messages[data-live="true"]').waitFor();

    // Dispatched by demo from the repair screen's drawer.
    await demo.goto(`${app.base}/manage/ops/repairs?order=${order.id}`);
    const drawer = demo.locator('[data-testid="repair-detail"]');
    await drawer.waitFor();
    await snap(demo, 'repairs-02-order-pending-zh');
    // First to demo itself, then, before demo takes it on, reassigned to the fixer.
    const openOptions = demo.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
    await demo.locator('#repair-dispatch').click();
    await demo.locator('#repair-repairer').click();
    await openOptions.filter({ hasText: /^demo$/ }).click();
    await demo.locator('#repair-step-submit').click();
    await demo.locator('[data-testid="repair-detail"][data-status="dispatched"]').waitFor();
    await demo.locator('[data-testid="repair-form-dispatch"]').waitFor({ state: 'detached' });
    await demo.locator('#repair-redispatch').click();
    await demo.locator('#repair-repairer').click();
    await openOptions.filter({ hasText: /^fixer$/ }).waitFor();
    assert.deepEqual(await openOptions.allInnerTexts(), ['fixer'], 'the current repairer is not offered');
    await openOptions.filter({ hasText: /^fixer$/ }).click();
    await demo.locator('#repair-remark').fill('今天处理');
    await snap(demo, 'repairs-03-dispatch-zh');
    await demo.locator('#repair-step-submit').click();
    await demo.locator('[data-testid="repair-form-redispatch"]').waitFor({ state: 'detached' });
    await demo.locator('[data-testid="repair-detail"][data-status="dispatched"]').waitFor();

    // The repairer is told at once, opens the message, then the order beside the pump.
    const popup = fixer.locator('.ant-notification-notice').filter({ hasText: 'assigned to you' });
    await popup.waitFor({ timeout: 30_000 });
    await snap(fixer, 'repairs-04-told-en');
    await popup.locator('.ant-btn-primary').click();
    const summary = fixer.locator('[data-testid="order-summary"]');
    await summary.waitFor();
    assert.match(await summary.innerText(), new RegExp(order.number));
    assert.match(await summary.innerText(), /Dispatched/);
    await snap(fixer, 'repairs-05-order-message-en');
    await fixer.locator('#message-open-order').click();
    await fixer.waitForURL(`**/monitor/eg/detail/list/${equipmentId}/repair/${order.id}`);
    await fixer.locator('[data-testid="eg-detail"]').waitFor();
    await fixer.locator('[data-testid="repair-detail"]').waitFor();
    const seen = await api(fixer, '/lfscada/msg/query', { type: 'order', dataId: String(order.id) });
    assert.equal(seen.data.list[0].dataStatus, 'seen', 'opening the order saw its message');

    // Received, then finished with the repair content.
    // The answer to the step is waited for and read: a refusal fails here with the server's own words, and a click
    // that made no call fails on the wait for the answer, not later on the order's state.
    await fixer.locator('#repair-receive').click();
    const receiving = fixer.waitForResponse((response) => response.url().includes('/lfscada/ops/repair/receive'));
    await fixer.locator('.ant-popconfirm .ant-btn-primary').click();
    const received = await (await receiving).json();
    assert.equal(received.code, '200', `the receive step: ${JSON.stringify(received)}`);
    await fixer.locator('[data-testid="repair-detail"][data-status="received"]').waitFor();
    await snap(fixer, 'repairs-06-beside-received-en');
    await fixer.locator('#repair-finish').click();
    await fixer.locator('#repair-content').fill('Recalibrated the setpoint limit and checked the drive.');
    await fixer.locator('#repair-step-submit').click();
    await fixer.locator('[data-testid="repair-detail"][data-status="finished"]').waitFor();
    const history = fixer.locator('[data-testid="repair-history-step"]');
    assert.equal(await history.count(), 5, 'created, dispatched, reassigned, received, finished');
    assert.match(await history.nth(2).innerText(), /demo reassigned it[\s\S]*Repairer: fixer/);
    assert.match(await history.nth(1).innerText(), /demo dispatched it[\s\S]*Repairer: demo/);
    await snap(fixer, 'repairs-07-finished-en');

    // Demo is told, and the list shows it finished.
    await until(async () => {
      const told = await api(demo, '/lfscada/msg/query', { type: 'order', dataId: String(order.id) });
      return told.data.list.some((m) => m.title.includes('已由 fixer 完成'));
    }, "demo's finished message");
    await demo.goto(`${app.base}/manage/ops/repairs`);
    const row = demo.locator(`[data-testid="repair-table"] tr[data-row-key="${order.id}"]`);
    await row.waitFor();
    assert.match(await row.innerText(), /已完成/);
    assert.match(await row.innerText(), /fixer/);
    await snap(demo, 'repairs-08-list-zh');

    // A phone: cards, no sideways scroll.
    const phone = await app.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await app.loginAsDemo(phone);
    await phone.goto(`${app.base}/manage/ops/repairs`);
    await phone.locator('[data-testid="repair-card"]').first().waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `no horizontal scroll (${overflow} px)`);
    await snap(phone, 'repairs-09-cards-zh');
    await phone.locator(`[data-testid="repair-open-${order.id}"]`).tap();
    await phone.locator('[data-testid="repair-detail"]').waitFor();
    await snap(phone, 'repairs-10-drawer-phone-zh');

    await write(demo, setpoint, 1000);
    for (const page of [demo, fixer, phone]) await page.context().close();
  });
});
