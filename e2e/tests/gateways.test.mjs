// The gateway management screen in a real browser against the real server (--demo runs a live gateway agent):
// the demo gateway online, registering a gateway and its one-time secret, deleting it; zh-CN and en. Each step
// leaves a screenshot in e2e/screenshots.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleUnderTest, settle, shot } from '../lib/harness.mjs';
import { until } from '../lib/demo.mjs';

const app = consoleUnderTest({ viewport: { width: 1366, height: 800 } });

/** The table row of a gateway, found by its serial number. */
function row(page, sn) {
  return page.locator('tr[data-row-key]').filter({ has: page.getByText(sn, { exact: true }) });
}

async function openGateways(page) {
  await app.loginAsDemo(page);
  await page.goto(`${app.base}/manage/eg/gateway`);
  await page.locator('[data-testid="gateways-page"]').waitFor();
}

/** Waits until the demo gateway shows as online; the agent may still be connecting when the server starts. */
async function waitForDemoOnline(page, onlineText) {
  const state = row(page, 'EG-DEMO-01').locator('[data-testid="gateway-online"]');
  await until(async () => {
    await state.waitFor();
    if ((await state.innerText()).trim() === onlineText) return true;
    await page.getByRole('button', { name: /刷新|Refresh/ }).click();
    return false;
  }, `EG-DEMO-01 to show ${onlineText} after a refresh`);
}

describe('gateway management', () => {
  test('zh-CN: the demo gateway is online; register EG-E2E-1, see its secret once, find it offline, delete it', async () => {
    const page = await app.newPage();
    await openGateways(page);
    await waitForDemoOnline(page, '在线');
    const demo = row(page, 'EG-DEMO-01');
    assert.match(await demo.locator('[data-testid="signal-strength"]').innerText(), /^(\d+ · (很好|良好|一般（可能掉线）|差)|—)$/);
    await shot(page, 'gateways-01-list-zh');

    // Register.
    await page.locator('#gateway-register').click();
    await page.locator('#gateway-sn').fill('bad sn!');
    await page.locator('#gateway-register-submit').click();
    await page.getByText('序列号只能包含字母、数字和 - _ .').waitFor();
    await page.locator('#gateway-sn').fill('EG-E2E-1');
    await page.locator('#gateway-name').fill('端到端测试网关');
    await page.locator('#gateway-model').fill('EG-200');
    await page.locator('#gateway-register-submit').click();

    // The one-time secret.
    const dialog = page.locator('[data-testid="gateway-secret-dialog"]');
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /密钥只显示这一次/);
    const secret = (await page.locator('#gateway-secret').innerText()).trim();
    assert.ok(secret.length >= 16, `a secret is shown: ${secret}`);
    await settle(page);
    await shot(page, 'gateways-02-secret-zh');

    // The agent configuration file.
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#gateway-config-download').click()]);
    assert.equal(download.suggestedFilename(), 'ironsight-gateway-EG-E2E-1.toml');
    const chunks = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk);
    const toml = Buffer.concat(chunks).toString('utf8');
    assert.match(toml, /^broker = "mqtt:\/\/[^"]+"$/m);
    assert.match(toml, /^sn = "EG-E2E-1"$/m);
    assert.ok(toml.includes(`\nsecret = "${secret}"\n`), 'the file holds the secret');
    assert.match(toml, /^buffer_dir = "\/var\/lib\/ironsight-gateway"$/m);
    assert.match(toml, /^model = "EG-200"$/m);

    await page.locator('#gateway-secret-close').click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await page.getByText(secret).count(), 0, 'the secret is gone once the dialog is closed');

    // The new gateway is listed, offline and never seen.
    const added = row(page, 'EG-E2E-1');
    await added.waitFor();
    assert.equal((await added.locator('[data-testid="gateway-online"]').innerText()).trim(), '离线');
    assert.match(await added.innerText(), /从未连接/);

    // Registering the same serial number again is refused on the field.
    await page.locator('#gateway-register').click();
    await page.locator('#gateway-sn').fill('EG-E2E-1');
    await page.locator('#gateway-register-submit').click();
    await page.getByText('该网关序列号已注册').waitFor();
    await page.getByRole('button', { name: /取\s*消/ }).click();

    // Delete.
    await page.locator('[data-testid="gateway-delete-EG-E2E-1"]').click();
    await page.getByText('删除网关 EG-E2E-1？').waitFor();
    await page.locator('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-dangerous').click();
    await added.waitFor({ state: 'detached' });
    await row(page, 'EG-DEMO-01').waitFor();
    await page.context().close();
  });

  test('en: the list and the secret dialog of a rotated secret', async () => {
    const page = await app.newPage();
    await openGateways(page);
    await page.locator('#lang-switch').click();
    await page.waitForFunction(() => document.body.innerText.includes('Register gateway'));
    await waitForDemoOnline(page, 'Online');
    const text = await page.locator('[data-testid="gateways-page"]').innerText();
    assert.doesNotMatch(text, /[\u4e00-\u9fff]/, 'no Chinese left in the screen after switching to English');
    await shot(page, 'gateways-03-list-en');

    // Register a second gateway and show its secret in English.
    await page.locator('#gateway-register').click();
    await page.locator('#gateway-register-submit').click();
    await page.getByText('Please enter the serial number').waitFor();
    await settle(page);
    await shot(page, 'gateways-04-register-validation-en');
    await page.locator('#gateway-sn').fill('EG-E2E-2');
    await page.locator('#gateway-register-submit').click();
    const dialog = page.locator('[data-testid="gateway-secret-dialog"]');
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /The secret is shown only now/);
    const first = (await page.locator('#gateway-secret').innerText()).trim();
    await page.locator('#gateway-secret-close').click();
    await dialog.waitFor({ state: 'detached' });

    // Rotate: confirm, then a new secret.
    await page.locator('[data-testid="gateway-rotate-EG-E2E-2"]').click();
    await page.getByText('The old secret stops working at once').waitFor();
    await page.locator('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-dangerous').click();
    await dialog.waitFor();
    await page.getByText('New secret issued', { exact: true }).waitFor();
    const second = (await page.locator('#gateway-secret').innerText()).trim();
    assert.notEqual(second, first, 'rotating issues a different secret');
    assert.doesNotMatch(await dialog.innerText(), /[\u4e00-\u9fff]/);
    await settle(page);
    await shot(page, 'gateways-05-secret-en');
    await page.locator('#gateway-secret-close').click();
    await dialog.waitFor({ state: 'detached' });

    await page.locator('[data-testid="gateway-delete-EG-E2E-2"]').click();
    await page.locator('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-dangerous').click();
    await row(page, 'EG-E2E-2').waitFor({ state: 'detached' });
    await page.context().close();
  });
});
