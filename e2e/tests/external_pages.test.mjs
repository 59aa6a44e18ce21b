// External pages (docs/frame.md) in a real browser against the real server. The test serves a small site of its
// own on another port (so another origin than the console's); the demo administrator adds it in the system
// settings dialog with the mouse and the keyboard; it appears in the Manage menu under 外部页面 / External pages.
// The console was loaded before the page was added, so its Content-Security-Policy does not name the site yet:
// the browser blocks the frame and the screen asks for a reload; after the reload the site is framed (a text
// inside the frame is read). A deep link into the site is framed; an address of another origin typed in the
// address bar is refused without a frame; openFlag 1 offers the page in a new tab, which opens it. Screenshots
// in zh-CN and en.

import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { consoleUnderTest, listenLocal, settle, snap } from '../lib/harness.mjs';

const PAGES = {
  '/': '<h1 id="board-title">Plant board</h1><p id="board-line">Line 2 · running · 42.5 m³/h</p>',
  '/deep.html': '<h1 id="deep-title">Deep report</h1><p>Shift summary</p>',
};

/** The external site: plain HTML pages, no frame refusal of its own. */
async function startSite() {
  const server = createServer((request, response) => {
    const body = PAGES[new URL(request.url, 'http://site').pathname];
    response.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><body style="font-family:sans-serif;background:#eef6ff;margin:24px">${body ?? 'not found'}</body>`);
  });
  const { port, close } = await listenLocal(server);
  return { url: `http://127.0.0.1:${port}`, port, close };
}

const site = await startSite();
after(() => site.close());
const app = consoleUnderTest();

/** Types `text` into the field `selector` with the keyboard, after clicking it. */
async function type(page, selector, text) {
  await page.locator(selector).click();
  await page.keyboard.type(text);
}

async function useLanguage(page, lang) {
  await page.evaluate((value) => localStorage.setItem('langs', value), lang);
  await page.reload();
}

describe('external pages', () => {
  test('added by the administrator, listed in the Manage menu, framed after a reload; other origins refused', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    const cspBefore = (await page.request.get(`${app.base}/manage/frame/1`)).headers()['content-security-policy'];
    assert.equal(cspBefore, "frame-ancestors 'self'; frame-src 'self'");

    // Added in the system settings dialog, with the mouse and the keyboard.
    await page.locator('#user-menu').click();
    await page.locator('#system-settings-open').click();
    const section = page.locator('[data-testid="external-pages-settings"]');
    await section.getByText('还没有外部页面').waitFor();
    await type(page, '#external-page-title', '厂区看板');
    await type(page, '#external-page-url', `${site.url}/`);
    await page.keyboard.press('Enter');
    await section.locator('.ant-table-row').getByText('厂区看板').waitFor();
    assert.equal(await page.locator('#external-page-title').inputValue(), '', 'the form is ready for the next');
    await snap(page, 'external-pages-settings-zh');
    await page.locator('.ant-modal-close').click();
    await page.locator('.ant-modal-content').waitFor({ state: 'hidden' });

    // In the Manage menu; the console's policy is older than the entry: the browser blocks it, the screen says so.
    await page.locator('#top-nav').getByText('管理').click();
    const sideMenu = page.locator('#side-menu');
    await sideMenu.getByText('外部页面').waitFor();
    // The group is last in a long menu: scrolled to the menu's end as a person scrolls it (scrolled into view only
    // just, an entry would sit at the sider's bottom edge, under its collapse trigger).
    await page.locator('.ant-layout-sider').evaluate((sider) => sider.scrollTo(0, sider.scrollHeight));
    await snap(page, 'external-pages-menu-zh');
    await sideMenu.getByText('厂区看板').click();
    await page.waitForURL(/\/manage\/frame\/\d+$/);
    const id = page.url().match(/\/manage\/frame\/(\d+)$/)[1];
    await page.locator('[data-testid="frame-blocked"]').getByText('请重新加载控制台以打开此页面').waitFor();
    await snap(page, 'external-pages-blocked-zh');
    await page.locator('#frame-reload').click();

    // Reloaded: the policy names the site, which is framed.
    await page.locator('[data-testid="external-frame"]').waitFor();
    const framed = page.frameLocator('[data-testid="external-frame"]');
    assert.equal(await framed.locator('#board-title').innerText(), 'Plant board');
    assert.equal(await page.locator('[data-testid="frame-title"]').innerText(), '厂区看板');
    assert.equal(await page.locator('[data-testid="frame-address"]').innerText(), `${site.url}/`);
    const csp = (await page.request.get(`${app.base}/manage/frame/${id}`)).headers()['content-security-policy'];
    assert.equal(csp, `frame-ancestors 'self'; frame-src 'self' ${site.url}`);
    assert.match(await sideMenu.locator('.ant-menu-item-selected').innerText(), /厂区看板/);
    await snap(page, 'external-pages-framed-zh');

    // A deep link into the site is framed; another origin (the same server by another name) is refused, unframed.
    await page.goto(`${app.base}/manage/frame/${encodeURIComponent(`${site.url}/deep.html`)}`);
    assert.equal(await page.frameLocator('[data-testid="external-frame"]').locator('#deep-title').innerText(), 'Deep report');
    await page.goto(`${app.base}/manage/frame/${encodeURIComponent(`http://localhost:${site.port}/deep.html`)}`);
    await page.locator('[data-testid="frame-refused"]').getByText('该地址不是本组织的外部页面').waitFor();
    assert.equal(await page.locator('iframe').count(), 0);
    await snap(page, 'external-pages-refused-zh');

    // openFlag 1: the page in a new tab instead of a frame.
    await page.goto(`${app.base}/manage/frame/${id}/1`);
    await page.locator('[data-testid="frame-new-tab"]').waitFor();
    assert.equal(await page.locator('iframe').count(), 0);
    await snap(page, 'external-pages-new-tab-zh');
    const [opened] = await Promise.all([page.context().waitForEvent('page'), page.locator('#frame-open-new-tab').click()]);
    await opened.waitForLoadState();
    assert.equal(opened.url(), `${site.url}/`);
    assert.equal(await opened.locator('#board-title').innerText(), 'Plant board');
    await opened.close();

    // English.
    await useLanguage(page, 'en');
    await page.locator('[data-testid="frame-new-tab"]').getByText('Open in a new tab').waitFor();
    await snap(page, 'external-pages-new-tab-en');
    await page.goto(`${app.base}/manage/frame/${id}`);
    await page.frameLocator('[data-testid="external-frame"]').locator('#board-title').waitFor();
    await page.locator('#side-menu').getByText('External pages').waitFor();
    await snap(page, 'external-pages-framed-en');
    await page.goto(`${app.base}/manage/frame/${encodeURIComponent('javascript:alert(1)')}`);
    await page.locator('[data-testid="frame-refused"]').getByText("This address is not one of the organisation's external pages").waitFor();
    await snap(page, 'external-pages-refused-en');
    await page.locator('#user-menu').click();
    await page.locator('#system-settings-open').click();
    await page.locator('[data-testid="external-pages-settings"] .ant-table-row').getByText('厂区看板').waitFor();
    await page.locator('[data-testid="external-pages-settings"]').getByText('External pages').first().waitFor();
    await settle(page);
    await page.locator('#external-page-save').evaluate((button) => button.scrollIntoView({ block: 'end' }));
    await snap(page, 'external-pages-settings-en');
    await page.context().close();
  });
});
