// The account area and the system settings dialog in a real browser against the real server (--demo; demo is the
// organisation's administrator, demo-operator a sub-account without manage): the profile is edited and an avatar
// uploaded (seen in the header), the settings saved and honoured (the equipment monitor opens by group), the
// system settings dialog opened, feedback sent from the user menu, the operator sees no Manage menu and a typed manage address says no permission.
// The same in English. Screenshots land in e2e/screenshots.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { consoleUnderTest, loginThroughForm, snap } from '../lib/harness.mjs';

const app = consoleUnderTest();

/** A small clean SVG avatar on disk for the file chooser. */
function avatarFile() {
  const dir = mkdtempSync(join(tmpdir(), 'avatar-'));
  const path = join(dir, 'me.svg');
  writeFileSync(path, '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="30" fill="#1668dc"/></svg>');
  return path;
}

async function switchTo(page, lang) {
  await page.evaluate((l) => localStorage.setItem('langs', l), lang);
  await page.reload();
}

for (const lang of ['zh-CN', 'en']) {
  const zh = lang === 'zh-CN';
  describe(`account area (${lang})`, { timeout: 300_000 }, () => {
    test('profile and avatar, settings honoured, the system settings dialog', async () => {
      const page = await app.newPage();
      await app.loginAsDemo(page);
      if (!zh) await switchTo(page, 'en');

      await page.goto(`${app.base}/account/info/nosms`);
      await page.locator('#account-real-name').waitFor();
      await page.locator('#account-real-name').fill(zh ? '王工' : 'Wang');
      await page.locator('#account-department').fill(zh ? '运行部' : 'Operations');
      await page.locator('#account-tel').fill('138 0000 1111');
      await page.locator('#account-save').click();
      await page.locator('[data-testid="account-saved"]').waitFor();
      await page.locator('[data-testid="account-avatar"] input[type=file]').setInputFiles(avatarFile());
      await page.locator('[data-testid="header-avatar"]').waitFor();
      await snap(page, `account-info-${lang}`);
      await page.reload();
      assert.equal(await page.locator('#account-real-name').inputValue(), zh ? '王工' : 'Wang');

      await page.goto(`${app.base}/account/config`);
      await page.locator('[data-testid="account-config-page"]').waitFor();
      await page.getByLabel(zh ? '按分组' : 'By group').check();
      await page.locator('#account-config-save').click();
      await page.locator('[data-testid="account-config-saved"]').waitFor();
      await snap(page, `account-config-${lang}`);
      // The own log, newest first and 10 a page: every call is logged (reads too), so the save just made is on
      // its first page only when looked at now.
      await page.goto(`${app.base}/account/log`);
      await page.locator('[data-testid="account-log-page"]').getByText('user.config.save').first().waitFor();
      await snap(page, `account-log-${lang}`);
      await page.goto(`${app.base}/monitor/eg/list`);
      await page.locator('[data-testid="fleet-list-page"]').waitFor();
      await page.locator('[data-testid="fleet-view"] .ant-segmented-item-selected').getByText(zh ? '按分组' : 'By group').waitFor();


      // Feedback from the user menu: the 10-character rule said before sending, then sent and in the own log.
      await page.locator('#user-menu').click();
      await page.locator('#feedback-open').click();
      await page.waitForURL('**/account/feedback');
      await page.locator('#account-feedback-content').fill(zh ? '泵房画面' : 'Too short');
      assert.equal(await page.locator('#account-feedback-send').isDisabled(), true);
      assert.match(await page.locator('[data-testid="account-feedback-rule"]').innerText(), zh ? /还需 6 个字/ : /1 more to go/);
      await snap(page, `account-feedback-rule-${lang}`);
      await page.locator('#account-feedback-content').fill(zh ? '泵房画面的出口压力希望能显示趋势。' : 'Please show the outlet pressure trend on the pump page.');
      await page.locator('#account-feedback-send').click();
      await page.locator('[data-testid="account-feedback-sent"]').waitFor();
      await snap(page, `account-feedback-${lang}`);
      await page.goto(`${app.base}/account/log`);
      await page.locator('[data-testid="account-log-page"]').getByText('feedback.add').first().waitFor();

      await page.locator('#user-menu').click();
      await page.locator('#system-settings-open').click();
      await page.locator('#system-title').waitFor();
      await snap(page, `system-settings-${lang}`);
      await page.context().close();
    });

    test('a sub-account without manage sees no Manage menu', async () => {
      const page = await app.newPage();
      await loginThroughForm(page, app.base, 'demo-operator', 'Operator@123');
      await page.waitForURL('**/monitor/eg/list');
      if (!zh) await switchTo(page, 'en');
      await page.locator('#top-nav').waitFor();
      const nav = await page.locator('#top-nav').innerText();
      assert.doesNotMatch(nav, zh ? /管理/ : /Manage/);
      await page.goto(`${app.base}/manage/eg/gateway`);
      await page.locator('[data-testid="no-permission"]').waitFor();
      await snap(page, `account-no-manage-${lang}`);
      await page.context().close();
    });
  });
}
