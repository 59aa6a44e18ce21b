// Charts bound to reports on a project's page (issue 35; docs/page-document.md "Charts on reports", docs/reports.md
// "Charts on pages"), in a real browser against the real server and its demo plant with two days of past, in zh-CN
// and en. On a new page of the demo project, with the mouse and the keyboard: a line chart drawn from the palette and
// bound to the demo pump station's own report with two of its columns ticked, a bar chart bound to a custom report
// of the project (made through the API), saved with Ctrl+S. In the project monitor both charts draw, for every period
// over, exactly what the server answers for their view (`queryCols`, `queryAllForCurve`), read from the charts'
// tooltips (ECharts draws its legend on the canvas; the tooltip is HTML and names each series and its value). Then a
// column is removed from each definition through the API: reopened, the designer says two columns were removed, and
// the page saved again keeps only the columns the definitions still have. Screenshots: report-charts-*.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleUnderTest, settle, shot } from '../lib/harness.mjs';
import { api, findDemo, until } from '../lib/demo.mjs';
import { shownCell } from '../lib/reports.mjs';
import { draw, widgetsOfType } from '../lib/designer.mjs';

// The demo's past gives today's hours over their values (e2e/lib/harness.mjs seeds none by default).
const app = consoleUnderTest({ extraArgs: ['--demo-history-days', '2'] });

/** The demo pump station's report (crates/server/src/demo/plant.rs; the server runs with `--lang en`). */
const DEMO_REPORT = 'Pump station operation';
const HOUR_MS = 3_600_000;

/**
 * The texts each language's run picks and expects, and the columns it works on. Each run ticks two columns of the
 * demo report and removes one of them from the definition, a different one in each run, so the runs do not depend
 * on each other's order.
 */
const LANG = {
  'zh-CN': {
    statistic: { avg: '平均值', max: '最大值', difference: '差值', onHours: '运行时长' },
    hours: '小时',
    running: '进行中',
    source: { report: '设备报表', customReport: '自定义报表' },
    day: '日报',
    custom: '泵站能耗与压力',
    page: '报表图表',
    ticked: [['Flow', 'avg'], ['Motor temperature', 'max']],
    repaired: '2 个已不在报表中的列已移除',
  },
  en: {
    statistic: { avg: 'Average', max: 'Maximum', difference: 'Difference', onHours: 'Running hours' },
    hours: 'h',
    running: 'running',
    source: { report: 'Equipment report', customReport: 'Custom report' },
    day: 'Daily',
    custom: 'Pump energy and pressure',
    page: 'Report charts',
    ticked: [['Flow', 'avg'], ['Outlet pressure', 'avg']],
    repaired: '2 report columns no longer in their report were removed',
  },
};

/** Today in China time (UTC+8), as the charts' views name it. */
const chinaToday = () => new Date(Date.now() + 8 * HOUR_MS).toISOString().slice(0, 10);

/** A column's title as the chart names its series: "signal · statistic (unit)" (entities/reports/format.ts). */
function seriesTitle(signalTitle, statistic, unit, texts) {
  const shownUnit = statistic === 'onHours' ? texts.hours : statistic === 'count' ? '' : unit.trim();
  return `${signalTitle} · ${texts.statistic[statistic]}${shownUnit ? ` (${shownUnit})` : ''}`;
}

/** Picks the option titled `title` of the antd Select whose input is `#id`, with the mouse. */
async function choose(page, id, title) {
  await openSelect(page, id);
  await page.locator(`.ant-select-dropdown:has(#${id}_list) .ant-select-item-option[title="${title}"]`).click();
  await page.locator(`.ant-select-dropdown:has(#${id}_list)`).waitFor({ state: 'hidden' });
}

/** Opens the antd Select whose input is `#id` and waits for its options. */
async function openSelect(page, id) {
  await page.locator(`.ant-select:has(#${id}) .ant-select-selector`).click();
  await page.locator(`.ant-select-dropdown:has(#${id}_list) .ant-select-item-option`).first().waitFor();
}

/** The chart source field's column checkboxes: each label and whether it is ticked. */
async function columnBoxes(page) {
  return page.locator('[data-testid="field-chartSource-columns"] label.ant-checkbox-wrapper').evaluateAll((labels) =>
    labels.map((label) => ({ text: label.innerText.trim(), checked: label.querySelector('input').checked })),
  );
}

/** Selects the top-level widget of `type` with a click in its box and waits for its data settings. */
async function select(page, type) {
  const box = await widgetsOfType(page, type).boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.locator('[data-testid="property-panel"] [data-testid="field-chartSource"]').waitFor();
}

/** Saves with Ctrl+S and waits until the page is no longer marked unsaved. */
async function saveWithKeyboard(page) {
  await page.locator('[data-testid="designer-unsaved"]').waitFor();
  await page.keyboard.press('Control+s');
  await page.locator('[data-testid="designer-unsaved"]').waitFor({ state: 'detached' });
}

/**
 * What the chart's tooltip says at each period, left to right: the mouse is swept across the chart in steps smaller
 * than a period, and each new tooltip text kept (the tooltip follows the axis: one text per period).
 */
async function tooltips(page, widgetId) {
  const chart = page.locator(`[data-testid="chart-${widgetId}"]`);
  const box = await chart.boundingBox();
  const y = box.y + box.height / 2;
  const seen = [];
  for (let x = box.x + 1; x < box.x + box.width - 1; x += 2) {
    await page.mouse.move(x, y);
    const text = await chart.evaluate((element) => {
      // ECharts' tooltip: the chart element's child that is not the canvas's layer.
      const tip = [...element.children].find((child) => !child.querySelector('canvas'));
      if (!tip || getComputedStyle(tip).display === 'none' || getComputedStyle(tip).visibility === 'hidden' || tip.style.opacity === '0') return null;
      return tip.innerText.trim();
    });
    if (text && text !== seen.at(-1)) seen.push(text);
  }
  await page.mouse.move(0, 0);
  return seen.map((text) => {
    const [head, ...lines] = text.split('\n').map((line) => line.trim());
    return { head, lines };
  });
}

/**
 * Compares a chart, period by period, with the server's answer `data` of the same view: as many periods, each line
 * "title: value" of the chosen columns in the chart's order; periods over must equal the answer exactly (the running
 * one moves on between the chart's read and the test's, so only its titles are compared).
 */
function assertDrawn(drawn, data, chosen, texts, what) {
  assert.equal(drawn.length, data.rows.length, `${what}: a tooltip per period: ${JSON.stringify(drawn.map((d) => d.head))}`);
  let compared = 0;
  for (const [i, row] of data.rows.entries()) {
    const { head, lines } = drawn[i];
    assert.deepEqual(
      lines.map((line) => line.slice(0, line.lastIndexOf(': '))),
      chosen.map((c) => c.title),
      `${what}: the series of period ${head}`,
    );
    if (row.running || head.includes(`(${texts.running})`)) continue;
    assert.deepEqual(lines, chosen.map((c) => `${c.title}: ${shownCell(row.values[c.index], c.col)}`), `${what}: period ${head}`);
    compared++;
  }
  // Today's hours over (none only in the first hour of the day) have the demo's values.
  const now = new Date(Date.now() + 8 * HOUR_MS);
  if (now.getUTCHours() >= 1) assert.ok(compared > 0, `${what}: periods over were compared`);
  return compared;
}

async function run(lang) {
  const texts = LANG[lang];
  const tag = lang === 'en' ? 'en' : 'zh';
  const page = await app.newPage();
  await app.loginAsDemo(page);
  if (lang === 'en') {
    await page.locator('#lang-switch').click();
    await page.waitForFunction(() => document.documentElement.lang === 'en' || document.body.innerText.includes('Monitor'));
  }
  const { equipmentId, signals } = await findDemo(page);
  const projects = await api(page, '/lfscada/project/query', { page: '1', pageSize: '10' });
  const projectId = projects.data.list[0].id;
  const reports = await api(page, '/lfscada/monitor/multi/report/queryAll', { equipmentId: String(equipmentId) });
  const demoReport = reports.data.find((r) => r.name === DEMO_REPORT);
  assert.ok(demoReport, `the demo's report: ${JSON.stringify(reports)}`);

  // A custom report of the project, and a page of its own for this run.
  const customColumns = [
    { equipmentId, signalId: signals['Energy total'], statistic: 'difference' },
    { equipmentId, signalId: signals.Flow, statistic: 'avg' },
    { equipmentId, signalId: signals['Outlet pressure'], statistic: 'max' },
  ];
  const custom = await api(page, '/lfscada/project/custom/report/save', {
    projectId: String(projectId), name: texts.custom, periodMs: String(HOUR_MS), columns: JSON.stringify(customColumns),
  });
  assert.equal(custom.code, '200', JSON.stringify(custom));
  const customId = custom.data.id;
  const added = await api(page, '/lfscada/project/page/add', { projectId: String(projectId), title: texts.page });
  assert.equal(added.code, '200', JSON.stringify(added));
  const pageId = added.data.id;

  // The designer of the project's page.
  const designer = `${app.base}/manage/project/${projectId}/designer/${pageId}`;
  await page.goto(designer);
  await page.locator('[data-testid="designer-canvas"]').waitFor();

  // A line chart of the pump station's report, two columns ticked.
  await draw(page, 'ComplexLine', [40, 40], [680, 330]);
  await page.locator('#field-chartSource-source').waitFor();
  await choose(page, 'field-chartSource-source', texts.source.report);
  await choose(page, 'field-chartSource-equipment', '1# Pump station');
  await openSelect(page, 'field-chartSource-report');
  await settle(page);
  await shot(page, `report-charts-01-source-${tag}`);
  await page.locator(`.ant-select-dropdown:has(#field-chartSource-report_list) .ant-select-item-option[title="${DEMO_REPORT}"]`).click();
  const label = ([signal, statistic]) => `${signal} · ${texts.statistic[statistic]}`;
  const wanted = texts.ticked.map(label);
  await page.locator('[data-testid="field-chartSource-columns"]').waitFor();
  const offered = await columnBoxes(page);
  assert.ok(offered.length >= 5 && offered.every((box) => box.checked), `every column ticked when the report is picked: ${JSON.stringify(offered)}`);
  for (const want of wanted) assert.ok(offered.some((box) => box.text === want), `${want} offered: ${JSON.stringify(offered)}`);
  for (const box of offered.filter((b) => !wanted.includes(b.text))) {
    await page.locator('[data-testid="field-chartSource-columns"] label.ant-checkbox-wrapper').filter({ hasText: box.text }).click();
  }
  await until(async () => (await columnBoxes(page)).filter((b) => b.checked).length === 2, 'two columns ticked');
  assert.deepEqual((await columnBoxes(page)).filter((b) => b.checked).map((b) => b.text), wanted);
  await settle(page);
  await shot(page, `report-charts-02-columns-${tag}`);

  // A bar chart of the custom report, every column of it.
  await draw(page, 'ComplexBar', [40, 360], [680, 650]);
  await page.locator('#field-chartSource-source').waitFor();
  await choose(page, 'field-chartSource-source', texts.source.customReport);
  await choose(page, 'field-chartSource-custom', texts.custom);
  await page.locator('[data-testid="field-chartSource-columns"]').waitFor();
  const customBoxes = await columnBoxes(page);
  assert.deepEqual(customBoxes.map((b) => b.checked), [true, true, true], JSON.stringify(customBoxes));
  await settle(page);
  await shot(page, `report-charts-03-custom-${tag}`);
  await saveWithKeyboard(page);

  // Stored as docs/page-document.md says: each chart names its report and its columns by what they read.
  const stored = await api(page, '/lfscada/configuration/page/info', { id: String(pageId) });
  assert.equal(stored.code, '200', JSON.stringify(stored));
  const line = stored.data.document.widgets.find((w) => w.widgetType === 'ComplexLine');
  const bar = stored.data.document.widgets.find((w) => w.widgetType === 'ComplexBar');
  const signalOf = (title) => signals[title];
  assert.equal(line.data.type, 'report');
  assert.equal(line.data.reportId, demoReport.id);
  assert.deepEqual(
    line.data.reportSignalArray,
    texts.ticked.map(([signal, statistic]) => ({ equipId: equipmentId, signalId: signalOf(signal), statistic })),
  );
  assert.equal(bar.data.customReportId, customId);
  assert.deepEqual(bar.data.customArray, customColumns);

  // The live page in the project monitor: both charts drawn from the server's answers of their view (today by the
  // hour: both reports step by the hour, the charts' view is automatic).
  await page.goto(`${app.base}/monitor/project/${projectId}/page/${pageId}`);
  const today = chinaToday();
  const caption = (id) => page.locator(`[data-testid="chart-caption-${id}"]`);
  await caption(line.id).filter({ hasText: `${DEMO_REPORT} · ${texts.day} ${today}` }).waitFor({ timeout: 30_000 });
  await caption(bar.id).filter({ hasText: `${texts.custom} · ${texts.day} ${today}` }).waitFor({ timeout: 30_000 });
  await page.locator(`[data-testid="chart-${line.id}"] canvas`).first().waitFor();
  await page.locator(`[data-testid="chart-${bar.id}"] canvas`).first().waitFor();

  const lineDrawn = await tooltips(page, line.id);
  const cols = await api(page, '/lfscada/monitor/multi/report/queryCols', { reportId: String(demoReport.id), view: 'day', date: today });
  assert.equal(cols.code, '200', JSON.stringify(cols));
  const lineChosen = texts.ticked.map(([signal, statistic]) => {
    const index = cols.data.cols.findIndex((c) => c.signalId === signalOf(signal) && c.statistic === statistic);
    const col = cols.data.cols[index];
    return { index, col, title: seriesTitle(col.signalTitle, col.statistic, col.unit, texts) };
  });
  assert.deepEqual(lineChosen.map((c) => c.title), texts.ticked.map(([signal, statistic]) => seriesTitle(signal, statistic, lineChosen.find((c) => c.col.signalTitle === signal).col.unit, texts)));
  assertDrawn(lineDrawn, cols.data, lineChosen, texts, 'the line chart');

  const barDrawn = await tooltips(page, bar.id);
  const curve = await api(page, '/lfscada/monitor/project/custom/report/queryAllForCurve', { customReportId: String(customId), view: 'day', date: today });
  assert.equal(curve.code, '200', JSON.stringify(curve));
  const barChosen = curve.data.cols.map((col, index) => ({ index, col, title: seriesTitle(col.title, col.statistic, col.unit, texts) }));
  assert.deepEqual(barChosen.map((c) => c.title), [
    seriesTitle('1# Pump station · Energy total', 'difference', 'kWh', texts),
    seriesTitle('1# Pump station · Flow', 'avg', 'm³/h', texts),
    seriesTitle('1# Pump station · Outlet pressure', 'max', 'bar', texts),
  ]);
  assertDrawn(barDrawn, curve.data, barChosen, texts, 'the bar chart');
  await settle(page);
  await shot(page, `report-charts-04-live-${tag}`);

  // A column removed from each definition: the second ticked one from the demo report, the pressure from the custom.
  const [removedSignal, removedStatistic] = texts.ticked[1];
  const keptReportColumns = demoReport.columns
    .filter((c) => !(c.signalId === signalOf(removedSignal) && c.statistic === removedStatistic))
    .map((c) => ({ signalId: c.signalId, statistic: c.statistic, ...(c.wrapsAt != null ? { wrapsAt: c.wrapsAt } : {}) }));
  assert.equal(keptReportColumns.length, demoReport.columns.length - 1);
  const changed = await api(page, '/lfscada/equipment/multi/report/save', {
    equipmentId: String(equipmentId), id: String(demoReport.id), name: demoReport.name, periodMs: String(demoReport.periodMs), columns: JSON.stringify(keptReportColumns),
  });
  assert.equal(changed.code, '200', JSON.stringify(changed));
  const customChanged = await api(page, '/lfscada/project/custom/report/save', {
    projectId: String(projectId), id: String(customId), name: texts.custom, periodMs: String(HOUR_MS), columns: JSON.stringify(customColumns.slice(0, 2)),
  });
  assert.equal(customChanged.code, '200', JSON.stringify(customChanged));

  // Reopened: the designer says what it removed, the line chart lists only the column its report still has.
  await page.goto(designer);
  const notice = page.locator('[data-testid="repair-notice"]');
  await notice.waitFor();
  assert.ok((await notice.innerText()).includes(texts.repaired), await notice.innerText());
  await select(page, 'ComplexLine');
  const after = await columnBoxes(page);
  assert.ok(!after.some((b) => b.text === label(texts.ticked[1])), `the removed column is not offered: ${JSON.stringify(after)}`);
  assert.deepEqual(after.filter((b) => b.checked).map((b) => b.text), [label(texts.ticked[0])]);
  await settle(page);
  await shot(page, `report-charts-05-repaired-${tag}`);
  await saveWithKeyboard(page);
  const repaired = await api(page, '/lfscada/configuration/page/info', { id: String(pageId) });
  const repairedLine = repaired.data.document.widgets.find((w) => w.id === line.id);
  const repairedBar = repaired.data.document.widgets.find((w) => w.id === bar.id);
  assert.deepEqual(repairedLine.data.reportSignalArray, [{ equipId: equipmentId, signalId: signalOf(texts.ticked[0][0]), statistic: texts.ticked[0][1] }]);
  assert.deepEqual(repairedBar.data.customArray, customColumns.slice(0, 2));

  if (lang === 'en') {
    await page.goto(`${app.base}/monitor/project/${projectId}/page/${pageId}`);
    await caption(bar.id).filter({ hasText: texts.custom }).waitFor({ timeout: 30_000 });
    const text = (await page.locator('[data-testid="project-monitor"]').innerText()).replaceAll(/1#取水泵站|[^\n]*水厂[^\n]*|报表图表/g, '');
    assert.doesNotMatch(text, /[\u4e00-\u9fff]/, `no Chinese of the console's: ${text.match(/.{0,20}[\u4e00-\u9fff].{0,20}/)?.[0]}`);
  }
  await page.context().close();
}

describe('charts bound to reports on a project page', () => {
  test('zh-CN: a line chart of an equipment report and a bar chart of a custom report, drawn live, repaired', () => run('zh-CN'));
  test('en: a line chart of an equipment report and a bar chart of a custom report, drawn live, repaired', () => run('en'));
});
