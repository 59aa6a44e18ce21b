// The page viewer's tables, XY curve and flow bars, in a real browser against the real server: a page saved
// through the API with a history table and an alarm table of the demo equipment, an XY curve of two of its
// pressures and two flow bars (one bound to a value that meets its condition, one to a value that does not). Opened
// live at /monitor/eg/detail/page/{pageId}/0, the history rows come from the simulated plant, the alarm table lists
// the record of a rule the plant meets and confirms it, the history pages past ten rows, the XY curve collects pairs
// and one bar flows while the other stands still.
// The designer draws the same page with the tables' frames and headings and asks the server nothing for them.
// Screenshots in zh-CN and en.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleUnderTest, snap } from '../lib/harness.mjs';
import { api, findDemo, until } from '../lib/demo.mjs';

const app = consoleUnderTest();

const HISTORY = '/lfscada/monitor/multi/history/query';
const ALARMS = '/lfscada/monitor/multi/alarm/query';

const widget = (page, id) => page.locator(`[data-testid="widget-${id}"]`);
const headings = (page, id) => page.locator(`[data-testid="table-${id}"] thead th`).allInnerTexts();

/** Saves a page of the demo equipment with the four widget types; answers its id and the equipment's. */
async function savePage(page, title) {
  const { equipmentId, signals } = await findDemo(page);
  const bind = (name) => ({ type: 'signal', equipId: equipmentId, signalId: signals[name], title: name });
  const at = (x, y, width, height) => ({ x, y, width, height, rotate: 0 });
  const added = await api(page, '/lfscada/configuration/page/add', { equipmentId: String(equipmentId), title });
  assert.equal(added.code, '200', JSON.stringify(added));
  const document = {
    con: { width: 1200, height: 800, fit: 'container', bgColor: '#F4F7FB' },
    widgets: [
      {
        id: 'history', widgetType: 'ComplexHistory', widgetName: 'History', position: at(20, 20, 620, 300),
        data: { signalArray: [bind('Outlet pressure'), bind('Flow'), bind('Tank level')], rollTime: 5 },
      },
      {
        id: 'xy', widgetType: 'ComplexXyline', widgetName: 'Pressures', position: at(660, 20, 520, 300),
        data: { signalArray: [bind('Inlet pressure'), bind('Outlet pressure')], modeX: 'adapt', modeY: 'adapt' },
      },
      // The speed setpoint is 1450 in the simulator: not 0, so this bar flows (the spec's default condition).
      {
        id: 'flow-on', widgetType: 'UsualScrollbar', position: at(20, 340, 560, 24),
        style: { fill: { enable: true, color: '#1677FF' } }, data: { ...bind('Speed setpoint') },
      },
      // The speed setpoint (1450) never passes 5000: this bar stands still.
      {
        id: 'flow-off', widgetType: 'UsualScrollbar', position: at(620, 340, 560, 24),
        style: { fill: { enable: true, color: '#FA8C16' } }, data: { ...bind('Speed setpoint'), dataAddon: { symbol: '>', value: 5000 } },
      },
      {
        id: 'alarms', widgetType: 'ComplexAlarm', widgetName: 'Alarms', position: at(20, 390, 1160, 390),
        data: { rollTime: 5 },
      },
    ],
  };
  const saved = await api(page, '/lfscada/configuration/page/save', { id: String(added.data.id), document: JSON.stringify(document) });
  assert.equal(saved.code, '200', JSON.stringify(saved));
  return { equipmentId, signals, pageId: added.data.id };
}

/** Opens the page live and waits for what the plant sends: history rows, XY pairs, the flowing bar. */
async function openLive(page, pageId) {
  await page.goto(`${app.base}/monitor/eg/detail/page/${pageId}/0`);
  await page.locator('[data-testid="runtime-page"]').waitFor();
  await until(async () => (await page.locator('[data-testid="monitor-status"]').getAttribute('data-status')) === 'on', 'monitoring on');
  await page.locator('[data-testid="table-history"] tbody tr').first().waitFor();
  await until(async () => Number(await page.locator('[data-testid="xy-xy"]').getAttribute('data-points')) >= 2, 'two XY pairs');
  await until(async () => (await page.locator('[data-testid="flow-flow-on"]').getAttribute('data-flowing')) === 'true', 'the bar to flow');
}

/** The CSS animations running on a bar's stripes, by name (none when they stand still). */
const stripeAnimations = (page, id) =>
  page.locator(`[data-testid="flow-${id}"] g[clip-path] > g`).evaluate((g) => g.getAnimations().map((a) => a.animationName));

describe('the viewer draws tables, the XY curve and flow bars', () => {
  test('zh-CN: history rows from the plant, the alarm table, the XY curve and flow bars; the designer asks nothing', async () => {
    // Motion as most users have it: the flow bars' stripes move (the harness's pages ask for reduced motion).
    const page = await app.newPage({ reducedMotion: 'no-preference' });
    await app.loginAsDemo(page);
    const { equipmentId, signals, pageId } = await savePage(page, '表格与曲线');
    // An alarm rule the simulator meets at once (the setpoint stays at 1450), so the alarm table has a record.
    const rule = await api(page, '/lfscada/equipment/multi/alarm/rule/save', {
      signalId: String(signals['Speed setpoint']),
      rules: JSON.stringify([{ id: 0, symbol: '>', value: 1000, level: 1, msgZh: '转速设定过高', msgEn: 'Speed setpoint high', enabled: true }]),
    });
    assert.equal(rule.code, '200', JSON.stringify(rule));
    await openLive(page, pageId);

    // History: time and one column per signal, newest first, times in UTC+8 as the rest of the console writes them.
    assert.deepEqual(await headings(page, 'history'), ['时间', 'Outlet pressure (bar)', 'Flow (m³/h)', 'Tank level (%)']);
    const firstRow = await page.locator('[data-testid="table-history"] tbody tr').first().locator('td').allInnerTexts();
    assert.match(firstRow[0], /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    assert.ok(firstRow.slice(1).some((cell) => /^-?\d+(\.\d+)?$/.test(cell)), `a value in the newest row: ${firstRow}`);
    assert.equal(await page.locator('[data-testid="table-caption-history"]').innerText(), '近 12 小时 · 每 5 秒刷新');

    // Alarms: the spec's columns; the record of the rule above, confirmed from the table.
    assert.deepEqual(await headings(page, 'alarms'), ['设备', '报警类型', '触发时间', '解除时间', '触发值', '报警信息', '操作']);
    const record = page.locator('[data-testid="table-alarms"] tbody tr').filter({ hasText: '转速设定过高' });
    await record.waitFor();
    const cells = await record.locator('td').allInnerTexts();
    assert.deepEqual(cells.slice(0, 2), ['1# Pump station', '信号报警 · Speed setpoint · 1 级']);
    assert.equal(cells[3], '未解除');
    assert.equal(cells[4], '1450');
    await record.locator('[data-testid^="table-alarm-confirm-"]').click();
    await record.locator('[data-testid^="table-alarm-confirmed-"]').getByText('demo 已确认').waitFor();
    assert.equal(await page.locator('[data-testid="table-alarms"] [role="alert"]').count(), 0);

    // The XY curve: ECharts draws the pairs into a canvas, captioned like the rolling curves.
    await widget(page, 'xy').locator('canvas').first().waitFor();
    assert.equal(await page.locator('[data-testid="chart-caption-xy"]').innerText(), '自打开本页起');

    // Flow bars: the bound value meets the condition, the stripes move; 0 != 0 does not, they stand still.
    assert.deepEqual(await stripeAnimations(page, 'flow-on'), ['rt-flow']);
    assert.equal(await page.locator('[data-testid="flow-flow-off"]').getAttribute('data-flowing'), 'false');
    assert.deepEqual(await stripeAnimations(page, 'flow-off'), []);
    await snap(page, 'viewer-tables-01-live-zh');
    // A user whose system asks for reduced motion sees the flowing bar stand still, and moving again without it.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    assert.deepEqual(await stripeAnimations(page, 'flow-on'), []);
    assert.equal(await page.locator('[data-testid="flow-flow-on"]').getAttribute('data-flowing'), 'true');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    assert.deepEqual(await stripeAnimations(page, 'flow-on'), ['rt-flow']);

    // The designer draws the same widgets with the same renderers, not live: headings, a note, no table query.
    const asked = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === HISTORY || path === ALARMS) asked.push(path);
    });
    await page.goto(`${app.base}/manage/eg/${equipmentId}/designer/${pageId}`);
    await page.locator('[data-testid="designer-canvas"]').waitFor();
    await page.locator('[data-testid="table-note-history"]').getByText('页面运行时显示数据').waitFor();
    await page.locator('[data-testid="table-note-alarms"]').getByText('页面运行时显示数据').waitFor();
    // The designer's drawing has no signal catalogue: the columns are named by the bindings' titles.
    assert.deepEqual(await headings(page, 'history'), ['时间', 'Outlet pressure', 'Flow', 'Tank level']);
    assert.equal(await page.locator('[data-testid="flow-flow-on"]').getAttribute('data-flowing'), 'false');
    await snap(page, 'viewer-tables-02-designer-zh');
    assert.deepEqual(asked, []);
    await page.context().close();
  });

  test('en: the same page in English', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    await page.locator('#lang-switch').click();
    await page.getByText('Gateway equipment').first().waitFor();
    const { pageId } = await savePage(page, 'Tables and curves');
    await openLive(page, pageId);

    assert.deepEqual(await headings(page, 'history'), ['Time', 'Outlet pressure (bar)', 'Flow (m³/h)', 'Tank level (%)']);
    assert.deepEqual(await headings(page, 'alarms'), ['Equipment', 'Type', 'Triggered', 'Released', 'Value', 'Message', 'Operation']);
    assert.equal(await page.locator('[data-testid="table-caption-history"]').innerText(), 'Last 12 h · refreshed every 5 s');
    assert.equal(await page.locator('[data-testid="chart-caption-xy"]').innerText(), 'Since this page was opened');
    // Past ten rows the history pages: the next page holds older rows (new ones only ever arrive on top).
    const history = page.locator('[data-testid="table-history"]');
    await until(async () => (await history.locator('.ant-pagination').count()) > 0, 'more than ten history rows');
    const newest = await history.locator('tbody tr').first().locator('td').first().innerText();
    await history.locator('.ant-pagination-next button').click();
    await until(async () => (await history.locator('.ant-pagination-simple-pager input').inputValue()) === '2', 'the second page');
    const older = await history.locator('tbody tr').first().locator('td').first().innerText();
    assert.ok(older < newest, `page 2 starts before page 1: ${older} < ${newest}`);
    await history.locator('.ant-pagination-prev button').click();
    const texts = await page.locator('[data-testid="runtime-page"]').innerText();
    assert.doesNotMatch(texts, /[\u4e00-\u9fff]/, `no Chinese on the page: ${texts}`);
    await snap(page, 'viewer-tables-03-live-en');
    await page.context().close();
  });
});
