// Sub-accounts and per-device authorisation in a real browser against the real server (--demo; demo is the
// organisation's administrator): a sub-account limited to granted equipment, with the write permission, is created
// on /manage/system/user and granted the demo pump; logged in as that account the monitor list and the equipment
// list show only the pump and the sub-accounts menu entry is absent; disabled by the administrator, its login is
// refused with the disabled message. Then the same screen in English. Screenshots land in e2e/screenshots.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleUnderTest, loginThroughForm, settle, shot } from '../lib/harness.mjs';
import { api, demoAnalyser } from '../lib/demo.mjs';

const PUMP = '1# Pump station';
const TOWER = '2# Cooling tower';
const OPERATOR = 'operator1';
const OPERATOR_PASSWORD = 'Op@123456';
const PAGE = '/manage/system/user';

const app = consoleUnderTest();

const drawer = (page) => page.locator('[data-testid="accounts-authorise-drawer"]');
const accountRow = (page, name) =>
  page.locator('[data-testid="accounts-page"] tr[data-row-key]').filter({
    has: page.locator('[data-testid="accounts-loginname"]').getByText(name, { exact: true }),
  });

/**
 * Ticks an antd checkbox and waits until it shows ticked. (Playwright's check() reads the state right after the
 * click, and the controlled checkbox may show its new state a moment later, once React has rendered it.)
 */
async function tick(checkbox) {
  await checkbox.click();
  await checkbox.and(checkbox.page().locator(':checked')).waitFor();
}

async function logout(page) {
  await page.locator('#user-menu').click();
  await page.locator('#logout').click();
  await page.waitForURL('**/login');
}

/** The equipment names of the monitor's list view once its cards are in. */
async function monitorCardNames(page) {
  await page.goto(`${app.base}/monitor/eg/list`);
  await page.locator('[data-testid="fleet-list-page"]').waitFor();
  await page.locator('[data-testid^="fleet-card-"][data-state]').first().waitFor();
  return page.locator('[data-testid^="fleet-card-"][data-state] [data-testid="fleet-card-name"]').allInnerTexts();
}

describe('sub-accounts and per-device authorisation', { timeout: 300_000 }, () => {
  test('zh-CN: an account granted one equipment sees only it; disabled, it cannot log in', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    // Every equipment the grant drawer will count: the demo's analyser is adopted a moment after the start.
    await demoAnalyser(page);
    const tower = await api(page, '/lfscada/equipment/multi/add', { equipName: TOWER, manufacturer: 'Acme' });
    assert.equal(tower.code, '200', JSON.stringify(tower));
    // A second account that sees everything, so the list shows both kinds.
    const supervisor = await api(page, '/lfscada/user/sub/add', {
      loginname: 'supervisor',
      password: 'Sv@123456',
      tel: '13800000000',
      dataRange: 'all',
      auths: 'monitor_multi_designer_alarm,monitor_equipinfo_menu_alarm,monitor_designer_menu_alarm',
    });
    assert.equal(supervisor.code, '200', JSON.stringify(supervisor));

    await page.goto(`${app.base}${PAGE}`);
    await accountRow(page, 'supervisor').waitFor();
    assert.match(await page.locator('#side-menu').innerText(), /子账号管理/);

    await page.locator('#accounts-add').click();
    // The dialog zooms in: clicks land where its fields end up.
    await settle(page);
    await page.locator('#accounts-loginname').fill(OPERATOR);
    await page.locator('#accounts-password').fill(OPERATOR_PASSWORD);
    await page.locator('#accounts-tel').fill('021-5555 0100');
    await page.locator('#accounts-email').fill('operator1@plant.example');
    await tick(page.locator('[data-testid="accounts-auth-monitor_write_data"]'));
    await tick(page.locator('[data-testid="accounts-auth-monitor_multi_designer_alarm"]'));
    // Last: the mismatch message that appears moves the fields below it.
    await page.locator('#accounts-confirm').fill('Op@12345');
    await page.locator('#accounts-submit').click();
    await page.locator('.ant-form-item-explain-error').filter({ hasText: '两次输入的密码不一致' }).waitFor();
    await page.locator('#accounts-confirm').fill(OPERATOR_PASSWORD);
    assert.equal(await page.locator('[data-testid="accounts-range-authorised"]').isChecked(), true, 'granted equipment by default');
    await settle(page);
    await shot(page, 'accounts-02-new-zh');
    await page.locator('#accounts-submit').click();

    // Created with a range of granted equipment: the grant drawer opens for it.
    await drawer(page).getByText(`授权设备：${OPERATOR}`).waitFor();
    await drawer(page).locator('tr[data-row-key]').filter({ hasText: TOWER }).waitFor();
    await page.locator('#accounts-equipment-search').fill('pump');
    const pumpRow = drawer(page).locator('tr[data-row-key]').filter({ hasText: PUMP });
    await pumpRow.waitFor();
    assert.equal(await drawer(page).locator('tr[data-row-key]').count(), 1, 'the search leaves the pump');
    await tick(pumpRow.locator('input[type="checkbox"]'));
    await page.locator('#accounts-equipment-search').fill('');
    await drawer(page).locator('tr[data-row-key]').filter({ hasText: TOWER }).waitFor();
    // The demo plant's five equipment, its analyser (adopted at its first birth, waited for above) and the tower.
    assert.equal(await page.locator('[data-testid="accounts-authorise-count"]').innerText(), '已选 1 台，共 7 台');
    // The "created" notice sits over the drawer's title for a few seconds; the picture shows the drawer.
    await page.locator('.ant-message-notice').first().waitFor({ state: 'detached' });
    await settle(page);
    await shot(page, 'accounts-03-authorise-zh');
    await page.locator('#accounts-authorise-save').click();
    await page.getByText(`已为 ${OPERATOR} 授权 1 台设备`).waitFor();
    const operator = accountRow(page, OPERATOR);
    await operator.locator('[data-testid="accounts-equipment-count"]').getByText('已授权 1 台').waitFor();
    const operatorId = await operator.getAttribute('data-row-key');
    const supervisorRow = accountRow(page, 'supervisor');
    assert.equal(await supervisorRow.locator('[data-testid="accounts-range"]').innerText(), '全部设备');
    assert.equal(await supervisorRow.locator('[data-testid="accounts-equipment-count"]').count(), 0);
    const tags = await operator.locator('[data-testid="accounts-auths"] .ant-tag').allInnerTexts();
    assert.deepEqual(tags, ['查看告警记录', '向设备写值']);
    await settle(page);
    await shot(page, 'accounts-01-list-zh');

    // The sub-account sees only the pump, and no sub-accounts entry.
    await logout(page);
    await loginThroughForm(page, app.base, OPERATOR, OPERATOR_PASSWORD);
    await page.waitForURL('**/monitor/eg/list');
    assert.deepEqual(await monitorCardNames(page), [PUMP]);
    // Without the manage permission there is no Manage menu, and a typed sub-accounts address says no permission.
    assert.doesNotMatch(await page.locator('#top-nav').innerText(), /管理/);
    await page.goto(`${app.base}${PAGE}`);
    await page.locator('[data-testid="no-permission"]').waitFor();
    await settle(page);
    await shot(page, 'accounts-04-no-permission-zh');

    // The administrator disables it; its login is refused with the disabled message.
    await logout(page);
    await app.loginAsDemo(page);
    await page.goto(`${app.base}${PAGE}`);
    await page.locator(`[data-testid="accounts-disable-${operatorId}"]`).click();
    const popover = page.locator('.ant-popover:not(.ant-popover-hidden)');
    await popover.getByText('停用后该账号立即退出登录').waitFor();
    await popover.getByRole('button', { name: /停\s*用/ }).click();
    await accountRow(page, OPERATOR).locator('[data-testid="accounts-status"][data-disabled="true"]').waitFor();
    await logout(page);
    await loginThroughForm(page, app.base, OPERATOR, OPERATOR_PASSWORD);
    await page.locator('#login-error').getByText('账号已停用，请联系管理员').waitFor();
    await shot(page, 'accounts-05-disabled-login-zh');
    await page.context().close();
  });

  test('en: the list, the new-account form and the grant drawer in English', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    await page.evaluate(() => localStorage.setItem('langs', 'en'));
    await page.goto(`${app.base}${PAGE}`);
    const operator = accountRow(page, OPERATOR);
    await operator.waitFor();
    assert.equal(await operator.locator('[data-testid="accounts-status"]').innerText(), 'Disabled');
    assert.equal(await operator.locator('[data-testid="accounts-equipment-count"]').innerText(), '1 granted');
    assert.match(await page.locator('#side-menu').innerText(), /Sub-accounts/);
    const text = await page.locator('[data-testid="accounts-page"]').innerText();
    assert.doesNotMatch(text, /[\u4e00-\u9fff]/, `no Chinese left: ${text}`);
    await settle(page);
    await shot(page, 'accounts-11-list-en');

    await page.locator('#accounts-add').click();
    await page.locator('#accounts-submit').click();
    await page.locator('.ant-form-item-explain-error').filter({ hasText: 'Enter a login name' }).waitFor();
    await page.locator('#accounts-loginname').fill('operator2');
    await page.locator('#accounts-password').fill('short');
    await page.locator('#accounts-confirm').fill('short');
    await page.locator('.ant-form-item-explain-error').filter({ hasText: 'This password does not meet the rule below' }).waitFor();
    await settle(page);
    await shot(page, 'accounts-12-new-en');
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Cancel' }).click();
    await page.locator('#accounts-loginname').waitFor({ state: 'hidden' });

    await operator.locator('[data-testid^="accounts-authorise-"]').click();
    await drawer(page).getByText(`Grant equipment: ${OPERATOR}`).waitFor();
    const pumpBox = drawer(page).locator('tr[data-row-key]').filter({ hasText: PUMP }).locator('input[type="checkbox"]');
    await pumpBox.waitFor();
    // The rows come with the equipment list, the ticks with the grants, a second call: the count shows once both
    // have answered (read before it, the box was not yet ticked).
    await page.locator('[data-testid="accounts-authorise-count"]').filter({ hasText: /ticked/ }).waitFor();
    assert.equal(await pumpBox.isChecked(), true, 'the grant is pre-checked');
    assert.equal(await page.locator('[data-testid="accounts-authorise-count"]').innerText(), '1 of 7 equipment ticked');
    await settle(page);
    await shot(page, 'accounts-13-authorise-en');
    await page.context().close();
  });
});
