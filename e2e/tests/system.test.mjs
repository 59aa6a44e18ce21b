// The management area's system screens in a real browser against the real server (--demo): the driver catalogue,
// the gateway hardware in use, an equipment model made from '1# Pump station' and its signals, and an announcement
// written, published (the unread badge rises) and withdrawn; zh-CN, then the same screens in en. Each step leaves a
// screenshot in e2e/screenshots.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleUnderTest, settle, shot } from '../lib/harness.mjs';
import { api, until } from '../lib/demo.mjs';

const PUMP = '1# Pump station';

const app = consoleUnderTest();

/** The header badge's number (0 when it shows none). */
async function unread(page) {
  const text = await page.locator('[data-testid="unread-badge"]').innerText();
  const n = Number.parseInt(text.replace(/\D/g, ''), 10);
  return Number.isNaN(n) ? 0 : n;
}

/** The caller's unread messages as the server counts them, all of them and the announcements alone. */
async function serverUnread(page) {
  const count = async (type) => (await api(page, '/lfscada/msg/query', { type, readStatus: 'unread', pageSize: '1' })).data.total;
  return { all: await count(''), notices: await count('notice') };
}

/**
 * Waits until the server counts `notices` unread announcements and the header's badge shows the server's whole
 * unread count. Not "the badge before, plus one": the demo plant raises and releases alarms on its own schedule,
 * and an alarm message arriving beside the announcement made that count one more (seen once on a loaded machine).
 */
async function badgeCountsAnnouncements(page, notices) {
  await until(async () => {
    const server = await serverUnread(page);
    return server.notices === notices && (await unread(page)) === server.all;
  }, `${notices} unread announcement(s) and the badge showing the server's unread count`);
}

/** Clicks the OK button of the open confirmation popover (antd spaces two-character Chinese labels). */
async function confirm(page, name) {
  await page.locator('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons').getByRole('button', { name }).click();
}

async function noChinese(page, selector) {
  const text = await page.locator(selector).innerText();
  // The demo's own data (equipment names, announcement text written in the test) is not the console's text.
  assert.doesNotMatch(text, /[\u4e00-\u9fff]/, `no Chinese left in ${selector}: ${text}`);
}

describe('system screens', { timeout: 240_000 }, () => {
  test('zh-CN: protocols, hardware, a model from the pump station, an announcement raising the unread count', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);

    await page.goto(`${app.base}/manage/system/protocol`);
    await page.locator('[data-testid="system-driver"][data-kind="modbus_tcp"]').waitFor();
    assert.equal(await page.locator('[data-testid="system-driver"]').count(), 2);
    const tcp = page.locator('[data-testid="system-driver"][data-kind="modbus_tcp"]');
    await tcp.getByText('设备地址').waitFor();
    await tcp.getByText('1 至 65535').first().waitFor();
    await settle(page);
    await shot(page, 'system-01-protocol-zh');

    await page.goto(`${app.base}/manage/system/hardware`);
    const onlineCell = page.locator('[data-testid="system-hardware-online"]').first();
    await onlineCell.waitFor();
    assert.match(await onlineCell.innerText(), /在线 \d+ \/ \d+ 台/);
    await settle(page);
    await shot(page, 'system-02-hardware-zh');

    await page.goto(`${app.base}/manage/system/model`);
    await page.getByText('还没有设备模型。可以从已有信号的设备生成一个。').waitFor();
    await page.locator('#system-model-from').click();
    await page.locator('#system-model-from-equipment').click();
    await page.locator('.ant-select-item-option').filter({ hasText: PUMP }).click();
    assert.equal(await page.locator('#system-model-from-name').inputValue(), PUMP);
    await page.locator('#system-model-from-name').fill('泵站模型');
    await settle(page);
    await shot(page, 'system-03-model-from-zh');
    await page.locator('#system-model-from-submit').click();
    const name = page.locator('[data-testid="system-model-name"]').filter({ hasText: '泵站模型' });
    await name.waitFor();
    const count = Number(await page.locator('[data-testid="system-model-signal-count"]').first().innerText());
    assert.ok(count > 0, `the model copied the pump's signals: ${count}`);
    await settle(page);
    await shot(page, 'system-04-models-zh');
    await name.click();
    const drawer = page.locator('.ant-drawer-content');
    await drawer.getByText('泵站模型 的信号').waitFor();
    // The title is drawn at once and the rows when the model's signals arrive: wait for them, then count.
    const rows = drawer.locator('tbody tr.ant-table-row');
    await until(async () => (await rows.count()) === count, `the model's ${count} signals in the drawer`);
    assert.equal(await rows.count(), count);
    await settle(page);
    await shot(page, 'system-05-model-signals-zh');
    await page.locator('.ant-drawer-close').click();

    await page.goto(`${app.base}/manage/system/msg`);
    await page.getByText('还没有公告。').waitFor();
    const noticesBefore = (await serverUnread(page)).notices;
    await page.locator('#system-msg-add').click();
    await page.locator('#system-msg-submit').click();
    await page.getByText('不能为空').first().waitFor();
    await page.locator('#system-msg-title').fill('周六停机维护');
    await page.locator('#system-msg-content').fill('1# 泵站周六 8:00 至 12:00 停机维护。\n请提前安排生产。');
    await settle(page);
    await shot(page, 'system-06-msg-new-zh');
    await page.locator('#system-msg-submit').click();
    const status = page.locator('[data-testid="system-msg-status"]').first();
    await page.locator('[data-testid="system-msg-status"][data-status="draft"]').waitFor();
    await page.locator('[data-testid^="system-msg-publish-"]').first().click();
    await settle(page);
    await shot(page, 'system-07-msg-publish-confirm-zh');
    await confirm(page, /发\s*布/);
    await page.locator('[data-testid="system-msg-status"][data-status="published"]').waitFor();
    await badgeCountsAnnouncements(page, noticesBefore + 1);
    assert.equal(await status.getAttribute('data-status'), 'published');
    await settle(page);
    await shot(page, 'system-08-msg-published-zh');

    await page.locator('[data-testid^="system-msg-withdraw-"]').first().click();
    await confirm(page, /撤\s*回/);
    await page.locator('[data-testid="system-msg-status"][data-status="withdrawn"]').waitFor();
    await badgeCountsAnnouncements(page, noticesBefore);
    await page.context().close();
  });

  test('en: the same screens in English', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    await page.evaluate(() => localStorage.setItem('langs', 'en'));

    await page.goto(`${app.base}/manage/system/protocol`);
    await page.getByText('Device address').first().waitFor();
    await noChinese(page, '[data-testid="system-protocol-page"]');
    await settle(page);
    await shot(page, 'system-11-protocol-en');

    await page.goto(`${app.base}/manage/system/hardware`);
    await page.locator('[data-testid="system-hardware-online"]').first().waitFor();
    assert.match(await page.locator('[data-testid="system-hardware-online"]').first().innerText(), /\d+ of \d+ online/);
    await noChinese(page, '[data-testid="system-hardware-page"]');
    await settle(page);
    await shot(page, 'system-12-hardware-en');

    await page.goto(`${app.base}/manage/system/model`);
    await page.locator('[data-testid="system-model-name"]').first().waitFor();
    await page.locator('[data-testid^="system-model-apply-"]').first().click();
    // Every demo equipment has signals: the dialog says a model goes only onto equipment without signals.
    await page.getByText('a model can only be applied to equipment without signals').first().waitFor();
    await settle(page);
    await shot(page, 'system-13-model-apply-en');
    await page.keyboard.press('Escape');

    await page.goto(`${app.base}/manage/system/msg`);
    await page.locator('[data-testid="system-msg-status"]').first().waitFor();
    assert.equal(await page.locator('[data-testid="system-msg-status"]').first().innerText(), 'Withdrawn');
    await page.locator('#system-msg-add').click();
    await page.locator('#system-msg-title').fill('Planned maintenance');
    await page.locator('#system-msg-content').fill('Pump station 1 stops on Saturday from 8:00 to 12:00.');
    await page.locator('#system-msg-submit').click();
    await page.locator('[data-testid="system-msg-status"][data-status="draft"]').waitFor();
    await noChinese(page, '.ant-table-thead');
    await settle(page);
    await shot(page, 'system-14-msg-en');
    await page.context().close();
  });
});
