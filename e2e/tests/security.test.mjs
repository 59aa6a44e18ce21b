// Account security and password recovery in a real browser against the real server (--demo, no SMS provider, so
// the nosms screens): the demo administrator binds an e-mail address (the code read from a local SMTP server the
// test runs, set as the organisation's SMTP server) and sets a security question through the set-up wizard; logs
// out; recovers the password by the question path (zh-CN), logs in with it; recovers it again by the e-mail path
// (en), logs in with that one. Screenshots in both languages land in e2e/screenshots.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { consoleUnderTest, listenLocal, loginThroughForm, settle, shot } from '../lib/harness.mjs';
import { api } from '../lib/demo.mjs';
import { logout, newRecoveredPassword, proveByPassword, resendArgs, startRecovery, untilResendAllowed } from '../lib/security.mjs';

const app = consoleUnderTest({ extraArgs: resendArgs });
const EMAIL = 'owner@plant.example';
const QUESTION = '第一台水泵叫什么？';
const ANSWER = 'Blue Pump';

/**
 * A tiny SMTP server on 127.0.0.1 that accepts every message and keeps its text: enough of RFC 5321 for the
 * server's mail client (EHLO, MAIL, RCPT, DATA, QUIT), no authentication, no TLS.
 */
function smtpSink() {
  const messages = [];
  let listening;
  const server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          messages.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 OK\r\n');
          continue;
        }
        const line = buffer.indexOf('\r\n');
        if (line < 0) return;
        const command = buffer.slice(0, line).toUpperCase();
        buffer = buffer.slice(line + 2);
        if (command.startsWith('EHLO')) socket.write('250-sink\r\n250 8BITMIME\r\n');
        else if (command.startsWith('DATA')) {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (command.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  return {
    messages,
    async listen() {
      listening = await listenLocal(server);
      return listening.port;
    },
    close: () => listening?.close(),
  };
}

const sink = smtpSink();
let smtpPort;
before(async () => {
  smtpPort = await sink.listen();
});
after(() => sink.close());

/** The code of the newest e-mail once `count` e-mails arrived (English or Chinese text, possibly encoded). */
async function codeOfMail(count) {
  const deadline = Date.now() + 20_000;
  while (sink.messages.length < count) {
    assert.ok(Date.now() < deadline, `no e-mail ${count} reached the SMTP sink`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const mail = sink.messages[count - 1];
  const body = mail.split('\r\n\r\n').slice(1).join('\r\n\r\n');
  let text = body;
  if (/Content-Transfer-Encoding: base64/i.test(mail)) text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(mail)) text = body.replace(/=\r\n/g, '');
  const found = text.match(/(?<!\d)(\d{6})(?!\d)/);
  assert.ok(found, `no code in ${mail}`);
  return found[1];
}

describe('account security and password recovery', { timeout: 300_000 }, () => {
  test('set up e-mail and question, then recover by the question (zh) and by e-mail (en)', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    const saved = await api(page, '/lfscada/msg/notify/smtp/save', {
      host: '127.0.0.1',
      port: String(smtpPort),
      security: 'none',
      fromAddress: 'console@plant.example',
      fromName: 'Ironsight',
    });
    assert.equal(saved.code, '200', JSON.stringify(saved));

    // Without an SMS provider the sms screen gives way to the nosms one.
    await page.goto(`${app.base}/account/security/sms`);
    await page.waitForURL('**/account/security/nosms');
    await page.locator('[data-testid="security-page"]').waitFor();
    await settle(page);
    await shot(page, 'security-overview-zh');

    // Bind the e-mail address: prove by password, the address, the code mailed to it.
    await page.locator('[data-testid="security-change-email"]').click();
    await proveByPassword(page, 'Demo@12345');
    await page.locator('#security-email').fill(EMAIL);
    await page.locator('[data-testid="security-change-submit"]').click();
    await page.waitForURL('**/setup/email/validate');
    await page.locator('#security-bind-code').fill(await codeOfMail(1));
    // One code per resend wait to an address: the recovery's code below waits for it since this one.
    const boundAt = Date.now();
    await settle(page);
    await shot(page, 'security-email-code-zh');
    await page.locator('[data-testid="security-confirm-submit"]').click();
    await page.locator('[data-testid="security-success"]').waitFor();

    // The security question, the answer typed twice.
    await page.locator('[data-testid="security-back"]').click();
    await page.locator('[data-testid="security-change-question"]').click();
    await proveByPassword(page, 'Demo@12345');
    await page.locator('#security-question').fill(QUESTION);
    await page.locator('#security-new-answer').fill(ANSWER);
    await page.locator('[data-testid="security-change-submit"]').click();
    await page.locator('#security-answer-again').fill(ANSWER);
    await page.locator('[data-testid="security-confirm-submit"]').click();
    await page.locator('[data-testid="security-success"]').waitFor();
    await page.locator('[data-testid="security-back"]').click();
    await page.locator('[data-testid="security-item-question"]').getByText(QUESTION).waitFor();
    await page.locator('[data-testid="security-item-email"]').getByText('o***@plant.example').waitFor();
    await settle(page);
    await shot(page, 'security-set-up-zh');

    // Locked out: the question path, from the login page's link.
    await logout(page);
    await page.locator('#login-forgot').click();
    await page.waitForURL('**/findpwd/account');
    await startRecovery(page, 'question');
    await page.locator('#findpwd-answer').fill('blue   PUMP');
    await settle(page);
    await shot(page, 'findpwd-question-zh');
    await page.locator('[data-testid="findpwd-verify-submit"]').click();
    await newRecoveredPassword(page, 'Found@1234');
    await shot(page, 'findpwd-finish-zh');
    await loginThroughForm(page, app.base, 'demo', 'Found@1234');
    await page.waitForURL('**/monitor/eg/list');
    await page.locator('#top-nav').waitFor();

    // Again in English, by the e-mail path.
    await logout(page);
    await page.evaluate(() => localStorage.setItem('langs', 'en'));
    await page.goto(`${app.base}/findpwd`);
    await page.waitForURL('**/findpwd/account');
    await startRecovery(page, 'email');
    await untilResendAllowed(page, boundAt);
    await page.locator('[data-testid="findpwd-code-send"]').click();
    await page.locator('[data-testid="findpwd-code-send"]').getByText(/Again in \d+ s/).waitFor();
    await page.locator('#findpwd-code').fill(await codeOfMail(2));
    await settle(page);
    await shot(page, 'findpwd-email-en');
    await page.locator('[data-testid="findpwd-verify-submit"]').click();
    await newRecoveredPassword(page, 'Mailed@123');
    await shot(page, 'findpwd-finish-en');
    await loginThroughForm(page, app.base, 'demo', 'Mailed@123');
    await page.waitForURL('**/monitor/eg/list');
    await page.goto(`${app.base}/account/security/nosms`);
    await page.locator('[data-testid="security-page"]').waitFor();
    await settle(page);
    await shot(page, 'security-overview-en');
  });
});
