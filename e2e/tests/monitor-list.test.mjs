// The equipment monitor's list, groups, follow and map in a real browser against the real server (--demo feeds
// '1# Pump station' live): star, pin, a new group from the list and moving the pump into it, the by-group view,
// the group monitor, renaming and deleting the group, and the map's marker and popup; zh-CN and en. Each step
// leaves a screenshot in e2e/screenshots.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleUnderTest, settle, shot } from '../lib/harness.mjs';
import { until } from '../lib/demo.mjs';

const PUMP = '1# Pump station';

const app = consoleUnderTest();

/** The pump's card (cards carry data-state; their inner parts do not). */
function pumpCard(scope) {
  return scope.locator('[data-testid^="fleet-card-"][data-state]').filter({ hasText: PUMP });
}

/** Logs in as the demo account and waits for the monitor list. */
async function openList(page) {
  await app.loginAsDemo(page);
  await page.locator('[data-testid="fleet-list-page"]').waitFor();
}

/** Waits until the pump shows online (or online with alarms); the demo agent may still be connecting. */
async function waitForPumpOnline(page) {
  const card = pumpCard(page).first();
  await until(async () => {
    await card.waitFor();
    const state = await card.getAttribute('data-state');
    if (state === 'online' || state === 'alarm') return true;
    await page.getByRole('button', { name: /刷新|Refresh/ }).first().click();
    return false;
  }, `${PUMP} to show online after a refresh`);
  return card;
}

async function pumpId(page) {
  const testId = await pumpCard(page).first().getAttribute('data-testid');
  return Number(testId.replace('fleet-card-', ''));
}

/** The open dropdown's or popover's container (antd keeps closed ones in the page, hidden). */
const openDropdown = (page) => page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
const openPopover = (page) => page.locator('.ant-popover:not(.ant-popover-hidden)');

describe('equipment monitor: list, groups, follow and map', () => {
  test('zh-CN: star, pin, a new group from the list, by group, group view, rename and delete, map', async () => {
    const page = await app.newPage();
    await openList(page);
    const card = await waitForPumpOnline(page);
    const id = await pumpId(page);
    assert.match(await card.locator('[data-testid="fleet-card-online"]').innerText(), /^在线$/);
    assert.match(await card.locator('[data-testid="signal-strength"]').innerText(), /^(\d+ · (很好|良好|一般（可能掉线）|差)|—)$/);
    assert.match(await card.locator('[data-testid="fleet-card-updated"]').innerText(), /\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    assert.equal(await card.locator(`[data-testid="fleet-alarm-${id}"]`).getAttribute('href'), `/monitor/eg/detail/list/${id}/1`);
    await shot(page, 'fleet-01-list-zh');

    // Star it, and find it under "followed only".
    const star = page.locator(`[data-testid="fleet-follow-${id}"]`);
    assert.equal(await star.getAttribute('aria-pressed'), 'false');
    await star.click();
    await page.locator(`[data-testid="fleet-follow-${id}"][aria-pressed="true"]`).waitFor();
    // Controlled by the address: click, then wait for the address (check() expects an immediate change).
    await page.locator('#fleet-followed').click();
    await page.waitForURL('**/monitor/eg/list?follow=true');
    await pumpCard(page).waitFor();
    await page.locator('#fleet-followed').click();
    await page.waitForURL('**/monitor/eg/list');

    // Pin it.
    await page.locator(`[data-testid="fleet-stick-${id}"]`).click();
    await page.locator(`[data-testid="fleet-stick-${id}"][aria-pressed="true"]`).waitFor();

    // A new group from the card's move menu: the name rule first, then the pump lands in it.
    await page.locator(`[data-testid="fleet-move-${id}"]`).click();
    await openDropdown(page).locator('[data-testid="fleet-move-new"]').click();
    await page.locator('#fleet-group-name').waitFor();
    await page.locator('#fleet-group-submit').click();
    await page.getByText('请输入分组名称').waitFor();
    await page.locator('#fleet-group-name').fill('一号泵房');
    await page.locator('#fleet-group-submit').click();
    await pumpCard(page).locator('[data-testid="fleet-card-group"]').filter({ hasText: '一号泵房' }).waitFor();

    // The same name again, from the toolbar: refused on the field in the server's words.
    await page.locator('#fleet-new-group').click();
    await page.locator('#fleet-group-name').fill(' 一号泵房 ');
    await page.locator('#fleet-group-submit').click();
    await page.locator('.ant-form-item-explain-error').filter({ hasText: '分组名称已存在' }).waitFor();
    await settle(page);
    await shot(page, 'fleet-02-group-exists-zh');
    await page.locator('.ant-modal-footer').getByRole('button', { name: /^取\s*消$/ }).click();
    await page.locator('#fleet-group-name').waitFor({ state: 'hidden' });

    // By group: the pump is in its group's section.
    await page.locator('[data-testid="fleet-view"]').getByText('按分组').click();
    const section = page.locator('.ant-collapse-item').filter({ has: page.getByText('一号泵房', { exact: true }) });
    await pumpCard(section).waitFor();
    await settle(page);
    await shot(page, 'fleet-03-by-group-zh');

    // The group monitor.
    await page.goto(`${app.base}/monitor/eg/group`);
    await page.locator('[data-testid="fleet-group-page"]').waitFor();
    await page.locator('[data-testid^="fleet-tree-group-"]').filter({ hasText: '一号泵房' }).click();
    await page.waitForURL(/\/monitor\/eg\/group\/list\/\d+$/);
    await pumpCard(page.locator('[data-testid="fleet-group-cards"]')).waitFor();
    await page.locator(`[data-testid="fleet-tree-equipment-${id}"]`).click();
    await page.locator(`[data-testid="fleet-card-${id}"][data-highlighted="true"]`).waitFor();
    await settle(page);
    await shot(page, 'fleet-04-group-view-zh');

    // Manage groups: count 1, rename, delete (the pump becomes ungrouped).
    await page.goto(`${app.base}/manage/eg/group`);
    const row = page.locator('tr[data-row-key]').filter({ hasText: '一号泵房' });
    await row.waitFor();
    assert.equal((await row.locator('[data-testid="fleet-group-count"]').innerText()).trim(), '1');
    const groupId = await row.getAttribute('data-row-key');
    await page.locator(`[data-testid="fleet-group-rename-${groupId}"]`).click();
    await page.locator('#fleet-group-name').fill('二号泵房');
    await page.locator('#fleet-group-submit').click();
    const renamed = page.locator('tr[data-row-key]').filter({ hasText: '二号泵房' });
    await renamed.waitFor();
    await shot(page, 'fleet-05-manage-groups-zh');
    await page.locator(`[data-testid="fleet-group-delete-${groupId}"]`).click();
    await openPopover(page).getByText('其中的 1 台设备将变为未分组，设备本身不会被删除。').waitFor();
    await settle(page);
    await shot(page, 'fleet-06-delete-confirm-zh');
    await openPopover(page).locator('.ant-btn-dangerous').click();
    await renamed.waitFor({ state: 'detached' });
    // The demo plant's own groups stay.
    await page.locator('tr[data-row-key]').filter({ hasText: 'Utilities' }).waitFor();

    // Back on the list the pump is ungrouped, still starred and pinned.
    await page.goto(`${app.base}/monitor/eg/list`);
    const again = pumpCard(page);
    await again.locator('[data-testid="fleet-card-group"]').filter({ hasText: '未分组' }).waitFor();
    await page.locator(`[data-testid="fleet-follow-${id}"][aria-pressed="true"]`).waitFor();
    await page.locator(`[data-testid="fleet-stick-${id}"][aria-pressed="true"]`).waitFor();

    // The map: the demo pump has coordinates; its marker and popup.
    await page.goto(`${app.base}/map`);
    const marker = page.locator(`[data-testid="fleet-marker-${id}"]`);
    await marker.waitFor();
    assert.match(await marker.getAttribute('data-state'), /^(online|alarm)$/);
    await marker.click();
    const popup = page.locator(`[data-testid="fleet-popup-${id}"]`);
    await popup.waitFor();
    const text = await popup.innerText();
    assert.ok(text.includes(PUMP), text);
    assert.match(text, /在线/);
    assert.match(text, /Inlet pressure/);
    // Without internet the tiles fail: the page says so and the marker stays.
    await page.locator('[data-testid="fleet-map-tiles-failed"]').waitFor({ timeout: 30_000 }).catch(() => undefined);
    await settle(page);
    await shot(page, 'fleet-07-map-zh');
    await popup.locator('[data-testid="fleet-popup-detail"]').click();
    await page.waitForURL(`**/monitor/eg/detail/list/${id}/0`);

    // Leave the marks as they were for the next test.
    await page.goto(`${app.base}/monitor/eg/list`);
    await page.locator(`[data-testid="fleet-follow-${id}"]`).click();
    await page.locator(`[data-testid="fleet-follow-${id}"][aria-pressed="false"]`).waitFor();
    await page.locator(`[data-testid="fleet-stick-${id}"]`).click();
    await page.locator(`[data-testid="fleet-stick-${id}"][aria-pressed="false"]`).waitFor();
    await page.context().close();
  });

  test('en: the list, by group, the group view, group management and the map', async () => {
    const page = await app.newPage();
    await openList(page);
    await page.locator('#lang-switch').click();
    await page.waitForFunction(() => document.body.innerText.includes('Followed only'));
    await waitForPumpOnline(page);
    const id = await pumpId(page);
    const noChinese = async (selector) => {
      const text = await page.locator(selector).innerText();
      assert.doesNotMatch(text, /[\u4e00-\u9fff]/, `no Chinese left in ${selector}: ${text}`);
    };
    await noChinese('[data-testid="fleet-list-page"]');
    await shot(page, 'fleet-08-list-en');

    await page.locator('#fleet-new-group').click();
    await page.locator('#fleet-group-name').fill('x'.repeat(31));
    await page.getByText('A group name has at most 30 characters').waitFor();
    await page.locator('#fleet-group-name').fill('Pump house');
    await page.locator('#fleet-group-submit').click();
    await page.locator('#fleet-group-name').waitFor({ state: 'hidden' });
    await page.locator(`[data-testid="fleet-move-${id}"]`).click();
    await openDropdown(page).getByText('Pump house').click();
    await pumpCard(page).locator('[data-testid="fleet-card-group"]').filter({ hasText: 'Pump house' }).waitFor();

    await page.locator('[data-testid="fleet-view"]').getByText('By group').click();
    const section = page.locator('.ant-collapse-item').filter({ has: page.getByText('Pump house', { exact: true }) });
    await pumpCard(section).waitFor();
    await noChinese('[data-testid="fleet-list-page"]');
    await settle(page);
    await shot(page, 'fleet-09-by-group-en');

    await page.goto(`${app.base}/monitor/eg/group/configuration/0`);
    await page.locator('[data-testid="fleet-configuration-hint"]').waitFor();
    await page.locator('[data-testid^="fleet-tree-group-"]').filter({ hasText: 'Pump house' }).click();
    await pumpCard(page.locator('[data-testid="fleet-group-cards"]')).waitFor();
    await noChinese('[data-testid="fleet-group-page"]');
    await settle(page);
    await shot(page, 'fleet-10-group-configuration-en');

    await page.goto(`${app.base}/manage/eg/group`);
    const row = page.locator('tr[data-row-key]').filter({ hasText: 'Pump house' });
    await row.waitFor();
    const groupId = await row.getAttribute('data-row-key');
    await page.locator(`[data-testid="fleet-group-delete-${groupId}"]`).click();
    await openPopover(page).getByText('Its 1 equipment will become ungrouped. No equipment is deleted.').waitFor();
    await noChinese('[data-testid="fleet-manage-groups"]');
    await settle(page);
    await shot(page, 'fleet-11-manage-groups-en');
    await openPopover(page).locator('.ant-btn-dangerous').click();
    await row.waitFor({ state: 'detached' });

    await page.goto(`${app.base}/map`);
    const marker = page.locator(`[data-testid="fleet-marker-${id}"]`);
    await marker.waitFor();
    await marker.click();
    const popup = page.locator(`[data-testid="fleet-popup-${id}"]`);
    await popup.waitFor();
    assert.match(await popup.innerText(), /Online/);
    assert.match(await popup.innerText(), /Open detail/);
    await page.locator('[data-testid="fleet-map-tiles-failed"]').waitFor({ timeout: 30_000 }).catch(() => undefined);
    await noChinese('[data-testid="fleet-map-page"]');
    await settle(page);
    await shot(page, 'fleet-12-map-en');
    await page.context().close();
  });
});
