// The widget-specific settings of the page designer (spec section 3), in a real browser against the real server,
// with the mouse and the keyboard: a dashboard drawn and set to stages with one stage's colour changed, a line chart
// drawn and bound to two of the demo's signals with its time range set, the page saved and its stored document
// checked, then the live preview showing both drawn with values. The property panels of the other types with
// settings of their own (percent fill, state animation, bar and pie charts) are shown for the screenshots, in
// zh-CN and en. Then the types the viewer learned to draw: a history table and an XY curve bound through the panel
// (with a flow bar and an alarm table beside them), saved, checked in the stored document and opened live, where the
// history rows appear; their panels photographed in zh-CN and en.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleUnderTest, snap } from '../lib/harness.mjs';
import { api, findDemo, until } from '../lib/demo.mjs';
import { draw as drawWidget, onCanvas, save } from '../lib/designer.mjs';

const app = consoleUnderTest();

/** Draws a widget and waits for its panel. */
async function draw(page, type, from, to) {
  await drawWidget(page, type, from, to);
  await page.locator('[data-testid="property-panel"] [data-testid="section-style"]').waitFor();
}

/** Opens the choice `fieldId` and clicks its option shown as `label`. */
async function choose(page, fieldId, label) {
  await page.locator(`.ant-select:has(#field-${fieldId})`).click();
  await page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${label}"]`).click();
}

/** Types the start of a signal's name into the picker `inputId` and clicks the signal. */
async function pickSignal(page, inputId, title) {
  await page.locator(`#${inputId}`).click();
  await page.keyboard.type(title.slice(0, 6));
  await page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title^="${title}"]`).first().click();
}

/** Selects the top-level widget of `type` by a click in the middle of its box. */
async function select(page, type) {
  const box = await page.locator(`[data-layer="widgets"] > [data-widget-type="${type}"]`).boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.locator('[data-testid="property-panel"] [data-testid="section-style"]').waitFor();
}

/** The property panel scrolled to its end (long panels), for a screenshot of what is below. */
async function scrollPanel(page, to = 'bottom') {
  await page.locator('[data-testid="property-panel"]').evaluate((el, end) => el.scrollTo(0, end === 'bottom' ? el.scrollHeight : 0), to);
}

/** No field of the property panel is wider than the panel (nothing pushed out of the 280 px side bar). */
async function assertPanelFits(page, what) {
  const overflowing = await page.locator('[data-testid="property-panel"]').evaluate((panel) => {
    const right = panel.getBoundingClientRect().right + 0.5;
    return [...panel.querySelectorAll('input, button, .ant-select, .ant-color-picker-trigger, label')]
      .filter((el) => el.getBoundingClientRect().width > 0 && el.getBoundingClientRect().right > right)
      .map((el) => el.id || el.getAttribute('data-testid') || el.textContent);
  });
  assert.deepEqual(overflowing, [], `fields past the panel's edge (${what})`);
}

/**
 * Draws the dashboard and the line chart, sets them up, saves, checks the stored document and the live preview.
 * `texts` are the labels of the language shown.
 */
async function designDashboardAndChart(page, lang, texts) {
  const { equipmentId, signals } = await findDemo(page);
  const title = (start) => Object.keys(signals).find((t) => t.startsWith(start));
  const [temperature, outlet, flow] = [title('Motor temperature'), title('Outlet pressure'), title('Flow')];
  assert.ok(temperature && outlet && flow, JSON.stringify(signals));
  const added = await api(page, '/lfscada/configuration/page/add', { equipmentId: String(equipmentId), title: texts.pageTitle, width: '800', height: '500' });
  assert.equal(added.code, '200', JSON.stringify(added));
  const pageId = added.data.id;
  await page.goto(`${app.base}/manage/eg/${equipmentId}/designer/${pageId}`);
  await page.locator('[data-testid="designer-canvas"]').waitFor();

  // A dashboard of the motor temperature, in stages, the second stage's colour changed through the hex input.
  await draw(page, 'UsualDashboard', [40, 40], [280, 260]);
  await pickSignal(page, 'field-binding', temperature);
  await choose(page, 'gaugeType', texts.multistage);
  assert.equal(await page.locator('[data-testid="field-gaugeSteps-row"]').count(), 4);
  await page.locator('[data-testid="field-gaugeSteps-colour-1"]').click();
  const hex = page.locator('[data-testid="field-gaugeSteps-colour-1-hex"]');
  await hex.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('722ed1');
  await page.keyboard.press('Enter');
  // A click beside the picker (on the palette's empty foot) closes it.
  await page.mouse.click(110, 820);
  await page.locator('.ant-popover:not(.ant-popover-hidden) [data-testid="field-gaugeSteps-colour-1-hex"]').waitFor({ state: 'detached' });
  await assertPanelFits(page, `${lang} dashboard`);
  await snap(page, `designer-settings-01-dashboard-${lang}`);

  // A line chart of the outlet pressure and the flow over the last 15 minutes.
  await draw(page, 'ComplexLine', [320, 40], [760, 300]);
  await pickSignal(page, 'field-signalArray-add', outlet);
  await pickSignal(page, 'field-signalArray-add', flow);
  assert.equal(await page.locator('[data-testid="field-signalArray-row"]').count(), 2);
  await page.locator('#field-timeRange').click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('15');
  await page.keyboard.press('Enter');
  await assertPanelFits(page, `${lang} line chart`);
  await snap(page, `designer-settings-02-line-chart-${lang}`);
  await save(page);

  // The stored document holds the settings under the spec's names.
  const stored = await api(page, '/lfscada/configuration/page/info', { id: String(pageId) });
  assert.equal(stored.code, '200', JSON.stringify(stored));
  const widgets = stored.data.document.widgets;
  const gauge = widgets.find((w) => w.widgetType === 'UsualDashboard');
  const chart = widgets.find((w) => w.widgetType === 'ComplexLine');
  assert.equal(gauge.data.dataAddon.type, 'multistage');
  assert.deepEqual(
    gauge.data.dataAddon.steps.map((s) => s.value),
    [25, 50, 75, 100],
  );
  assert.equal(gauge.data.dataAddon.steps[1].color, '#722ED1');
  assert.equal(gauge.data.signalId, signals[temperature]);
  assert.deepEqual(
    chart.data.signalArray.map((b) => [b.type, b.signalId, b.title]),
    [
      ['signal', signals[outlet], outlet],
      ['signal', signals[flow], flow],
    ],
  );
  assert.equal(chart.data.timeRange, 15);

  // The live preview draws both with the plant's values: the gauge's value and its arc, the chart's two curves.
  await page.goto(`${app.base}/monitor/eg/detail/page/${pageId}/0`);
  await page.locator('[data-testid="runtime-canvas"]').waitFor();
  await until(async () => /\d/.test((await page.locator(`[data-testid="gauge-value-${gauge.id}"]`).textContent()) ?? ''), 'the gauge value');
  await page.locator(`[data-testid="gauge-arc-${gauge.id}"]`).waitFor({ state: 'attached' });
  await page.locator(`[data-testid="chart-${chart.id}"] canvas`).first().waitFor({ state: 'attached' });
  assert.equal(await page.locator(`[data-testid="chart-empty-${chart.id}"]`).count(), 0);
  await snap(page, `designer-settings-03-preview-${lang}`);
  return { equipmentId, pageId };
}

/** The panels of the other types with settings of their own, drawn on a fresh part of the canvas, for the eye. */
async function otherPanels(page, lang, equipmentId, pageId, texts) {
  await page.goto(`${app.base}/manage/eg/${equipmentId}/designer/${pageId}`);
  await page.locator('[data-testid="designer-canvas"]').waitFor();
  await draw(page, 'UsualPercentFill', [40, 300], [140, 480]);
  await choose(page, 'percentType', texts.tank);
  await assertPanelFits(page, `${lang} percent fill`);
  await snap(page, `designer-settings-04-percent-fill-${lang}`);

  await draw(page, 'UsualAnimation', [180, 320], [300, 400]);
  await page.locator('#field-cycleEnable').click();
  await page.locator('[data-testid="field-imgItems-url-0"]').fill('javascript:alert(1)');
  await page.keyboard.press('Tab');
  assert.match((await page.locator('[data-testid="field-imgItems-url-0"]').getAttribute('class')) ?? '', /status-error/);
  await page.locator('[data-testid="field-imgItems-url-0"]').fill('/userimg/fan-1.png');
  await page.keyboard.press('Enter');
  await assertPanelFits(page, `${lang} state animation`);
  await scrollPanel(page);
  await snap(page, `designer-settings-05-state-animation-${lang}`);

  await draw(page, 'ComplexBar', [340, 320], [540, 480]);
  await choose(page, 'mode', texts.fixedRange);
  await page.locator('#field-chartMaxVal').waitFor();
  await assertPanelFits(page, `${lang} bar chart`);
  await snap(page, `designer-settings-06-bar-chart-${lang}`);

  await draw(page, 'ComplexPie', [580, 320], [760, 480]);
  await choose(page, 'valueType', texts.percent);
  await assertPanelFits(page, `${lang} pie chart`);
  await save(page);
  const stored = await api(page, '/lfscada/configuration/page/info', { id: String(pageId) });
  const byType = Object.fromEntries(stored.data.document.widgets.map((w) => [w.widgetType, w.data]));
  assert.equal(byType.UsualPercentFill.dataAddon.type, 'capacityChart');
  assert.deepEqual(byType.UsualAnimation.cycle, { enable: true, judgCondition: '==', judgVal: 0, speed: 300 });
  assert.equal(byType.UsualAnimation.imgItems[0].url, '/userimg/fan-1.png');
  assert.deepEqual([byType.ComplexBar.mode, byType.ComplexBar.minVal, byType.ComplexBar.maxVal], ['custom', 0, 100]);
  assert.equal(byType.ComplexPie.valueType, 'percent');
  await select(page, 'UsualDashboard');
  await snap(page, `designer-settings-07-saved-${lang}`);
}

/** Types `text` into the number field `fieldId` over what it holds, and commits it with Enter. */
async function typeNumber(page, fieldId, text) {
  await page.locator(`#field-${fieldId}`).click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/**
 * The panels of the four types the viewer learned to draw, in the designer shown (`lang`): each widget selected,
 * its panel checked to fit and photographed.
 */
async function photographTablePanels(page, lang) {
  for (const [type, name] of [
    ['ComplexHistory', 'history'],
    ['ComplexXyline', 'xy-curve'],
    ['UsualScrollbar', 'flow-bar'],
    ['ComplexAlarm', 'alarm-table'],
  ]) {
    await select(page, type);
    await assertPanelFits(page, `${lang} ${type}`);
    await snap(page, `designer-settings-08-${name}-${lang}`);
  }
}

/**
 * A history table, an XY curve, a flow bar and an alarm table drawn and set up through the panel (zh-CN), saved and
 * checked in the stored document; the page opened live shows history rows; then the same panels in English.
 */
async function designTablesAndCurve(page) {
  const { equipmentId, signals } = await findDemo(page);
  const title = (start) => Object.keys(signals).find((t) => t.startsWith(start));
  const [inlet, outlet, flow, speed] = [title('Inlet pressure'), title('Outlet pressure'), title('Flow'), title('Speed setpoint')];
  assert.ok(inlet && outlet && flow && speed, JSON.stringify(signals));
  const added = await api(page, '/lfscada/configuration/page/add', { equipmentId: String(equipmentId), title: '表格与 XY 曲线', width: '800', height: '500' });
  assert.equal(added.code, '200', JSON.stringify(added));
  const pageId = added.data.id;
  await page.goto(`${app.base}/manage/eg/${equipmentId}/designer/${pageId}`);
  await page.locator('[data-testid="designer-canvas"]').waitFor();

  // A history table of the outlet pressure and the flow, re-queried every 10 seconds.
  await draw(page, 'ComplexHistory', [20, 20], [480, 300]);
  assert.equal(await page.locator('#field-tableTimeRange').inputValue(), '720');
  await pickSignal(page, 'field-historySignals-add', outlet);
  await pickSignal(page, 'field-historySignals-add', flow);
  assert.equal(await page.locator('[data-testid="field-historySignals-row"]').count(), 2);
  await typeNumber(page, 'rollTime', '10');

  // An XY curve: the inlet pressure across, the outlet pressure up, the Y axis fixed.
  await draw(page, 'ComplexXyline', [500, 20], [780, 300]);
  await pickSignal(page, 'field-xSignal', inlet);
  await pickSignal(page, 'field-ySignal', outlet);
  await choose(page, 'modeY', '自定义');
  await typeNumber(page, 'yMaxVal', '10');

  // A flow bar that moves while the speed setpoint is above 1000, and an alarm table without a pager.
  await draw(page, 'UsualScrollbar', [20, 330], [480, 354]);
  await pickSignal(page, 'field-binding', speed);
  await choose(page, 'flowSymbol', '>');
  await typeNumber(page, 'flowValue', '1000');
  await draw(page, 'ComplexAlarm', [500, 330], [780, 480]);
  await page.locator('#field-tablePaged').click();
  await photographTablePanels(page, 'zh');
  await save(page);

  // The stored document holds every setting under the spec's names.
  const stored = await api(page, '/lfscada/configuration/page/info', { id: String(pageId) });
  assert.equal(stored.code, '200', JSON.stringify(stored));
  const byType = Object.fromEntries(stored.data.document.widgets.map((w) => [w.widgetType, w]));
  const { ComplexHistory: history, ComplexXyline: xy, UsualScrollbar: bar, ComplexAlarm: alarms } = byType;
  const bound = (list) => list.map((b) => [b.type, b.signalId, b.title]);
  assert.deepEqual(bound(history.data.signalArray), [
    ['signal', signals[outlet], outlet],
    ['signal', signals[flow], flow],
  ]);
  assert.equal(history.data.rollTime, 10);
  assert.deepEqual(bound(xy.data.signalArray), [
    ['signal', signals[inlet], inlet],
    ['signal', signals[outlet], outlet],
  ]);
  assert.deepEqual([xy.data.modeY, xy.data.minVal, xy.data.maxVal], ['custom', 0, 10]);
  assert.equal(bar.data.signalId, signals[speed]);
  assert.deepEqual([bar.data.dataAddon.symbol, bar.data.dataAddon.value], ['>', 1000]);
  assert.equal(alarms.data.page, false);

  // Live: the history rows come from the plant, the caption names the roll set above, the XY curve has both signals.
  await page.goto(`${app.base}/monitor/eg/detail/page/${pageId}/0`);
  await page.locator('[data-testid="runtime-page"]').waitFor();
  const rows = page.locator(`[data-testid="table-${history.id}"] tbody tr`);
  await rows.first().waitFor();
  assert.match((await rows.first().locator('td').allInnerTexts())[0], /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  assert.equal(await page.locator(`[data-testid="table-caption-${history.id}"]`).innerText(), '近 12 小时 · 每 10 秒刷新');
  assert.equal(await page.locator(`[data-testid="chart-empty-${xy.id}"]`).count(), 0);
  await until(async () => (await page.locator(`[data-testid="flow-${bar.id}"]`).getAttribute('data-flowing')) === 'true', 'the bar to flow');
  await snap(page, 'designer-settings-09-tables-live-zh');

  // The same in English: the live page, then the panels.
  await page.locator('#lang-switch').click();
  await page.locator(`[data-testid="table-caption-${history.id}"]`).getByText('Last 12 h · refreshed every 10 s').waitFor();
  await rows.first().waitFor();
  await snap(page, 'designer-settings-09-tables-live-en');
  await page.goto(`${app.base}/manage/eg/${equipmentId}/designer/${pageId}`);
  await page.locator('[data-testid="designer-canvas"]').waitFor();
  await photographTablePanels(page, 'en');
}

const ZH = { pageTitle: '组件设置', multistage: '多段', tank: '容器', fixedRange: '自定义', percent: '百分比' };
const EN = { pageTitle: 'Widget settings', multistage: 'Stages', tank: 'Tank', fixedRange: 'Fixed range', percent: 'Percentage' };

describe('widget-specific settings in the designer', () => {
  test('zh-CN: a dashboard in stages and a line chart of two signals, saved and shown live', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    const { equipmentId, pageId } = await designDashboardAndChart(page, 'zh', ZH);
    await otherPanels(page, 'zh', equipmentId, pageId, ZH);
  });

  test('en: the same in English', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    await page.locator('#lang-switch').click();
    await page.getByText('Gateway equipment').first().waitFor();
    const { equipmentId, pageId } = await designDashboardAndChart(page, 'en', EN);
    await otherPanels(page, 'en', equipmentId, pageId, EN);
  });

  test('a history table and an XY curve bound through the panel, saved and live; their panels in zh-CN and en', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    await designTablesAndCurve(page);
  });
});
