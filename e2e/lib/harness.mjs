// Test harness: starts the real `ironsight` binary on a free port with a fresh data directory, and the
// machine's Chromium through playwright-core. Readiness is the server's own "running" line, never a sleep.

import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { after, afterEach, before } from 'node:test';

const here = dirname(fileURLToPath(import.meta.url));
export const repoRoot = resolve(here, '..', '..');
export const screenshotDir = join(repoRoot, 'e2e', 'screenshots');

/** Starts the server; resolves with its base URL and a stop function. */
export async function startServer({ extraArgs = [] } = {}) {
  const bin = process.env.IRONSIGHT_BIN ?? join(repoRoot, 'target', 'debug', 'ironsight');
  const dataDir = mkdtempSync(join(tmpdir(), 'ironsight-e2e-'));
  const child = spawn(
    bin,
    // `--lang en`: the demo plant's names in English (its pump station keeps the names the tests use); the console's
    // own language is chosen in the browser, as each test does.
    ['--listen', '127.0.0.1:0', '--mqtt-listen', '127.0.0.1:0', '--data-dir', dataDir, '--demo', '--lang', 'en', '--no-captcha', ...extraArgs],
    {
      // No seeded past by default (a month of history costs each start seconds); a test that reads the demo's
      // reports passes `--demo-history-days N`, which wins over the environment.
      env: { ...process.env, IRONSIGHT_ADMIN_PASSWORD: 'Admin@12345', IRONSIGHT_LOG: 'warn', IRONSIGHT_DEMO_HISTORY_DAYS: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const base = await new Promise((resolveBase, reject) => {
    const deadline = setTimeout(() => reject(new Error(`server did not start within 60 s:\n${output}`)), 60_000);
    const onData = (chunk) => {
      output += chunk.toString();
      const match = output.match(/Ironsight is running: http:\/\/localhost:(\d+)\//);
      if (match) {
        clearTimeout(deadline);
        resolveBase(`http://127.0.0.1:${match[1]}`);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(deadline);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    base,
    /** What the server has printed so far (warnings and errors: the tests run it with IRONSIGHT_LOG=warn). */
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts a test's stand-in for an outside service (a node:http or node:net server: a weather or SMS provider, an
 * SMTP server, a web site, a video stream) on a free local port. Answers the port and `close`, which also ends the
 * connections still open: the server under test keeps its connections to a provider alive, and a plain
 * `server.close()` waits for them to end, which held the weather file's end for the client's 90 s idle timeout.
 */
export async function listenLocal(server) {
  const open = new Set();
  server.on('connection', (socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: server.address().port,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        for (const socket of open) socket.destroy();
      }),
  };
}

/** Launches headless Chromium. Playwright gives it a fresh temporary profile (user data dir) of its own and
 * refuses `--user-data-dir` in `args`; each test then opens a new context with empty storage. */
export async function launchBrowser() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
  return {
    browser,
    async close() {
      await browser.close();
    },
  };
}

/** Saves a full-page screenshot under e2e/screenshots (ignored by git) for a person to look at. */
export async function shot(page, name) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}

/** Logs in through the login form. */
export async function loginThroughForm(page, base, loginname, password) {
  await page.goto(`${base}/login`);
  await page.locator('#login-username').fill(loginname);
  await page.locator('#login-password').fill(password);
  await page.locator('#login-vcode').fill('ABCDE');
  await page.locator('#login-submit').click();
}

/**
 * The usual set-up of a browser test file: a server and Chromium started before its tests and stopped after them
 * (node:test hooks registered here). Answers the server's base URL and a page in a fresh context (empty storage).
 * `extraArgs`: more flags for the server (e.g. `--weather-url` of a stand-in the test runs).
 */
export function consoleUnderTest({ viewport = { width: 1366, height: 860 }, extraArgs = [] } = {}) {
  let server;
  let chromium;
  /** The pages the running test opened, for what a failure leaves behind. */
  const pages = new Set();
  before(async () => {
    server = await startServer({ extraArgs });
    chromium = await launchBrowser();
  });
  afterEach(async (t) => {
    if (!t.passed) await reportFailure(t.name, [...pages], server);
    pages.clear();
  });
  after(async () => {
    await chromium?.close();
    await server?.stop();
  });
  return {
    /** The server's base URL, e.g. http://127.0.0.1:40123 (valid inside tests). */
    get base() {
      return server.base;
    },
    /**
     * A page in a new browser context; downloads are accepted so tests can check exports. `device`: other context
     * options (a phone's viewport, touch, isMobile).
     *
     * The context asks for reduced motion, as a user's system can, so the console's dialogs, pop-ups and menus
     * open without antd's zoom and slide (providers.tsx). With motion, a click right after a pop-up appeared could be
     * lost: antd first lays a pop-up out full size at its place, invisible (the motion's "prepare" step, while it
     * measures), then shrinks it to nothing and grows it. Playwright found the button still there for two frames,
     * passed its checks, and the click arrived after the shrink, on what lay beneath: a popconfirm's OK, a colour
     * preset and a dialog's OK were each lost once that way. `{ reducedMotion: 'no-preference' }` for a test of motion.
     */
    async newPage(device = {}) {
      const context = await chromium.browser.newContext({ viewport, acceptDownloads: true, reducedMotion: 'reduce', ...device });
      const page = await context.newPage();
      pages.add(page);
      return page;
    },
    /**
     * Logs in as the demo account and waits for the landing page's shell. The URL changes before the shell's
     * chunk has drawn it: a click right after (the header's language switch) could land on the login page as it
     * goes away and be lost, so the console's own navigation is waited for too.
     */
    async loginAsDemo(page) {
      await loginThroughForm(page, server.base, 'demo', 'Demo@12345');
      await page.waitForURL('**/monitor/eg/list');
      // The wide shell's navigation, or the compact shell's menu button (phones, upright tablets).
      await page.locator('#top-nav, #shell-menu-button').first().waitFor();
    },
  };
}

/**
 * What a failed test leaves for its root cause, printed with the failure: a screenshot of each page it had open as
 * it failed (e2e/screenshots/FAILED-…), the error and warning texts those pages showed (alerts, toasts, form
 * errors), and what the server logged (warnings and errors). A failure met once must be explained, not rerun.
 */
async function reportFailure(testName, pages, server) {
  const name = testName.replace(/[^\w-]+/g, '-').slice(0, 60);
  const lines = [`failed: ${testName}`];
  for (const [i, page] of pages.entries()) {
    if (page.isClosed()) continue;
    try {
      await shot(page, `FAILED-${name}-${i}`);
      lines.push(`page ${i}: ${page.url()} (screenshot e2e/screenshots/FAILED-${name}-${i}.png)`);
      const shown = await page
        .locator('.ant-alert-message, .ant-message-notice, .ant-notification-notice, .ant-form-item-explain-error')
        .allInnerTexts();
      if (shown.length > 0) lines.push(`  shown: ${shown.map((text) => JSON.stringify(text)).join(', ')}`);
    } catch (error) {
      lines.push(`page ${i}: not captured (${error.message})`);
    }
  }
  const logged = (server?.output() ?? '').split('\n').filter((line) => /WARN|ERROR/.test(line));
  lines.push(logged.length > 0 ? `server logged:\n${logged.slice(-30).join('\n')}` : 'server logged no warning or error');
  console.error(lines.join('\n'));
}

/** Waits for `count` of the page's animation frames: time on the page's own clock, for a test that must see
 * that something does NOT change while the page keeps drawing (a paused player). */
export async function frames(page, count) {
  await page.evaluate(
    (n) =>
      new Promise((resolve) => {
        const step = (left) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
        step(n);
      }),
    count,
  );
}

/** Lets finite animations and transitions (tabs, dialogs, drawers, popovers, toasts) finish so a click lands where
 * the user's would and a screenshot shows what the user sees; endless ones (a spinner) are not waited for. Then two
 * frames, so what the end of an animation changes is drawn. */
export async function settle(page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  await frames(page, 2);
}

/** A screenshot once animations have settled. */
export async function snap(page, name) {
  await settle(page);
  await shot(page, name);
}
