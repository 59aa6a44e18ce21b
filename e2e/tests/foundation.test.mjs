// The foundation in a real browser: login, the bilingual shell, language persistence, login errors, logout,
// 404 and the access rule. Each step leaves a screenshot in e2e/screenshots.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleUnderTest, loginThroughForm, shot } from '../lib/harness.mjs';

const app = consoleUnderTest({ viewport: { width: 1366, height: 800 } });

describe('console foundation', () => {
  test('logs in and sees the shell in zh-CN by default', async () => {
    const page = await app.newPage();
    await page.goto(`${app.base}/login`);
    await page.locator('#login-vcode-img').waitFor();
    assert.ok(
      await page.locator('#login-vcode-img').evaluate((img) => img.complete && img.naturalWidth > 0),
      'the captcha image loads',
    );
    assert.equal(await page.locator('html').getAttribute('lang'), 'zh-CN');
    await shot(page, '01-login-zh');
    await app.loginAsDemo(page);
    await page.locator('#user-menu').waitFor();
    assert.match(await page.locator('#user-menu').innerText(), /demo/);
    assert.match(await page.locator('body').innerText(), /监控/);
    await page.locator('[data-testid="fleet-list-page"]').waitFor();
    await shot(page, '02-shell-zh');
    await page.context().close();
  });

  test('switches to English and the choice survives a reload', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    await page.locator('#lang-switch').click();
    await page.waitForFunction(() => document.body.innerText.includes('Monitor'));
    assert.equal(await page.evaluate(() => localStorage.getItem('langs')), 'en');
    await page.reload();
    await page.locator('#user-menu').waitFor();
    const text = await page.locator('body').innerText();
    assert.match(text, /Monitor/);
    assert.doesNotMatch(text, /监控/, 'no Chinese left after switching to English');
    await shot(page, '03-shell-en');
    // Every route of the spec is a screen now: the last ones built, the GM monitor's list, in English too.
    await page.goto(`${app.base}/monitor/gm/list`);
    await page.locator('[data-testid^="fleet-card-"], [data-testid="fleet-empty"]').first().waitFor();
    assert.equal(await page.locator('[data-testid="not-available"]').count(), 0);
    await shot(page, '04-monitor-gm-list-en');
    await page.context().close();
  });

  test('a wrong password shows the error inline', async () => {
    const page = await app.newPage();
    await loginThroughForm(page, app.base, 'demo', 'Wrong@12345');
    const error = page.locator('#login-error');
    await error.waitFor();
    assert.match(await error.innerText(), /用户名或密码错误/);
    assert.match(page.url(), /\/login$/);
    await shot(page, '05-login-error-zh');
    await page.evaluate(() => localStorage.setItem('langs', 'en'));
    await loginThroughForm(page, app.base, 'demo', 'Wrong@12345');
    await page.locator('#login-error').waitFor();
    assert.match(await page.locator('#login-error').innerText(), /Incorrect username or password/);
    await shot(page, '06-login-error-en');
    await page.context().close();
  });

  test('logout returns to /login and the session is gone', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    await page.locator('#user-menu').click();
    await page.locator('#logout').click();
    await page.waitForURL('**/login');
    await page.goto(`${app.base}/monitor/eg/list`);
    await page.waitForURL('**/login');
    await page.context().close();
  });

  test('an unknown path shows the 404 page', async () => {
    const page = await app.newPage();
    await page.goto(`${app.base}/no/such/screen`);
    await page.waitForURL('**/404');
    await page.getByText('404').first().waitFor();
    await shot(page, '07-404-zh');
    await page.context().close();
  });

  test('a protected path without a session goes to /login', async () => {
    const page = await app.newPage();
    await page.goto(`${app.base}/manage/eg/equipment/list`);
    await page.waitForURL('**/login');
    await page.locator('#login-username').waitFor();
    await page.context().close();
  });
});
