// A project's intermediate variables (docs/mvars.md) in a real browser against the real server and the demo plant:
// in the designer of the site overview, a sum over two flows is defined with the mouse and keyboard, a formula is
// refused where it is wrong as it is typed and then built by inserting signals, a widget is bound to the sum and
// saved; the monitor shows it as the sum of the two readings the page shows. The seeded net flow reads as the
// reservoir's inflow less its outflow. Screenshots in zh-CN and en.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleUnderTest, snap } from '../lib/harness.mjs';
import { api, until } from '../lib/demo.mjs';
import { onCanvas, save } from '../lib/designer.mjs';

const app = consoleUnderTest();

/**
 * Picks an option of an antd Select by typing the start of its label and clicking the option whose title begins so.
 * The click goes to the select's box: a chosen value's label lies over the input.
 */
async function choose(page, selectId, title) {
  await page.locator('.ant-select-selector').filter({ has: page.locator(`#${selectId}`) }).click();
  await page.keyboard.type(title.slice(0, 6));
  await page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title^="${title}"]`).first().click();
}

/** The demo site's project and its overview page. */
async function site(page) {
  const projects = await api(page, '/lfscada/project/query', { page: '1', pageSize: '10' });
  const projectId = String(projects.data.list[0].id);
  const pages = await api(page, '/lfscada/project/page/query', { projectId });
  return { projectId, pageId: String(pages.data[0].id) };
}

/** The numbers the values `ids` show, read at one instant (NaN for a value not shown). */
const numbers = (page, ids) =>
  page.evaluate(
    (list) => list.map((id) => Number.parseFloat(document.querySelector(`[data-testid="value-${id}"]`)?.textContent ?? '')),
    ids,
  );

/** The widget `id` shows its unit and, to the shown decimals, `expected` of the values `parts`. */
async function showsComputed(page, id, parts, expected, what) {
  await until(async () => {
    const text = (await page.locator(`[data-testid="value-${id}"]`).textContent()) ?? '';
    const [value, ...read] = await numbers(page, [id, ...parts]);
    return /m³\/h$/.test(text.trim()) && read.every(Number.isFinite) && Math.abs(value - expected(read)) <= 0.11;
  }, what);
}

describe("a project's intermediate variables", () => {
  test('zh-CN: a sum defined and bound in the designer, a formula refused as typed, the sum shown live', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    const { projectId, pageId } = await site(page);
    await page.goto(`${app.base}/manage/project/${projectId}/designer/${pageId}`);
    await page.locator('[data-testid="designer-canvas"]').waitFor();

    // The drawer lists the seeded net flow; a sum over the pump's flow and the reservoir's outflow is added.
    await page.locator('[data-testid="designer-mvars"]').click();
    const drawer = page.locator('[data-testid="mvars-drawer"]');
    await drawer.locator('tr').filter({ hasText: 'Reservoir net flow' }).waitFor();
    await page.locator('#mvar-new').click();
    await page.locator('#mvar-name').fill('取水与出水合计');
    await choose(page, 'mvar-signals', '1# Pump station · Flow');
    await choose(page, 'mvar-signals', 'Clear water reservoir · Outflow');
    await page.locator('.ant-modal-title').click();
    await page.locator('#mvar-unit').fill('m³/h');
    await snap(page, 'mvars-01-sum-zh');
    await page.locator('#mvar-save').click();
    const sum = drawer.locator('tr').filter({ hasText: '取水与出水合计' });
    await sum.waitFor();
    assert.match(await sum.innerText(), /求和（2 个信号）/);

    // A formula: refused where it is wrong as it is typed, then built by inserting signals.
    await page.locator('#mvar-new').click();
    await page.locator('#mvar-name').fill('泵站压差');
    await choose(page, 'mvar-calc', '自定义公式');
    await page.locator('#mvar-formula').click();
    await page.keyboard.type('(1 + 2');
    await page.locator('[data-testid="mvar-formula-fault"]').getByText('第 1 个字符处：左括号没有对应的右括号').waitFor();
    await page.locator('#mvar-formula').fill('');
    await choose(page, 'mvar-insert', '1# Pump station · Outlet pressure');
    await page.locator('#mvar-formula').press('End');
    await page.keyboard.type(' - ');
    await choose(page, 'mvar-insert', '1# Pump station · Inlet pressure');
    await page.locator('[data-testid="mvar-formula-reads"]').getByText('读取：1# Pump station · Outlet pressure、1# Pump station · Inlet pressure').waitFor();
    await page.locator('#mvar-unit').fill('bar');
    await snap(page, 'mvars-02-formula-zh');
    await page.locator('#mvar-save').click();
    const formula = drawer.locator('tr').filter({ hasText: '泵站压差' });
    await formula.waitFor();
    assert.match(await formula.innerText(), /\[1# Pump station · Outlet pressure\] - \[1# Pump station · Inlet pressure\]/);
    await snap(page, 'mvars-03-drawer-zh');
    await page.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'detached' });

    // The open-alarm count of the statistics card is bound to the sum instead, through the picker, and saved.
    // Its box on the overview (crates/server/src/demo/pages.rs): 72 × 32 at (904, 652), low on the page.
    await page.locator('[data-testid="designer-stage"]').evaluate((stage) => stage.scrollTo(stage.scrollWidth, stage.scrollHeight));
    const middle = await onCanvas(page, 940, 668);
    await page.mouse.click(middle.x, middle.y);
    await page.locator('[data-testid="selected-statistics-alarm_count"]').waitFor();
    await page.locator('#field-binding-equipment').waitFor();
    await choose(page, 'field-binding-equipment', '中间变量');
    await choose(page, 'field-binding', '取水与出水合计');
    await save(page);
    const stored = await api(page, '/lfscada/configuration/page/info', { id: pageId });
    const bound = stored.data.document.widgets.find((w) => w.id === 'statistics-alarm_count');
    const mvars = await api(page, '/lfscada/project/mvar/query', { projectId });
    const added = mvars.data.find((m) => m.name === '取水与出水合计');
    assert.deepEqual([bound.data.type, bound.data.mvarId, bound.data.title], ['mvar', added.id, '取水与出水合计']);

    // The monitor shows the sum of the two readings the page shows beside it.
    await page.goto(`${app.base}/monitor/project/${projectId}`);
    await page.locator('[data-testid="runtime-canvas"]').waitFor();
    await showsComputed(page, 'statistics-alarm_count', ['card-0-value-flow', 'card-1-value-outflow'], ([a, b]) => a + b, 'the sum of the flows');
    await page.mouse.move(0, 0);
    await snap(page, 'mvars-04-monitor-zh');
    await page.context().close();
  });

  test("en: the seeded net flow is the reservoir's inflow less its outflow", async () => {
    const page = await app.newPage();
    await page.addInitScript(() => localStorage.setItem('langs', 'en'));
    await app.loginAsDemo(page);
    const { projectId, pageId } = await site(page);
    await page.goto(`${app.base}/monitor/project/${projectId}`);
    await page.locator('[data-testid="runtime-canvas"]').waitFor();
    await showsComputed(page, 'net-flow', ['card-1-value-inflow', 'card-1-value-outflow'], ([a, b]) => a - b, 'inflow less outflow');
    await page.mouse.move(0, 0);
    await snap(page, 'mvars-05-monitor-en');

    await page.goto(`${app.base}/manage/project/${projectId}/designer/${pageId}`);
    await page.locator('[data-testid="designer-mvars"]').click();
    const row = page.locator('[data-testid="mvars-drawer"] tr').filter({ hasText: 'Reservoir net flow' });
    await row.waitFor();
    assert.match(await row.innerText(), /\[Clear water reservoir · Inflow\] - \[Clear water reservoir · Outflow\]/);
    await row.locator('[data-testid^="mvar-edit-"]').click();
    await page.locator('[data-testid="mvar-formula-reads"]').getByText('Reads: Clear water reservoir · Inflow, Clear water reservoir · Outflow').waitFor();
    await snap(page, 'mvars-06-edit-en');
    await page.context().close();
  });
});
