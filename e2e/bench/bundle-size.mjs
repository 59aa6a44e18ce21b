// `make bench` (web bundle): the JavaScript the browser fetches to show the login page and, after logging in, the
// monitor's equipment list, each file with the bytes that crossed the wire and its decoded size. Prints figures;
// asserts nothing.
//
// Issue 12's target: the login page under 200 kB of JavaScript "measured as sent by the server, not by
// re-compressing in the bench". The sizes are read from Chromium itself through the DevTools protocol:
// `Network.loadingFinished.encodedDataLength` (every byte received for the request) minus the header bytes
// `Network.responseReceived` had counted, i.e. the response body as it came over the socket, compressed with
// whatever Content-Encoding the server chose for Chromium's own Accept-Encoding (`gzip, deflate, br, zstd`).
// The decoded size is the sum of `Network.dataReceived.dataLength`. kB = 1,000 bytes, as Vite prints them.
//
// Four figures, each in a fresh browser context (empty cache):
// - /login opened cold;
// - /monitor/eg/list opened cold with a session (entry, app shell, the list's chunks: what a reload costs);
// - what logging in on the login page adds on the way to the list (the shell and the list's chunks, their texts);
// - the list opened cold in English (the saved language `langs`).
//
// Uses IRONSIGHT_BIN (the release binary with `make bench`; a debug binary reads web/dist from disk, same files).

import { launchBrowser, startServer } from '../lib/harness.mjs';

const LIST_PATH = '/monitor/eg/list';

/**
 * Records every response a page receives, through a DevTools session of its own, by path (a file fetched twice
 * counts once). Answers per file: the resource type, the Content-Encoding, the body bytes on the wire and decoded.
 */
async function recordNetwork(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const byId = new Map();
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    byId.set(requestId, {
      path: new URL(response.url).pathname,
      type,
      encoding: headers['content-encoding'] ?? 'identity',
      headerBytes: response.encodedDataLength,
      decoded: 0,
      wire: undefined,
    });
  });
  cdp.on('Network.dataReceived', ({ requestId, dataLength }) => {
    const entry = byId.get(requestId);
    if (entry) entry.decoded += dataLength;
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const entry = byId.get(requestId);
    if (entry) entry.wire = encodedDataLength - entry.headerBytes;
  });
  return {
    /** Stops recording; answers the finished responses, largest on the wire first. */
    async done() {
      await cdp.detach();
      const files = new Map();
      for (const entry of byId.values()) {
        if (entry.wire !== undefined && !files.has(entry.path)) files.set(entry.path, entry);
      }
      return [...files.values()].sort((a, b) => b.wire - a.wire);
    },
  };
}

const kB = (bytes) => (bytes / 1000).toFixed(1).padStart(8);
const sum = (files, field) => files.reduce((total, f) => total + f[field], 0);

/** Prints a route's scripts file by file, then one line for everything else it fetched; answers the scripts' wire total. */
function print(title, responses) {
  const scripts = responses.filter((f) => f.type === 'Script');
  const others = responses.filter((f) => f.type !== 'Script' && f.type !== 'Fetch' && f.type !== 'XHR');
  const encodings = [...new Set(scripts.map((f) => f.encoding))].join(', ');
  console.log(
    `\n${title}: ${scripts.length} scripts, ${kB(sum(scripts, 'wire')).trim()} kB on the wire (${encodings}), ` +
      `${kB(sum(scripts, 'decoded')).trim()} kB decoded`,
  );
  console.log(`  ${'file'.padEnd(52)} ${'wire kB'.padStart(8)} ${'raw kB'.padStart(8)}  encoding`);
  for (const f of scripts) {
    console.log(`  ${f.path.replace(/^\/assets\//, '').padEnd(52)} ${kB(f.wire)} ${kB(f.decoded)}  ${f.encoding}`);
  }
  console.log(`  ${'total'.padEnd(52)} ${kB(sum(scripts, 'wire'))} ${kB(sum(scripts, 'decoded'))}`);
  if (others.length > 0) {
    const what = [...new Set(others.map((f) => f.type.toLowerCase()))].join(', ');
    console.log(`  besides: ${others.length} other files (${what}), ${kB(sum(others, 'wire')).trim()} kB on the wire`);
  }
  return sum(scripts, 'wire');
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
  const login = await recordNetwork(loginPage);
  await loginPage.goto(`${server.base}/login`, { waitUntil: 'networkidle' });
  await loginPage.locator('#login-submit').waitFor();
  const loginFiles = await login.done();

  // 3. Logging in from there (the form, as loginThroughForm fills it, without reloading the page): what the way
  // to the list adds, the entry being loaded already.
  const added = await recordNetwork(loginPage);
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
  const list = await recordNetwork(listPage);
  await listPage.goto(`${server.base}${LIST_PATH}`);
  await listShown(listPage);
  const listFiles = await list.done();
  await listContext.close();

  // 4. The same in English.
  const english = { ...session, origins: [{ origin: server.base, localStorage: [{ name: 'langs', value: 'en' }] }] };
  const englishContext = await chromium.browser.newContext({ viewport, storageState: english });
  const englishPage = await englishContext.newPage();
  const inEnglish = await recordNetwork(englishPage);
  await englishPage.goto(`${server.base}${LIST_PATH}`);
  await listShown(englishPage);
  if ((await englishPage.locator('html').getAttribute('lang')) !== 'en') throw new Error('the list did not open in English');
  const englishFiles = await inEnglish.done();
  await englishContext.close();

  console.log('\nWeb bundle: JavaScript per route as the server sent it (body bytes on the wire), headless Chromium, empty cache');
  const loginTotal = print('/login (cold)', loginFiles);
  const listTotal = print(`${LIST_PATH} after login (cold: entry, shell, list)`, listFiles);
  const addedTotal = print(`/login → ${LIST_PATH} (fetched on the way, after the login page)`, addedFiles);
  const englishTotal = print(`${LIST_PATH} after login in English (cold)`, englishFiles);
  console.log(
    `\nSummary (JavaScript on the wire): /login ${kB(loginTotal).trim()} kB, ${LIST_PATH} ${kB(listTotal).trim()} kB, ` +
      `login → list adds ${kB(addedTotal).trim()} kB, ${LIST_PATH} in English ${kB(englishTotal).trim()} kB`,
  );
} finally {
  await chromium.close();
  await server.stop();
}
