// The message centre and the alarm notification in a real browser against the real server and the demo plant: an
// alarm raised on the demo pump (its speed setpoint above a rule's limit) reaches an open console as a pop-up at the
// bottom right, a scrolling window title, a lit bell with a higher count and the alarm's speech requested from the
// server (after "click to enable sound" where the browser blocks it); the message centre lists it unread, opens
// it (which reads it), filters by type, and marks everything read; a phone shows the list as cards. Shot in zh-CN
// and en.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleUnderTest, snap } from '../lib/harness.mjs';
import { api, findDemo, until, writeThroughGateway as write } from '../lib/demo.mjs';

const app = consoleUnderTest();

/** A rule on the pump's speed setpoint (above 2000 rpm, level 1: spoken three times) and the setpoint's id. */
async function setpointRule(page) {
  const { equipmentId, signals } = await findDemo(page);
  const setpoint = signals['Speed setpoint'];
  const saved = await api(page, '/lfscada/equipment/multi/alarm/rule/save', {
    signalId: String(setpoint),
    rules: JSON.stringify([
      { symbol: '>', value: 2000, deadband: 0, delay: 0, level: 1, msgZh: '转速设定过高', msgEn: 'Speed setpoint high', enabled: true },
    ]),
  });
  assert.equal(saved.code, '200', JSON.stringify(saved));
  return { equipmentId, setpoint };
}

describe('messages and alarm notification', () => {
  test('zh-CN: an alarm pops up, scrolls the title, lights the bell and is spoken; the centre reads it', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    await api(page, '/lfscada/msg/allMarkAsRead', {});
    const { setpoint } = await setpointRule(page);
    await write(page, setpoint, 1000);

    // A new document (no interaction yet): the browser may block sound until the user clicks.
    await page.goto(`${app.base}/monitor/eg/list`);
    // The message socket is open (a message pushed while it opens is counted, but not announced).
    await page.locator('#unread-messages[data-live="true"]').waitFor();
    const spoken = page.waitForResponse((r) => r.url().includes('/lfscada/msg/sound/') && r.status() === 200, { timeout: 90_000 });
    const titles = [];
    await page.exposeFunction('recordTitle', (t) => titles.push(t));
    await page.evaluate(() => {
      new MutationObserver(() => window.recordTitle(document.title)).observe(document.querySelector('title'), { childList: true, subtree: true, characterData: true });
    });

    await write(page, setpoint, 2500);
    const popup = page.locator('.ant-notification-notice').filter({ hasText: '转速设定过高' });
    await popup.waitFor({ timeout: 90_000 });
    assert.match(await popup.innerText(), /报警/);
    assert.equal(await page.locator('#unread-messages').getAttribute('data-fresh'), 'true', 'the bell is lit');
    await until(async () => (await page.locator('[data-testid="unread-badge"] .ant-badge-count').count()) > 0, 'the badge');
    await until(() => titles.some((t) => t.includes('转速设定过高') && t.includes('新消息')), 'the title to scroll the alarm');
    await snap(page, 'messages-01-popup-zh');

    // The pop-up's button opens the message; opening reads it.
    await popup.locator('.ant-btn-primary').click();
    await page.locator('[data-testid="message-detail-title"]').filter({ hasText: '转速设定过高' }).waitFor();
    const messageId = page.url().match(/\/message\/detail\/alarm\/(\d+)$/)?.[1];
    assert.ok(messageId, page.url());
    await until(async () => (await api(page, '/lfscada/msg/info', { id: messageId })).data.read === true, 'the message to be read');

    // The alarm is spoken: at once, or once the user lets the browser play sound.
    if (await page.locator('[data-testid="sound-blocked"]').isVisible()) {
      await snap(page, 'messages-02-sound-blocked-zh');
      await page.locator('#enable-sound').click();
    }
    const audio = await spoken;
    assert.match(audio.headers()['content-type'], /audio\/wav/);
    await until(async () => !(await page.locator('[data-testid="sound-blocked"]').isVisible()), 'the hint to go');
    // The page shows it read once its own refetch after the mark has answered, which may come after the server
    // already says so: wait for the page, not only for the server.
    await page.locator('[data-testid="message-detail"]').filter({ hasText: '已读' }).waitFor();
    await snap(page, 'messages-03-detail-zh');

    // Released, and a second alarm: the centre lists both, the newest unread.
    await write(page, setpoint, 1000);
    await write(page, setpoint, 2600);
    await until(async () => (await api(page, '/lfscada/msg/query', { type: 'alarm', readStatus: 'unread' })).data.total >= 1, 'the second alarm message');
    await page.locator('#unread-messages').click();
    await page.locator('[data-testid="message-centre"]').waitFor();
    const rows = page.locator('[data-testid="message-centre"] tr[data-row-key]');
    // (The demo plant raises alarms of its own meanwhile: the setpoint's rows are the ones looked at.)
    const setpointRows = rows.filter({ hasText: '转速设定过高' });
    await until(async () => (await setpointRows.count()) >= 2, 'two setpoint alarm rows');
    assert.match(await setpointRows.first().innerText(), /未读/, 'the newest is unread');
    assert.match(await setpointRows.nth(1).innerText(), /已读/, 'the one opened is read');
    await snap(page, 'messages-04-centre-zh');

    // The unread list, then everything read; the read list holds them.
    await page.locator('#side-menu').getByText('未读消息').click();
    await page.waitForURL('**/message/messageUnReaden');
    await until(async () => (await rows.count()) >= 1, 'the unread list');
    await page.locator('#message-mark-all-read').click();
    // (The demo plant's own alarms may arrive meanwhile: the setpoint's are what must have gone.)
    await until(
      async () => !(await page.locator('[data-testid="message-centre"]').innerText()).includes('转速设定过高'),
      'the unread list without the setpoint alarms',
    );
    await page.locator('#side-menu').getByText('已读消息').click();
    await until(async () => (await setpointRows.count()) >= 2, 'the read list');

    // Filter by type: no notice about the pump.
    await page.locator('#message-type-filter').click();
    await page.locator('.ant-select-item-option[title="公告"]').click();
    await until(async () => (await rows.count()) === 0, 'no notices');

    // The operating centre counts the pump's alarms and leads to them.
    await page.locator('#top-nav').getByText('监控').click();
    await page.locator('#side-menu').getByText('运营中心').click();
    await page.locator('[data-testid="ops-center"]').waitFor();
    const pumpRow = page.locator('[data-testid="ops-center"] tr[data-row-key]').filter({ hasText: '1# Pump station' });
    await until(async () => Number((await pumpRow.locator('td').nth(2).innerText()).trim()) >= 2, 'the pump\'s unconfirmed alarms');
    await page.locator('[data-testid="center-chart"] canvas').waitFor();
    await snap(page, 'messages-05-operating-centre-zh');
    await pumpRow.getByRole('link').click();
    await page.waitForURL(/\/monitor\/eg\/detail\/list\/\d+\/1$/);

    await write(page, setpoint, 1000);
    await page.context().close();
  });

  test('zh-CN: an alarm reaches an engineer drawing in the designer (a full-window screen), on one socket', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    const { equipmentId, setpoint } = await setpointRule(page);
    await write(page, setpoint, 1000);
    const sockets = [];
    page.on('websocket', (socket) => {
      if (socket.url().includes('/ws/message/')) sockets.push(socket);
    });
    const pages = await api(page, '/lfscada/configuration/page/query', { equipmentId: String(equipmentId) });
    await page.goto(`${app.base}/manage/eg/${equipmentId}/designer/${pages.data[0].id}`);
    await page.locator('[data-testid="designer-canvas"]').waitFor();
    // The designer's header has the bell, and its message socket is open.
    await page.locator('#unread-messages[data-live="true"]').waitFor();
    await write(page, setpoint, 2600);
    const popup = page.locator('.ant-notification-notice').filter({ hasText: '转速设定过高' });
    await popup.waitFor({ timeout: 90_000 });
    assert.equal(await page.locator('#unread-messages').getAttribute('data-fresh'), 'true', 'the bell is lit');
    await snap(page, 'messages-08-designer-popup-zh');
    assert.equal(sockets.filter((s) => !s.isClosed()).length, 1, 'one message socket');
    await write(page, setpoint, 1000);
    await page.context().close();
  });

  test('en and a phone: the centre as cards, selected messages deleted', async () => {
    const page = await app.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.addInitScript(() => localStorage.setItem('langs', 'en'));
    await app.loginAsDemo(page);
    const { setpoint } = await setpointRule(page);
    await write(page, setpoint, 2700);
    await until(async () => {
      const listed = await api(page, '/lfscada/msg/query', { type: 'alarm', readStatus: 'unread' });
      return listed.data.total > 0;
    }, 'an unread alarm message', 90_000);
    await page.goto(`${app.base}/message/messageAll`);
    const cards = page.locator('[data-testid="message-card"]');
    // (The demo plant's own alarms may be newer: the setpoint's card is the one looked at.)
    const setpointCard = cards.filter({ hasText: 'Speed setpoint high' }).first();
    await setpointCard.waitFor();
    assert.match(await setpointCard.innerText(), /Alarm/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `no horizontal scroll (${overflow} px)`);
    await snap(page, 'messages-06-cards-en');

    const chosen = await setpointCard.getAttribute('data-row-key');
    await setpointCard.getByRole('checkbox').tap();
    await page.locator('#message-delete').tap();
    await page.locator('.ant-popconfirm .ant-btn-primary').tap();
    await until(async () => (await api(page, '/lfscada/msg/info', { id: chosen })).code === '1280', 'the message deleted');
    await until(async () => (await page.locator(`[data-testid="message-card"][data-row-key="${chosen}"]`).count()) === 0, 'its card gone');
    await snap(page, 'messages-07-deleted-en');
    await write(page, setpoint, 1000);
    await page.context().close();
  });
});
