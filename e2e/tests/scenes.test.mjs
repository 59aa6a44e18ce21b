// Scenes and projects in a real browser against the real server (--demo feeds '1# Pump station' live): a scene
// with the pump, its full-window preview with live values refreshed every 5 s and the link to the detail; a
// project created, edited and deleted; zh-CN and en. Each screen leaves a screenshot in e2e/screenshots.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleUnderTest, settle, shot } from '../lib/harness.mjs';
import { until } from '../lib/demo.mjs';

const PUMP = '1# Pump station';

const app = consoleUnderTest();

/** Picks equipment by name in the antd multiple select with this id. */
async function choose(page, selectId, name) {
  await page.locator(`#${selectId}`).click();
  await page.keyboard.type(name.slice(0, 2));
  await page.locator(`.ant-select-item-option[title="${name}"]`).click();
}

const openPopover = (page) => page.locator('.ant-popover:not(.ant-popover-hidden)');

/** Waits until the pump's card shows live values (a number) and the online state; the agent may be connecting. */
async function waitForLiveCard(page, onlineText) {
  const card = page.locator('[data-testid="scene-card"]').filter({ hasText: PUMP });
  await card.waitFor();
  return until(async () => {
    const online = await card.locator('[data-testid="scene-card-online"]').innerText();
    const numbers = await card.locator('[data-testid="scene-value-number"]').allInnerTexts();
    return online === onlineText && numbers.some((n) => /\d/.test(n)) ? { card, numbers } : null;
  }, `live values on the pump's card, ${onlineText}`);
}

describe('scenes and projects', () => {
  test('zh-CN: a scene with the pump, its live preview, and a project created, edited and deleted', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);

    // Scenes: empty list, then a new scene with the pump.
    await page.goto(`${app.base}/manage/eg/scene`);
    await page.getByText('暂无场景').waitFor();
    await settle(page);
    await shot(page, 'scenes-01-empty-zh');
    await page.locator('#scenes-add').click();
    await page.locator('#scenes-submit').click();
    await page.getByText('请输入场景名称').waitFor();
    await page.getByText('请至少选择一台设备').waitFor();
    await page.locator('#scenes-name').fill('泵房看板');
    await choose(page, 'scenes-equipment', PUMP);
    await page.locator('.ant-modal-title').click();
    await settle(page);
    await shot(page, 'scenes-02-modal-zh');
    await page.locator('#scenes-submit').click();
    await page.locator('#scenes-name').waitFor({ state: 'hidden' });
    const row = page.locator('tr').filter({ hasText: '泵房看板' });
    await row.waitFor();
    assert.equal(await row.locator('[data-testid="scenes-count"]').innerText(), '1');
    // The same name again is refused on the field in the server's words.
    await page.locator('#scenes-add').click();
    await page.locator('#scenes-name').fill('泵房看板');
    await choose(page, 'scenes-equipment', PUMP);
    await page.locator('.ant-modal-title').click();
    await page.locator('#scenes-submit').click();
    await page.getByText('场景名称已存在').waitFor();
    await page.getByRole('button', { name: /取\s*消/ }).click();
    await page.locator('#scenes-name').waitFor({ state: 'hidden' });
    await settle(page);
    await shot(page, 'scenes-03-list-zh');

    // The preview: full window, the pump's card with live values, read again every 5 s.
    await row.getByTestId('scenes-name').click();
    await page.waitForURL('**/manage/scene/preview/*');
    // The router keeps the list on screen until the preview's code has loaded: wait for the board first.
    await page.getByTestId('scene-updated').waitFor();
    assert.equal(await page.locator('#side-menu').count(), 0, 'a bare, full-window board');
    const { card } = await waitForLiveCard(page, '在线');
    assert.match(await card.innerText(), /未解除报警|无未解除报警/);
    const before = await page.getByTestId('scene-updated').innerText();
    await page.waitForFunction(
      (text) => document.querySelector('[data-testid="scene-updated"]')?.textContent !== text,
      before,
      { timeout: 15_000 },
    );
    await settle(page);
    await shot(page, 'scenes-04-preview-zh');
    await card.getByTestId('scene-card-name').click();
    await page.waitForURL(/\/monitor\/eg\/detail\/list\/\d+\/0$/);

    // Projects: the list says what comes with the designer; add, edit, delete.
    await page.goto(`${app.base}/manage/eg/project/list`);
    await page.getByTestId('projects-designer-note').waitFor();
    // The demo plant comes with its project.
    await page.locator('tr').filter({ hasText: 'Demo water plant' }).waitFor();
    await page.locator('#projects-add').click();
    await page.locator('#projects-name').fill('北区水厂');
    await page.locator('#projects-remark').fill('一期工程');
    await choose(page, 'projects-equipment', PUMP);
    await page.locator('.ant-modal-title').click();
    await settle(page);
    await shot(page, 'scenes-05-project-modal-zh');
    await page.locator('#projects-submit').click();
    await page.locator('#projects-name').waitFor({ state: 'hidden' });
    const project = page.locator('tr').filter({ hasText: '北区水厂' });
    await project.waitFor();
    assert.equal(await project.locator('[data-testid="projects-count"]').innerText(), '1');
    assert.match(await project.innerText(), /一期工程/);
    await settle(page);
    await shot(page, 'scenes-06-projects-zh');
    // "Monitor" opens the project's monitor, which has no page to show yet and says so.
    await project.locator('[data-testid^="projects-monitor-"]').click();
    await page.waitForURL(/\/monitor\/project\/\d+$/);
    await page.getByTestId('pages-empty').waitFor();
    await page.goBack();
    await project.waitFor();

    await project.getByRole('button', { name: /编\s*辑/ }).click();
    await page.waitForFunction(() => document.querySelector('#projects-name')?.value === '北区水厂');
    await page.locator('#projects-name').fill('北区水厂二期');
    await page.locator('.ant-select-selection-item-remove').first().click();
    await page.locator('#projects-submit').click();
    await page.locator('#projects-name').waitFor({ state: 'hidden' });
    const edited = page.locator('tr').filter({ hasText: '北区水厂二期' });
    await edited.waitFor();
    assert.equal(await edited.locator('[data-testid="projects-count"]').innerText(), '0');

    await page.locator('input#projects-search').fill('没有');
    await page.locator('input#projects-search').press('Enter');
    await page.getByText('没有符合搜索条件的项目').waitFor();
    await page.locator('input#projects-search').fill('');
    await page.locator('input#projects-search').press('Enter');
    await edited.waitFor();

    await edited.getByRole('button', { name: /删\s*除/ }).click();
    await openPopover(page).getByRole('button', { name: /删\s*除/ }).click();
    await edited.waitFor({ state: 'detached' });
    // The demo plant's own project stays.
    await page.locator('tr').filter({ hasText: 'Demo water plant' }).waitFor();
    await page.context().close();
  });

  test('en: the scene list, the preview and the project list', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    await page.locator('#lang-switch').click();
    await page.goto(`${app.base}/manage/eg/scene`);
    const row = page.locator('tr').filter({ hasText: '泵房看板' });
    await row.waitFor();
    await page.getByText('Scene name').first().waitFor();
    await shot(page, 'scenes-07-list-en');

    await page.locator('[data-testid^="scenes-edit-"]').first().click();
    await page.waitForFunction(() => document.querySelector('#scenes-name')?.value === '泵房看板');
    await page.locator('#scenes-name').fill('Pump board');
    await page.locator('#scenes-submit').click();
    await page.locator('#scenes-name').waitFor({ state: 'hidden' });
    const renamed = page.locator('tr').filter({ hasText: 'Pump board' });
    await renamed.waitFor();

    await renamed.getByTestId('scenes-name').click();
    await page.waitForURL('**/manage/scene/preview/*');
    await waitForLiveCard(page, 'Online');
    // Everything but the scene's own name and the language switch (which names the other language) is English.
    const board = (await page.getByTestId('scene-board').innerText()) + (await page.getByTestId('scene-updated').innerText());
    assert.doesNotMatch(board, /[\u4e00-\u9fff]/, `no Chinese left: ${board}`);
    await settle(page);
    await shot(page, 'scenes-08-preview-en');

    await page.goto(`${app.base}/manage/eg/project/list`);
    await page.locator('tr').filter({ hasText: 'Demo water plant' }).waitFor();
    await page.locator('#projects-add').click();
    await page.locator('#projects-name').fill('North plant');
    await page.locator('#projects-remark').fill('Phase one');
    await choose(page, 'projects-equipment', PUMP);
    await page.locator('.ant-modal-title').click();
    await page.locator('#projects-submit').click();
    await page.locator('#projects-name').waitFor({ state: 'hidden' });
    await page.locator('tr').filter({ hasText: 'North plant' }).waitFor();
    const text = await page.getByTestId('projects-page').innerText();
    assert.doesNotMatch(text, /[\u4e00-\u9fff]/, `no Chinese left: ${text}`);
    await settle(page);
    await shot(page, 'scenes-09-projects-en');

    // Deleting the scene from the list.
    await page.goto(`${app.base}/manage/eg/scene`);
    await page.locator('[data-testid^="scenes-delete-"]').first().click();
    await openPopover(page).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No scenes yet').waitFor();
    await page.context().close();
  });
});
