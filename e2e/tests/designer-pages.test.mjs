// Around a designed page, in a real browser against the real server: each save kept as a version, listed,
// previewed and restored in the designer; a page password set in the designer and asked by the viewer (wrong,
// then right); bindings to signals that no longer exist repaired when the designer opens the page, with the
// engineer told and shown which widgets; a page copied and made the home page the monitor opens; a page exported as a
// JSON file and imported again; the rulers switched off in the designer's settings. Screenshots in zh-CN and en.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleUnderTest, snap } from '../lib/harness.mjs';
import { api, findDemo } from '../lib/demo.mjs';
import { draw, save, widgetsOfType } from '../lib/designer.mjs';

const app = consoleUnderTest();

describe('around a designed page', () => {
  test('zh-CN: versions restored in the designer, and a page password asked by the viewer', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    const { equipmentId } = await findDemo(page);
    const added = await api(page, '/lfscada/configuration/page/add', { equipmentId: String(equipmentId), title: '版本与密码' });
    assert.equal(added.code, '200', JSON.stringify(added));
    const pageId = added.data.id;
    await page.goto(`${app.base}/manage/eg/${equipmentId}/designer/${pageId}`);
    await page.locator('[data-testid="designer-canvas"]').waitFor();

    // Two saves: a rectangle, then a circle beside it.
    await draw(page, 'ShapeRect', [100, 100], [300, 200]);
    await save(page);
    await draw(page, 'ShapeCircle', [400, 100], [500, 200]);
    await save(page);

    // Both are listed, newest first; the first one restored takes the circle away until saved.
    await page.locator('[data-testid="designer-versions"]').click();
    const rows = page.locator('[data-testid="version-row"]');
    await rows.nth(1).waitFor();
    assert.equal(await rows.count(), 2);
    assert.match(await rows.nth(0).innerText(), /demo · 2 个组件/);
    assert.match(await rows.nth(1).innerText(), /demo · 1 个组件/);
    await rows.nth(1).getByRole('button', { name: '预 览' }).or(rows.nth(1).getByRole('button', { name: '预览' })).click();
    await page.locator('[data-testid="version-preview"] [data-widget-type="ShapeRect"]').waitFor({ state: 'attached' });
    assert.equal(await page.locator('[data-testid="version-preview"] [data-widget-type="ShapeCircle"]').count(), 0);
    await snap(page, 'designer-08-version-preview-zh');
    await page.locator('.ant-modal-footer').getByRole('button', { name: /关\s?闭/ }).click();
    await rows.nth(1).locator('[data-testid="version-restore"]').click();
    await page.locator('[data-testid="versions-drawer"]').waitFor({ state: 'hidden' });
    await page.locator('[data-testid="designer-unsaved"]').waitFor();
    assert.equal(await widgetsOfType(page, 'ShapeCircle').count(), 0);
    assert.equal(await widgetsOfType(page, 'ShapeRect').count(), 1);
    // Undo brings the circle back; redo restores again, and the save keeps it as the newest version.
    await page.keyboard.press('Control+z');
    await widgetsOfType(page, 'ShapeCircle').waitFor({ state: 'attached' });
    await page.keyboard.press('Control+y');
    await widgetsOfType(page, 'ShapeCircle').waitFor({ state: 'detached' });
    await save(page);
    const versions = await api(page, '/lfscada/configuration/page/versions', { id: String(pageId) });
    assert.deepEqual(versions.data.map((v) => v.widgets), [1, 2, 1]);

    // The page password: a bad one is refused with the server's words, a good one turns it on.
    await page.locator('[data-testid="designer-password"]').click();
    const input = page.locator('[data-testid="designer-page-password"]');
    await input.fill('ab');
    await page.locator('[data-testid="password-set"]').click();
    await page.locator('[data-testid="password-error"]').getByText('password', { exact: false }).waitFor();
    await snap(page, 'designer-09-password-refused-zh');
    await input.fill('Secret1');
    await page.locator('[data-testid="password-set"]').click();
    await page.locator('[data-testid="designer-password"]').getByText('已设密码').waitFor();

    // The viewer asks; a wrong password is told, the right one shows the page.
    await page.goto(`${app.base}/monitor/eg/detail/page/${pageId}/0`);
    await page.locator('[data-testid="page-password"]').waitFor();
    await page.locator('[data-testid="page-password-input"]').fill('secret1');
    await page.keyboard.press('Enter');
    await page.getByText('页面密码错误').waitFor();
    await snap(page, 'designer-10-viewer-password-zh');
    await page.locator('[data-testid="page-password-input"]').fill('Secret1');
    await page.locator('[data-testid="page-password-open"]').click();
    await page.locator('[data-testid="runtime-canvas"] [data-widget-type="ShapeRect"]').waitFor({ state: 'attached' });
    // Opened once in this session, a reload does not ask again.
    await page.reload();
    await page.locator('[data-testid="runtime-canvas"]').waitFor();
    assert.equal(await page.locator('[data-testid="page-password"]').count(), 0);
  });

  test('en: bindings to signals that no longer exist are repaired on open, and the engineer is shown them', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    await page.locator('#lang-switch').click();
    await page.getByText('Gateway equipment').first().waitFor();
    const { equipmentId, signals } = await findDemo(page);
    const [title, signalId] = Object.entries(signals)[0];
    const added = await api(page, '/lfscada/configuration/page/add', { equipmentId: String(equipmentId), title: 'Repair' });
    const bound = (id, x, binding) => ({
      id,
      widgetType: 'UsualDataText',
      position: { x, y: 100, width: 160, height: 40, rotate: 0 },
      data: { type: 'signal', equipId: equipmentId, ...binding },
    });
    const document = {
      con: { width: 800, height: 400 },
      widgets: [
        bound('gone', 100, { signalId: 987654, title: 'Removed sensor' }),
        bound('renamed', 400, { signalId, title: 'An old name' }),
      ],
    };
    const saved = await api(page, '/lfscada/configuration/page/save', { id: String(added.data.id), document: JSON.stringify(document) });
    assert.equal(saved.code, '200', JSON.stringify(saved));
    await page.goto(`${app.base}/manage/eg/${equipmentId}/designer/${added.data.id}`);
    const notice = page.locator('[data-testid="repair-notice"]');
    await notice.waitFor();
    const text = await notice.innerText();
    assert.match(text, /1 binding to a signal that no longer exists was cleared/);
    assert.match(text, /1 signal title was refreshed/);
    assert.match(text, /Opening the page repaired 2 widgets/);
    await page.locator('[data-testid="designer-unsaved"]').waitFor();
    await page.locator('[data-testid="repair-select"]').click();
    await page.locator('[data-testid="selected-gone"]').waitFor({ state: 'attached' });
    await page.locator('[data-testid="selected-renamed"]').waitFor({ state: 'attached' });
    await snap(page, 'designer-11-binding-repair-en');
    await save(page);
    const stored = await api(page, '/lfscada/configuration/page/info', { id: String(added.data.id) });
    const byId = Object.fromEntries(stored.data.document.widgets.map((w) => [w.id, w.data]));
    assert.equal(byId.gone.signalId, null);
    assert.equal(byId.renamed.title, title);
  });

  test('zh-CN: the page tab copies a page and makes it the home page, which the monitor opens', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    const { equipmentId } = await findDemo(page);
    const listed = await api(page, '/lfscada/configuration/page/query', { equipmentId: String(equipmentId) });
    const seeded = listed.data.find((p) => p.title === 'Pump station');
    await page.goto(`${app.base}/manage/eg/equipment/edit/${equipmentId}/page`);
    await page.locator(`[data-testid="page-home-${seeded.id}"]`).waitFor();

    // The copy's title is offered from the original's, in the user's language.
    await page.locator(`[data-testid="page-copy-${seeded.id}"]`).click();
    assert.equal(await page.locator('#page-title').inputValue(), 'Pump station（副本）');
    await page.locator('#page-save').click();
    await page.getByText('Pump station（副本）').waitFor();
    const after = await api(page, '/lfscada/configuration/page/query', { equipmentId: String(equipmentId) });
    const copy = after.data.find((p) => p.title === 'Pump station（副本）');
    assert.ok(copy, JSON.stringify(after.data));
    await page.locator(`[data-testid="page-set-home-${copy.id}"]`).click();
    await page.locator(`[data-testid="page-home-${copy.id}"]`).waitFor();
    assert.equal(await page.locator(`[data-testid="page-home-${seeded.id}"]`).count(), 0);
    await snap(page, 'designer-12-page-tab-home-zh');

    // Shown as a configuration page, the equipment's card opens its home page.
    const edited = await api(page, '/lfscada/equipment/multi/edit', { id: String(equipmentId), equipName: '1# Pump station', display: 'page' });
    assert.equal(edited.code, '200', JSON.stringify(edited));
    await page.goto(`${app.base}/monitor/eg/list`);
    await page.locator(`[data-testid="fleet-card-${equipmentId}"] [data-testid="fleet-card-name"]`).click();
    await page.waitForURL(`**/monitor/eg/detail/page/${copy.id}/0`);
    await page.locator('[data-testid="runtime-canvas"]').waitFor();
  });
  test('en: a page exported as a file and imported again; the rulers switched off in the settings', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    await page.locator('#lang-switch').click();
    await page.getByText('Gateway equipment').first().waitFor();
    const { equipmentId } = await findDemo(page);
    const added = await api(page, '/lfscada/configuration/page/add', { equipmentId: String(equipmentId), title: 'Export / import' });
    await page.goto(`${app.base}/manage/eg/${equipmentId}/designer/${added.data.id}`);
    await page.locator('[data-testid="designer-canvas"]').waitFor();
    await draw(page, 'ShapeRect', [100, 100], [300, 200]);

    // Export: the browser downloads the page as JSON, named after the page.
    await page.locator('[data-testid="designer-file"]').click();
    await snap(page, 'designer-13-file-menu-en');
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid="page-export"]').click()]);
    assert.equal(download.suggestedFilename(), 'Export _ import.json');
    const exported = JSON.parse(await (await import('node:fs/promises')).readFile(await download.path(), 'utf8'));
    assert.equal(exported.widgets.length, 1);
    assert.equal(exported.widgets[0].widgetType, 'ShapeRect');

    // A file that is not JSON changes nothing and says why.
    const importInput = page.locator('[data-testid="page-import-input"]');
    await importInput.setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('not json at all') });
    await page.getByText('The file is not JSON: nothing was imported').waitFor();
    assert.equal(await widgetsOfType(page, 'ShapeRect').count(), 1);

    // The exported file with a second rectangle and a smaller canvas comes back as one undoable step.
    const second = { ...exported.widgets[0], id: 'imported', position: { ...exported.widgets[0].position, x: 400 } };
    const file = { ...exported, con: { ...exported.con, width: 800, height: 500 }, widgets: [...exported.widgets, second] };
    await importInput.setInputFiles({ name: 'page.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
    await page.locator('[data-testid="widget-imported"]').waitFor({ state: 'attached' });
    assert.equal(await page.locator('[data-testid="designer-canvas"]').getAttribute('viewBox'), '0 0 800 500');
    await page.keyboard.press('Control+z');
    await page.locator('[data-testid="widget-imported"]').waitFor({ state: 'detached' });
    await page.keyboard.press('Control+y');
    await page.locator('[data-testid="widget-imported"]').waitFor({ state: 'attached' });
    await save(page);
    const stored = await api(page, '/lfscada/configuration/page/info', { id: String(added.data.id) });
    assert.equal(stored.data.document.widgets.length, 2);
    assert.equal(stored.data.document.con.width, 800);

    // The rulers go away when switched off in the settings, and stay off after a reload (local settings).
    await page.locator('[data-testid="ruler-top"]').waitFor({ state: 'attached' });
    await page.locator('[data-testid="designer-settings-button"]').click();
    await page.locator('[data-testid="designer-settings"]').waitFor();
    await snap(page, 'designer-14-settings-en');
    await page.locator('#designer-ruler').click();
    await page.locator('[data-testid="ruler-top"]').waitFor({ state: 'detached' });
    await page.reload();
    await page.locator('[data-testid="designer-canvas"]').waitFor();
    assert.equal(await page.locator('[data-testid="ruler-top"]').count(), 0);
  });
});
