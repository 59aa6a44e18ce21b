// The designer on a project's page in a real browser against the real server: a project of the demo pump and a
// second pump, its pages opened from the project list with the mouse, a page created there and designed; a data
// text drawn and bound through the project picker (equipment, then signal) to the SECOND pump's signal, saved,
// reloaded with the binding kept, and stored naming that equipment. Preview and Run are disabled (the project
// monitor is not built) and say so. Screenshots in zh-CN and en.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleUnderTest, snap } from '../lib/harness.mjs';
import { addPump, api, findDemo } from '../lib/demo.mjs';
import { draw, save, widgetsOfType } from '../lib/designer.mjs';

const app = consoleUnderTest();

/** A project of the demo pump and `second`, through the API. */
async function project(page, name, demo, second) {
  const added = await api(page, '/lfscada/project/add', { name, remark: '', equipmentIds: `${demo.equipmentId},${second.equipmentId}` });
  assert.equal(added.code, '200', JSON.stringify(added));
  return added.data.id;
}

/** Picks an option of an antd Select by typing the start of its label and clicking the option whose title begins so. */
async function choose(page, selectId, title) {
  await page.locator(`#${selectId}`).click();
  await page.keyboard.type(title.slice(0, 6));
  await page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title^="${title}"]`).first().click();
}

/** Selects the top-level widget of `type` by a click in the middle of its box. */
async function select(page, type) {
  const box = await widgetsOfType(page, type).boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.locator('[data-testid="property-panel"] [data-testid="section-data"]').waitFor();
}

describe("the designer on a project's page", () => {
  test('zh-CN: a page created from the project list, a data text bound to the second equipment through the picker', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    const demo = await findDemo(page);
    const second = await addPump(page, '2# Pump station');
    const projectId = await project(page, '北区泵房', demo, second);

    // The project list: the project's pages opened with the mouse, a page created there.
    await page.goto(`${app.base}/manage/eg/project/list`);
    await page.locator(`[data-testid="projects-pages-${projectId}"]`).waitFor();
    await snap(page, 'designer-project-00-list-zh');
    await page.locator(`[data-testid="projects-pages-${projectId}"]`).click();
    const drawer = page.locator('.ant-drawer-content');
    await drawer.getByText('“北区泵房”的组态页面').waitFor();
    await drawer.getByText('还没有组态页面').waitFor();
    await page.locator('#page-add').click();
    await page.locator('#page-title').fill('泵房总览');
    await page.locator('#page-width').fill('1280');
    await page.locator('#page-save').click();
    const row = drawer.locator('tr').filter({ hasText: '泵房总览' });
    await row.waitFor();
    assert.match(await row.innerText(), /1280 × 768/);
    await row.locator('[data-testid^="page-home-"]').waitFor();
    await snap(page, 'designer-project-01-pages-zh');
    const listed = await api(page, '/lfscada/project/page/query', { projectId: String(projectId) });
    assert.equal(listed.code, '200', JSON.stringify(listed));
    const pageId = listed.data[0].id;
    assert.equal(listed.data[0].projectId, projectId);
    assert.equal(listed.data[0].equipmentId, null);

    // Designed: the project's designer opens on it.
    await row.locator(`[data-testid="page-design-${pageId}"]`).click();
    await page.waitForURL(`**/manage/project/${projectId}/designer/${pageId}`);
    await page.locator('[data-testid="designer-canvas"]').waitFor();
    assert.equal(await page.locator('[data-testid="designer-title"]').innerText(), '泵房总览');

    // A data text bound through the picker: the equipment first, then its signal.
    await draw(page, 'UsualDataText', [200, 150], [380, 200]);
    await page.locator('#field-binding-equipment').waitFor();
    assert.equal(await page.locator('#field-binding').isDisabled(), true, 'no equipment chosen yet');
    await choose(page, 'field-binding-equipment', '2# Pump station');
    await page.locator('#field-binding').click();
    // The binding select's own list (the equipment's may still be fading out).
    const offered = page.locator('.ant-select-dropdown:has(#field-binding_list) .ant-select-item-option');
    await offered.first().waitFor();
    assert.deepEqual(await offered.allInnerTexts(), ['Outlet pressure (bar) · 只读', 'Motor current (A) · 只读']);
    await page.keyboard.type('Motor');
    await offered.and(page.locator('[title="Motor current (A) · 只读"]')).click();
    await snap(page, 'designer-project-03-bound-zh');

    // Preview: the unsaved page (the data text not saved yet) in the project monitor's preview of a new tab, said
    // to be unsaved. (This second pump has no device behind it: its values are the viewer's test, not this one's.)
    const [preview] = await Promise.all([page.waitForEvent('popup'), page.locator('[data-testid="designer-preview"]').click()]);
    await preview.waitForURL(`**/monitor/project/${projectId}/preview/${pageId}?draft=1`);
    await preview.locator('[data-testid="live-page-draft"]').waitFor();
    await preview.locator('[data-testid="runtime-canvas"] [data-widget-type="UsualDataText"]').waitFor({ state: 'attached' });
    await snap(preview, 'designer-project-02-preview-zh');
    await preview.close();
    await save(page);

    // Reloaded: the binding is kept (nothing repaired), and the picker shows the second equipment and its signal.
    await page.reload();
    await page.locator('[data-testid="designer-canvas"]').waitFor();
    await widgetsOfType(page, 'UsualDataText').waitFor({ state: 'attached' });
    assert.equal(await page.locator('[data-testid="repair-notice"]').count(), 0);
    await select(page, 'UsualDataText');
    assert.match(await page.locator('[data-testid="field-binding-equipment"]').innerText(), /2# Pump station/);
    assert.match(await page.locator('[data-testid="field-binding"]').innerText(), /Motor current/);

    // Stored naming the second equipment and its signal.
    const info = await api(page, '/lfscada/configuration/page/info', { id: String(pageId) });
    assert.equal(info.code, '200', JSON.stringify(info));
    const text = info.data.document.widgets.find((w) => w.widgetType === 'UsualDataText');
    assert.equal(text.data.equipId, second.equipmentId);
    assert.equal(text.data.signalId, second.signals['Motor current']);
    assert.equal(text.data.title, 'Motor current');

    // Back goes to the project list with the project's pages open.
    await page.locator('[data-testid="designer-back"]').click();
    await page.waitForURL(`**/manage/eg/project/list?pages=${projectId}`);
    await drawer.locator('tr').filter({ hasText: '泵房总览' }).waitFor();
    await page.context().close();
  });

  test('en: the project pages and the designer in English', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    await page.locator('#lang-switch').click();
    await page.getByText('Gateway equipment').first().waitFor();
    const demo = await findDemo(page);
    const second = await addPump(page, '3# Pump station');
    const projectId = await project(page, 'South hall', demo, second);
    const added = await api(page, '/lfscada/project/page/add', { projectId: String(projectId), title: 'Hall overview' });
    assert.equal(added.code, '200', JSON.stringify(added));

    await page.goto(`${app.base}/manage/eg/project/list`);
    await page.locator(`[data-testid="projects-pages-${projectId}"]`).click();
    const drawer = page.locator('.ant-drawer-content');
    await drawer.getByText('Configuration pages of “South hall”').waitFor();
    await drawer.locator('tr').filter({ hasText: 'Hall overview' }).getByText('Home page').waitFor();
    await snap(page, 'designer-project-04-pages-en');

    await drawer.locator(`[data-testid="page-design-${added.data.id}"]`).click();
    await page.locator('[data-testid="designer-canvas"]').waitFor();
    // Run: the saved page in the project monitor, among the project's pages.
    const [run] = await Promise.all([page.waitForEvent('popup'), page.locator('[data-testid="designer-run"]').click()]);
    await run.waitForURL(`**/monitor/project/${projectId}/page/${added.data.id}`);
    await run.locator('[data-testid="runtime-canvas"]').waitFor();
    assert.equal(await run.locator('[data-testid="live-page-draft"]').count(), 0);
    await run.close();
    await draw(page, 'UsualDataText', [200, 150], [380, 200]);
    await choose(page, 'field-binding-equipment', '1# Pump station');
    await page.locator('#field-binding').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first().waitFor();
    await snap(page, 'designer-project-05-picker-en');
    await page.keyboard.press('Escape');
    await page.locator('[data-testid="tab-templates"]').click();
    await page.locator('label[for="template-equipment"]').getByText('Bind to equipment').waitFor();
    assert.match(await page.locator('[data-testid="template-equipment"]').innerText(), /1# Pump station/);
    await snap(page, 'designer-project-06-templates-en');
    await page.context().close();
  });
});
