// Account security with an SMS provider, in a real browser against the real server: the server is started with
// `--sms-url` pointing at a local HTTP receiver this test runs (the provider's stand-in: it answers 200 and keeps
// each message's phone and code). The demo administrator sees the sms variants (the security overview, the profile
// with the phone number read-only), binds a phone number through the set-up wizard with the code "sent" to it,
// logs out and recovers the password by the phone path, then logs in with the new password. Screenshots in zh-CN
// and en land in e2e/screenshots.

import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { consoleUnderTest, listenLocal, loginThroughForm, settle, shot } from '../lib/harness.mjs';
import { logout, newRecoveredPassword, proveByPassword, resendArgs, startRecovery, untilResendAllowed } from '../lib/security.mjs';

const PHONE = '13812345678';

/** The SMS provider's stand-in: every request's `to` and `code` query parameters, in order. */
const texts = [];
const receiver = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://receiver');
  request.resume();
  request.on('end', () => {
    if (url.pathname === '/sms') texts.push({ to: url.searchParams.get('to'), code: url.searchParams.get('code') });
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
});
const receiving = await listenLocal(receiver);
const smsUrl = `http://127.0.0.1:${receiving.port}/sms?to={phone}&code={code}`;
after(() => receiving.close());

const app = consoleUnderTest({ extraArgs: ['--sms-url', smsUrl, ...resendArgs] });

/** The code of the `count`th text message, once it arrived, after checking it went to the phone. */
async function codeOfText(count) {
  const deadline = Date.now() + 20_000;
  while (texts.length < count) {
    assert.ok(Date.now() < deadline, `no text message ${count} reached the receiver`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const text = texts[count - 1];
  assert.equal(text.to, PHONE);
  assert.match(text.code, /^\d{6}$/);
  return text.code;
}

describe('account security with an SMS provider', { timeout: 300_000 }, () => {
  test('bind a phone number by a text message (zh), recover the password by the phone (en)', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);

    // With a provider the nosms address gives way to the sms one.
    await page.goto(`${app.base}/account/security/nosms`);
    await page.waitForURL('**/account/security/sms');
    await page.locator('[data-testid="security-page"]').waitFor();

    // Bind the phone: prove by password, the number, the code texted to it.
    await page.locator('[data-testid="security-change-tel"]').click();
    await proveByPassword(page, 'Demo@12345');
    await page.locator('#security-tel').fill(PHONE);
    await page.locator('[data-testid="security-change-submit"]').click();
    await page.waitForURL('**/setup/tel/validate');
    await page.locator('#security-bind-code').fill(await codeOfText(1));
    // One code per resend wait to a number: the recovery's code below waits for it since this one.
    const boundAt = Date.now();
    await settle(page);
    await shot(page, 'security-sms-code-zh');
    await page.locator('[data-testid="security-confirm-submit"]').click();
    await page.locator('[data-testid="security-success"]').waitFor();
    await page.locator('[data-testid="security-back"]').click();
    await page.locator('[data-testid="security-item-tel"]').getByText('138****5678').waitFor();
    await settle(page);
    await shot(page, 'security-sms-overview-zh');

    // The profile shows the account's own number read-only: no phone field to type into.
    await page.goto(`${app.base}/account/info/nosms`);
    await page.waitForURL('**/account/info/sms');
    await page.locator('[data-testid="account-info-page"]').waitFor();
    assert.equal(await page.locator('#account-tel').count(), 0, 'no phone field in the sms variant');
    await page.locator('[data-testid="account-info-page"]').getByText(PHONE).first().waitFor();
    await settle(page);
    await shot(page, 'account-info-sms-zh');

    // Locked out, in English: the phone path.
    await logout(page);
    await page.evaluate(() => localStorage.setItem('langs', 'en'));
    await page.goto(`${app.base}/findpwd`);
    await page.waitForURL('**/findpwd/account');
    await startRecovery(page, 'tel');
    await untilResendAllowed(page, boundAt);
    await page.locator('[data-testid="findpwd-code-send"]').click();
    await page.locator('[data-testid="findpwd-code-send"]').getByText(/Again in \d+ s/).waitFor();
    await page.locator('#findpwd-code').fill(await codeOfText(2));
    await settle(page);
    await shot(page, 'findpwd-sms-en');
    await page.locator('[data-testid="findpwd-verify-submit"]').click();
    await newRecoveredPassword(page, 'Texted@123');
    await loginThroughForm(page, app.base, 'demo', 'Texted@123');
    await page.waitForURL('**/monitor/eg/list');
    await page.goto(`${app.base}/account/security/sms`);
    await page.locator('[data-testid="security-item-tel"]').getByText('138****5678').waitFor();
    await settle(page);
    await shot(page, 'security-sms-overview-en');
  });
});
