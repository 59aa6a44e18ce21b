// Templates ("faceplates") in a real browser against the real server: a selection on the demo pump's page saved as
// a template with the mouse and keyboard; dropped by dragging onto another equipment's page, where each binding
// finds that equipment's signal of the same name and the names it lacks are told; inserted with a click in English
// and previewed unsaved (Preview) beside the saved page (Run), its layers reordered by dragging; the saved page binds
// the second equipment's signals. Screenshots in zh-CN and en.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleUnderTest, snap } from '../lib/harness.mjs';
import { addPump, api, findDemo } from '../lib/demo.mjs';
import { onCanvas, save, widgetsOfType } from '../lib/designer.mjs';

const app = consoleUnderTest();

const binding = (signalId, equipId, title) => ({ type: 'signal', signalId, equipId, title, subTitle: '1# Pump station' });

/** A page of the demo pump: a data text showing the outlet pressure and a button writing the speed setpoint. */
function faceplatePage(equipmentId, signals) {
  return {
    widgets: [
      {
        id: 'pressure',
        widgetType: 'UsualDataText',
        position: { x: 200, y: 150, width: 160, height: 40, rotate: 0 },
        data: binding(signals['Outlet pressure'], equipmentId, 'Outlet pressure'),
      },
      {
        id: 'setpoint',
        widgetType: 'UsualButton',
        position: { x: 200, y: 210, width: 160, height: 40, rotate: 0 },
        data: { text: '设定转速' },
        clickEvent: {
          enable: true,
          config: { action: 'write', writeType: 'fixed', writeValue: '1200', data: binding(signals['Speed setpoint'], equipmentId, 'Speed setpoint') },
        },
      },
    ],
  };
}

/** A second equipment with an outlet pressure of its own and no speed setpoint, and a page of it. */
async function secondPump(page) {
  const { equipmentId, signals } = await addPump(page, '2# Pump station');
  const pageAdded = await api(page, '/lfscada/configuration/page/add', { equipmentId: String(equipmentId), title: '二号泵' });
  return { equipmentId, pageId: pageAdded.data.id, signals };
}

const templatesTab = (page) => page.locator('[data-testid="tab-templates"]');

describe('templates', () => {
  test('zh-CN: saved from a selection, dragged onto another equipment\'s page and bound by name', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    const demo = await findDemo(page);
    const added = await api(page, '/lfscada/configuration/page/add', { equipmentId: String(demo.equipmentId), title: '面板来源' });
    const sourcePage = added.data.id;
    const document = JSON.stringify(faceplatePage(demo.equipmentId, demo.signals));
    assert.equal((await api(page, '/lfscada/configuration/page/save', { id: String(sourcePage), document })).code, '200');
    const second = await secondPump(page);

    // Select both widgets with a marquee, then save them as a template from the templates tab.
    await page.goto(`${app.base}/manage/eg/${demo.equipmentId}/designer/${sourcePage}`);
    await page.locator('[data-testid="designer-canvas"]').waitFor();
    await templatesTab(page).click();
    const saveOpen = page.locator('[data-testid="template-save-open"]');
    assert.equal(await saveOpen.isDisabled(), true, 'nothing selected yet');
    const from = await onCanvas(page, 150, 120);
    const to = await onCanvas(page, 400, 280);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 8 });
    await page.mouse.up();
    await saveOpen.click();
    await page.getByText('按名称绑定信号：Outlet pressure, Speed setpoint').waitFor();
    await page.locator('[data-testid="template-name"]').fill('泵面板');
    await snap(page, 'designer-templates-01-save-zh');
    await page.locator('[data-testid="template-save"]').click();
    const listed = page.locator('[data-testid="template-泵面板"]');
    await listed.waitFor();
    assert.match(await listed.innerText(), /2 个组件/);

    // The same name again is refused with the server's words, and the dialog stays.
    await saveOpen.click();
    await page.locator('[data-testid="template-name"]').fill('泵面板');
    await page.locator('[data-testid="template-save"]').click();
    await page.locator('[data-testid="template-save-error"]').getByText('模板名称已存在').waitFor();
    await page.keyboard.press('Escape');

    // On the second pump's page: dragged from the list onto the canvas.
    await page.goto(`${app.base}/manage/eg/${second.equipmentId}/designer/${second.pageId}`);
    await page.locator('[data-testid="designer-canvas"]').waitFor();
    await templatesTab(page).click();
    await page.locator('[data-testid="template-泵面板"]').dragTo(page.locator('[data-testid="designer-canvas"]'), {
      targetPosition: { x: 300, y: 200 },
    });
    await page.getByText('已插入模板“泵面板”：绑定了 1 个信号；2# Pump station 没有名为 Speed setpoint 的信号（未绑定）').waitFor();
    await widgetsOfType(page, 'UsualDataText').waitFor({ state: 'attached' });
    assert.equal(await widgetsOfType(page, 'UsualButton').count(), 1);
    await snap(page, 'designer-templates-02-dropped-zh');
    await save(page);

    const info = await api(page, '/lfscada/configuration/page/info', { id: String(second.pageId) });
    const widgets = info.data.document.widgets;
    const text = widgets.find((w) => w.widgetType === 'UsualDataText');
    assert.deepEqual([text.data.signalId, text.data.equipId, text.data.title], [second.signals['Outlet pressure'], second.equipmentId, 'Outlet pressure']);
    const button = widgets.find((w) => w.widgetType === 'UsualButton');
    assert.equal(button.clickEvent.config.data.signalId, null, 'no setpoint on this pump: left unbound');
    assert.equal(button.clickEvent.config.data.title, 'Speed setpoint');
    // Dropped where the pointer let go (what the template covers starts there), in whole units.
    const canvas = await page.locator('[data-testid="designer-canvas"]').boundingBox();
    const viewBoxWidth = 1024;
    const expectedX = Math.round((300 * viewBoxWidth) / canvas.width);
    assert.ok(Math.abs(text.position.x - expectedX) <= 1, `${text.position.x} vs ${expectedX}`);
    assert.equal(Number.isInteger(text.position.y), true);
    await page.context().close();
  });

  test('en: inserted with a click, previewed unsaved; the list filtered; a template deleted', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    await page.locator('#lang-switch').click();
    await page.getByText('Gateway equipment').first().waitFor();
    const demo = await findDemo(page);
    const added = await api(page, '/lfscada/configuration/page/add', { equipmentId: String(demo.equipmentId), title: 'Faceplate target' });
    await page.goto(`${app.base}/manage/eg/${demo.equipmentId}/designer/${added.data.id}`);
    await page.locator('[data-testid="designer-canvas"]').waitFor();
    await templatesTab(page).click();
    const item = page.locator('[data-testid="template-泵面板"]');
    await item.waitFor();
    await item.locator('[data-testid="template-insert"]').click();
    await page.getByText('Template “泵面板” added: 2 bindings bound').waitFor();
    assert.equal(await widgetsOfType(page, 'UsualDataText').count(), 1);
    await snap(page, 'designer-templates-03-inserted-en');

    // Preview shows the unsaved page live in a new tab, said to be unsaved; Run opens the saved (empty) page.
    const [preview] = await Promise.all([page.waitForEvent('popup'), page.locator('[data-testid="designer-preview"]').click()]);
    await preview.locator('[data-testid="live-page-draft"]').getByText("Preview of the designer's unsaved changes", { exact: false }).waitFor();
    await preview.locator('[data-testid="runtime-canvas"] [data-widget-type="UsualDataText"]').waitFor({ state: 'attached' });
    await snap(preview, 'designer-templates-04-preview-en');
    await preview.close();
    const [run] = await Promise.all([page.waitForEvent('popup'), page.locator('[data-testid="designer-run"]').click()]);
    await run.locator('[data-testid="runtime-canvas"]').waitFor();
    assert.equal(await run.locator('[data-testid="live-page-draft"]').count(), 0);
    assert.equal(await run.locator('[data-testid="runtime-canvas"] [data-widget-type="UsualDataText"]').count(), 0);
    await run.close();

    // The layer list: the data text's row dragged onto the button's takes its place on top; one step.
    await page.locator('[data-testid="tab-layers"]').click();
    const rows = page.locator('[data-testid="layer-list"] [role="listitem"]');
    const [top, bottom] = [rows.nth(0), rows.nth(1)];
    assert.match(await top.innerText(), /Button/);
    await bottom.dragTo(top);
    await page.waitForFunction(() => document.querySelector('[data-layer="widgets"] > :last-child')?.getAttribute('data-widget-type') === 'UsualDataText');
    assert.match(await rows.nth(0).innerText(), /Data/);
    await page.keyboard.press('Control+z');
    await page.waitForFunction(() => document.querySelector('[data-layer="widgets"] > :last-child')?.getAttribute('data-widget-type') === 'UsualButton');

    // Undo takes the whole template away in one step.
    await page.keyboard.press('Control+z');
    await widgetsOfType(page, 'UsualDataText').waitFor({ state: 'detached' });
    assert.equal(await widgetsOfType(page, 'UsualButton').count(), 0);

    // Filtered by name, then deleted.
    await templatesTab(page).click();
    const search = page.getByPlaceholder('Search templates');
    await search.fill('nothing like it');
    await search.press('Enter');
    await page.getByText('No templates yet').waitFor();
    await search.fill('面板');
    await search.press('Enter');
    await item.waitFor();
    await item.getByRole('button', { name: 'Delete' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await item.waitFor({ state: 'detached' });
    const left = await api(page, '/lfscada/configuration/template/query', { page: '1', pageSize: '10' });
    assert.equal(left.data.total, 0);
    await page.context().close();
  });
});
