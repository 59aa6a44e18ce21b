// The GM collection sources' tabs of the gateway management screen (docs/gm-equipment.md) in a real browser against
// the real server: a Sparkplug B edge node registered in zh-CN and a JSON device in en, typed with the keyboard and
// clicked with the mouse; the form's own refusals and the server's (a node or prefix already taken); the credentials
// shown once, copied, and tried on the embedded broker as the device would (MQTT CONNECT with that client id, user
// name and secret); a new secret that locks the old one out; deletion. Each step leaves a screenshot.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { consoleUnderTest, snap } from '../lib/harness.mjs';

const app = consoleUnderTest({ viewport: { width: 1366, height: 860 } });

/** A context that may use the clipboard, so the copy buttons can be read back. */
const CLIPBOARD = { permissions: ['clipboard-read', 'clipboard-write'] };

const CONFIRM_OK = '.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-dangerous';

/** An MQTT 3.1.1 string: two length bytes, then UTF-8. */
function mqttString(text) {
  const bytes = Buffer.from(text, 'utf8');
  return Buffer.concat([Buffer.from([bytes.length >> 8, bytes.length & 0xff]), bytes]);
}

/**
 * Connects to `broker` (mqtt://host:port) as a device would, with `clientId`, `username` and `password`, and answers
 * the CONNACK's return code (0: accepted; 4 or 5: refused), then disconnects.
 */
function mqttConnect(broker, clientId, username, password) {
  const url = new URL(broker);
  const variable = Buffer.concat([mqttString('MQTT'), Buffer.from([4, 0xc2, 0, 30])]);
  const payload = Buffer.concat([mqttString(clientId), mqttString(username), mqttString(password)]);
  const length = variable.length + payload.length;
  assert.ok(length < 128, 'one length byte');
  const packet = Buffer.concat([Buffer.from([0x10, length]), variable, payload]);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname === 'localhost' ? '127.0.0.1' : url.hostname);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no CONNACK from ${broker} within 10 s`));
    }, 10_000);
    socket.once('connect', () => socket.write(packet));
    let received = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (received.length < 4) return;
      clearTimeout(timer);
      assert.equal(received[0], 0x20, 'a CONNACK');
      const code = received[3];
      if (code === 0) socket.end(Buffer.from([0xe0, 0]));
      else socket.end();
      resolve(code);
    });
    // A refusing broker may close the connection right after its CONNACK.
    socket.on('error', (error) => {
      clearTimeout(timer);
      if (received.length < 4) reject(error);
    });
  });
}

/** Opens the gateway management screen's `tabLabel` tab with the mouse. */
async function openTab(page, tabLabel, tab) {
  await page.goto(`${app.base}/manage/eg/gateway`);
  await page.locator('[data-testid="gateways-page"]').waitFor();
  await page.getByRole('tab', { name: tabLabel }).click();
  await page.waitForURL(`**/manage/eg/gateway?tab=${tab}`);
  await page.locator(`[data-testid="gm-${tab}-list"]`).waitFor();
}

/** Types into a form field as a person does: click it, select what is there, type. */
async function typeInto(page, id, text) {
  await page.locator(`#${id}`).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

/** The credentials dialog's values; checks the copy buttons put each on the clipboard. */
async function readCredentials(page) {
  const dialog = page.locator('[data-testid="gm-credentials-dialog"]');
  await dialog.waitFor();
  const value = async (id) => (await page.locator(`#${id}`).innerText()).trim();
  const credentials = { username: await value('gm-username'), secret: await value('gm-secret'), broker: await value('gm-broker') };
  assert.match(credentials.username, /^gm[a-z0-9]{16}$/);
  assert.ok(credentials.secret.length >= 16, `a secret is shown: ${credentials.secret}`);
  assert.match(credentials.broker, /^mqtt:\/\/[^:]+:\d+$/);
  for (const [field, id] of [['secret', 'gm-secret-copy'], ['username', 'gm-username-copy']]) {
    await page.locator(`#${id}`).click();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), credentials[field], `${field} copied`);
  }
  return credentials;
}

async function topics(page, which) {
  return (await page.locator(`[data-testid="gm-topics-${which}"] code`).allInnerTexts()).map((text) => text.trim());
}

async function closeCredentials(page, secret) {
  await page.locator('#gm-credentials-close').click();
  await page.locator('[data-testid="gm-credentials-dialog"]').waitFor({ state: 'detached' });
  assert.equal(await page.getByText(secret).count(), 0, 'the secret is gone once the dialog is closed');
}

/** The table row holding `text`. */
function row(page, text) {
  return page.locator('tr[data-row-key]').filter({ hasText: text });
}

/**
 * Issues a new secret from the row's button after its confirmation; the old secret is refused by the broker at once,
 * the new one accepted.
 */
async function rotate(page, name, old, confirmText, shotName) {
  await row(page, name).locator('[data-testid^="gm-rotate-"]').click();
  await page.getByText(confirmText).waitFor();
  await snap(page, `${shotName}-confirm`);
  await page.locator(CONFIRM_OK).click();
  const fresh = await readCredentials(page);
  assert.equal(fresh.username, old.username, 'the same identity');
  assert.notEqual(fresh.secret, old.secret, 'a different secret');
  await snap(page, shotName);
  assert.notEqual(await mqttConnect(old.broker, old.username, old.username, old.secret), 0, 'the old secret is refused at once');
  assert.equal(await mqttConnect(fresh.broker, fresh.username, fresh.username, fresh.secret), 0, 'the new secret logs in');
  await closeCredentials(page, fresh.secret);
}

async function deleteRow(page, name, confirmTitle) {
  await row(page, name).locator('[data-testid^="gm-delete-"]').click();
  await page.getByText(confirmTitle).waitFor();
  await page.locator(CONFIRM_OK).click();
  await row(page, name).waitFor({ state: 'detached' });
}

describe('GM collection sources', () => {
  test('zh-CN: a Sparkplug B edge node registered, its credentials used on the broker, a new secret, deleted', async () => {
    const page = await app.newPage(CLIPBOARD);
    await app.loginAsDemo(page);
    await page.goto(`${app.base}/manage/eg/gateway`);
    await page.locator('[data-testid="gateways-page"] tr[data-row-key="EG-DEMO-01"]').waitFor();
    await snap(page, 'gm-00-gateways-tab-zh');
    await openTab(page, 'Sparkplug B 边缘节点', 'node');
    // The demo's own edge node, the water-quality analyser, registered by the demo when the server started.
    await row(page, 'QualityEdge').waitFor();
    await snap(page, 'gm-01-nodes-demo-zh');

    // The form refuses what the server would, before asking it.
    await page.locator('#gm-register').click();
    await page.locator('#gm-group-id').waitFor();
    await page.locator('#gm-register-submit').click();
    await page.getByText('请输入组 ID').waitFor();
    await page.getByText('请输入节点 ID').waitFor();
    await typeInto(page, 'gm-group-id', '水厂/一期');
    await page.getByText('组 ID：只能是一个主题层级，不能包含 / + # 或控制字符').waitFor();
    await snap(page, 'gm-02-node-form-refused-zh');

    // Typed with the keyboard, field to field with Tab.
    await typeInto(page, 'gm-group-id', '水厂');
    await page.keyboard.press('Tab');
    await page.keyboard.type('edge-e2e-1');
    await page.keyboard.press('Tab');
    await page.keyboard.type('一号边缘节点');
    await page.locator('#gm-register-submit').click();

    const node = await readCredentials(page);
    assert.match(await page.locator('[data-testid="gm-credentials-dialog"]').innerText(), /密钥只显示这一次/);
    assert.deepEqual((await topics(page, 'publish')).slice(0, 3), [
      'spBv1.0/水厂/NBIRTH/edge-e2e-1',
      'spBv1.0/水厂/NDATA/edge-e2e-1',
      'spBv1.0/水厂/NDEATH/edge-e2e-1',
    ]);
    assert.ok((await topics(page, 'subscribe')).includes('spBv1.0/水厂/NCMD/edge-e2e-1'));
    await snap(page, 'gm-03-node-credentials-zh');

    // The credentials are what the broker accepts: that client id, user name and secret; another secret is refused.
    assert.equal(await mqttConnect(node.broker, node.username, node.username, node.secret), 0);
    assert.notEqual(await mqttConnect(node.broker, node.username, node.username, `${node.secret}x`), 0);
    await closeCredentials(page, node.secret);

    const listed = row(page, '一号边缘节点');
    await listed.waitFor();
    assert.match(await listed.innerText(), /组 ID：水厂[\s\S]*节点 ID：edge-e2e-1/);
    assert.equal((await listed.locator('[data-testid="gm-row-username"]').innerText()).trim(), node.username);
    await snap(page, 'gm-04-nodes-zh');

    // The same group and node id again: the server's refusal on the field.
    await page.locator('#gm-register').click();
    await typeInto(page, 'gm-group-id', '水厂');
    await typeInto(page, 'gm-node-id', 'edge-e2e-1');
    await page.locator('#gm-register-submit').click();
    const taken = page.locator('.ant-form-item').filter({ has: page.locator('#gm-node-id') }).getByText('该 Sparkplug 节点（组 ID 与节点 ID）已登记');
    await taken.waitFor();
    await snap(page, 'gm-05-node-taken-zh');
    await page.getByRole('button', { name: /取\s*消/ }).click();

    await rotate(page, '一号边缘节点', node, '旧密钥会立即失效，节点在换上新密钥之前将无法连接。', 'gm-06-node-rotated-zh');

    await deleteRow(page, '一号边缘节点', '删除“一号边缘节点”？');
    await row(page, '一号边缘节点').waitFor({ state: 'detached' });
    await row(page, 'QualityEdge').waitFor();

    // The JSON devices' tab, by the mouse; the URL says which tab is shown.
    await page.getByRole('tab', { name: 'JSON 设备' }).click();
    await page.waitForURL('**/manage/eg/gateway?tab=json');
    await page.getByText('还没有 JSON 设备。点击“登记 JSON 设备”添加第一台。').waitFor();
    await snap(page, 'gm-06b-json-empty-zh');
    await page.context().close();
  });

  test('en: a JSON device registered, its topics, an overlapping prefix refused, a new secret, deleted', async () => {
    const page = await app.newPage(CLIPBOARD);
    await app.loginAsDemo(page);
    await page.locator('#lang-switch').click();
    await page.waitForFunction(() => localStorage.getItem('langs') === 'en');
    await openTab(page, 'JSON devices', 'json');
    await page.getByText('No JSON devices yet. Click “Register JSON device” to add the first one.').waitFor();

    await page.locator('#gm-register').click();
    await typeInto(page, 'gm-topic-prefix', 'ironsight/v1/mine');
    await page.getByText('A topic prefix may not lie under $, ironsight/ or spBv1.0/').waitFor();
    await snap(page, 'gm-07-json-form-refused-en');
    await typeInto(page, 'gm-topic-prefix', 'e2e/line1/meter');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Meter 1');
    await page.locator('#gm-register-submit').click();

    const device = await readCredentials(page);
    const dialogText = await page.locator('[data-testid="gm-credentials-dialog"]').innerText();
    assert.match(dialogText, /The secret is shown only now/);
    assert.doesNotMatch(dialogText, /[\u4e00-\u9fff]/, 'no Chinese in the English dialog');
    assert.deepEqual(await topics(page, 'publish'), ['e2e/line1/meter', 'e2e/line1/meter/{path}']);
    assert.deepEqual(await topics(page, 'subscribe'), ['e2e/line1/meter/cmd']);
    await snap(page, 'gm-08-json-credentials-en');
    assert.equal(await mqttConnect(device.broker, device.username, device.username, device.secret), 0);
    await closeCredentials(page, device.secret);

    await row(page, 'Meter 1').waitFor();
    const listText = await page.locator('[data-testid="registry-page"]').innerText();
    assert.doesNotMatch(listText, /[\u4e00-\u9fff]/, `no Chinese on the English screen: ${listText}`);
    await snap(page, 'gm-09-json-en');

    // A prefix above the device's overlaps it: the server's refusal on the field.
    await page.locator('#gm-register').click();
    await typeInto(page, 'gm-topic-prefix', 'e2e/line1');
    await page.locator('#gm-register-submit').click();
    await page
      .locator('.ant-form-item')
      .filter({ has: page.locator('#gm-topic-prefix') })
      .getByText('This topic prefix overlaps that of a registered device')
      .waitFor();
    await snap(page, 'gm-10-json-overlap-en');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await rotate(page, 'Meter 1', device, 'The old secret stops working at once: the device cannot connect', 'gm-11-json-rotated-en');

    await deleteRow(page, 'Meter 1', 'Delete “Meter 1”?');
    await page.getByText('No JSON devices yet. Click “Register JSON device” to add the first one.').waitFor();

    await page.getByRole('tab', { name: 'Sparkplug B edge nodes' }).click();
    await page.waitForURL('**/manage/eg/gateway?tab=node');
    await row(page, 'QualityEdge').waitFor();
    assert.doesNotMatch(await page.locator('[data-testid="registry-page"]').innerText(), /[\u4e00-\u9fff]/);
    await snap(page, 'gm-12-nodes-en');
    await page.context().close();
  });
});
