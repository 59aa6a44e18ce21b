// `make bench` (web bundle): the JavaScript the browser fetches to show the login page and, after logging in, the
// monitor's equipment list, with each file's raw and compressed size. Prints figures; asserts nothing.
//
// Issue 4's target: "the login page and the monitor list load under 300 KB of compressed JavaScript". Sizes are
// of the response bodies the page received (what the browser had to run), compressed here with gzip level 9, so
// the figure does not depend on whether the server compresses. kB = 1,000 bytes, as Vite prints them.
//
// Four figures, each in a fresh browser context (empty cache):
// - /login opened cold;
// - /monitor/eg/list opened cold with a session (entry, app shell, the list's chunks: what a reload costs);
// - what logging in on the login page adds on the way to the list (the shell and the list's chunks only);
// - the list opened cold in English (the saved language `langs`: Chinese, the default, is bundled; English is
//   fetched on top).
//
// Uses IRONSIGHT_BIN (the release binary with `make bench`; a debug binary reads web/dist from disk, same files).

import { gzipSync } from 'node:zlib';
import { launchBrowser, startServer } from '../lib/harness.mjs';

const LIST_PATH = '/monitor/eg/list';

/** Collects every JavaScript response a page receives, by URL (a file fetched twice counts once). */
function recordScripts(page) {
  const pending = [];
  const files = new Map();
  const onResponse = (response) => {
    const url = new URL(response.url());
    const type = response.headers()['content-type'] ?? '';
    if (!url.pathname.endsWith('.js') && !type.includes('javascript')) return;
    pending.push(
      response.body().then(
        (body) => {
          if (!files.has(url.pathname)) files.set(url.pathname, { raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
        },
        () => undefined, // a response without a body (aborted): nothing fetched to count
      ),
    );
  };
  page.on('response', onResponse);
  return {
    /** Stops recording and answers the files, largest compressed first. */
    async done() {
      page.off('response', onResponse);
      await Promise.all(pending);
      return [...files].map(([path, size]) => ({ path, ...size })).sort((a, b) => b.gzip - a.gzip);
    },
  };
}

const kB = (bytes) => (bytes / 1000).toFixed(1).padStart(8);

function print(title, files) {
  const raw = files.reduce((sum, f) => sum + f.raw, 0);
  const gzip = files.reduce((sum, f) => sum + f.gzip, 0);
  console.log(`\n${title}: ${files.length} files, ${kB(raw).trim()} kB raw, ${kB(gzip).trim()} kB gzip`);
  console.log(`  ${'file'.padEnd(52)} ${'raw kB'.padStart(8)} ${'gzip kB'.padStart(8)}`);
  for (const f of files) console.log(`  ${f.path.replace(/^\/assets\//, '').padEnd(52)} ${kB(f.raw)} ${kB(f.gzip)}`);
  console.log(`  ${'total'.padEnd(52)} ${kB(raw)} ${kB(gzip)}`);
  return gzip;
}

/** Waits until the list shows its cards (or says it is empty) and nothing more is being fetched. */
async function listShown(page) {
  await page.waitForURL(`**${LIST_PATH}`);
  await page.locator('[data-testid="fleet-list-page"]').waitFor();
  await page.locator('[data-testid^="fleet-card-"][data-state], [data-testid="fleet-empty"]').first().waitFor();
  await page.waitForLoadState('networkidle');
}

const server = await startServer();
const chromium = await launchBrowser();
try {
  const viewport = { width: 1366, height: 860 };

  // 1. The login page, cold.
  const loginContext = await chromium.browser.newContext({ viewport });
  const loginPage = await loginContext.newPage();
  const login = recordScripts(loginPage);
  await loginPage.goto(`${server.base}/login`, { waitUntil: 'networkidle' });
  await loginPage.locator('#login-submit').waitFor();
  const loginFiles = await login.done();

  // 3. Logging in from there (the form, as loginThroughForm fills it, without reloading the page): what the way
  // to the list adds, the entry being loaded already.
  const added = recordScripts(loginPage);
  await loginPage.locator('#login-username').fill('demo');
  await loginPage.locator('#login-password').fill('Demo@12345');
  await loginPage.locator('#login-vcode').fill('ABCDE');
  await loginPage.locator('#login-submit').click();
  await listShown(loginPage);
  const addedFiles = await added.done();
  const session = await loginContext.storageState();
  await loginContext.close();

  // 2. The list, cold, with the session of step 3 (a reload, or a bookmark opened after logging in).
  const listContext = await chromium.browser.newContext({ viewport, storageState: session });
  const listPage = await listContext.newPage();
  const list = recordScripts(listPage);
  await listPage.goto(`${server.base}${LIST_PATH}`);
  await listShown(listPage);
  const listFiles = await list.done();
  await listContext.close();

  // 4. The same in English.
  const english = { ...session, origins: [{ origin: server.base, localStorage: [{ name: 'langs', value: 'en' }] }] };
  const englishContext = await chromium.browser.newContext({ viewport, storageState: english });
  const englishPage = await englishContext.newPage();
  const inEnglish = recordScripts(englishPage);
  await englishPage.goto(`${server.base}${LIST_PATH}`);
  await listShown(englishPage);
  if ((await englishPage.locator('html').getAttribute('lang')) !== 'en') throw new Error('the list did not open in English');
  const englishFiles = await inEnglish.done();
  await englishContext.close();

  console.log('\nWeb bundle: JavaScript fetched per route, headless Chromium, empty cache, gzip -9 of each body');
  const loginTotal = print('/login (cold)', loginFiles);
  const listTotal = print(`${LIST_PATH} after login (cold: entry, shell, list)`, listFiles);
  const addedTotal = print(`/login → ${LIST_PATH} (fetched on the way, after the login page)`, addedFiles);
  const englishTotal = print(`${LIST_PATH} after login in English (cold)`, englishFiles);
  console.log(
    `\nSummary (gzip): /login ${kB(loginTotal).trim()} kB, ${LIST_PATH} ${kB(listTotal).trim()} kB, ` +
      `login → list adds ${kB(addedTotal).trim()} kB, ${LIST_PATH} in English ${kB(englishTotal).trim()} kB`,
  );
} finally {
  await chromium.close();
  await server.stop();
}
