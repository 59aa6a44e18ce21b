// The history and alarm tables' own settings (spec section 3: filterTime, exportExcel, dimensionType, timeUnit) in a
// real browser against the real server. In the designer, with the mouse: a history table drawn and bound to two of
// the demo's signals, its time filter and Excel export switched on and its rows set to one per hour; an alarm table
// with its export and filter on; both drawn with their tools disabled; saved and checked in the stored document.
// Live: hourly rows, the export saving an .xlsx whose first row is the table's headings (unzipped here with node's
// zlib), a range picked from the picker's presets (its pop-up where the picker is, not scaled with the page) that
// stops the roll until "back to live". Screenshots in zh-CN and en.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, copyFileSync, readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { join } from 'node:path';
import { consoleUnderTest, screenshotDir, snap } from '../lib/harness.mjs';
import { api, findDemo, until } from '../lib/demo.mjs';
import { draw as drawWidget } from '../lib/designer.mjs';

const app = consoleUnderTest();
const SHOTS = '/tmp/shots/tables';

/** A screenshot under e2e/screenshots, copied to /tmp/shots/tables for the lead to look at. */
async function photo(page, name) {
  await snap(page, name);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(join(screenshotDir, `${name}.png`), join(SHOTS, `${name}.png`));
}

/** The files of a zip archive by name (central directory read; stored or deflated entries). */
function unzip(buffer) {
  let end = buffer.length - 22;
  while (end >= 0 && buffer.readUInt32LE(end) !== 0x06054b50) end--;
  assert.ok(end >= 0, 'a zip archive');
  const count = buffer.readUInt16LE(end + 10);
  let at = buffer.readUInt32LE(end + 16);
  const files = {};
  for (let i = 0; i < count; i++) {
    assert.equal(buffer.readUInt32LE(at), 0x02014b50);
    const method = buffer.readUInt16LE(at + 10);
    const size = buffer.readUInt32LE(at + 20);
    const nameLength = buffer.readUInt16LE(at + 28);
    const local = buffer.readUInt32LE(at + 42);
    const name = buffer.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    const raw = buffer.subarray(start, start + size);
    files[name] = (method === 8 ? inflateRawSync(raw) : raw).toString('utf8');
    at += 46 + nameLength + buffer.readUInt16LE(at + 30) + buffer.readUInt16LE(at + 32);
  }
  return files;
}

/** The text cells of the first row of an .xlsx (shared or inline strings). */
function headerRow(buffer) {
  const files = unzip(buffer);
  const shared = [...(files['xl/sharedStrings.xml'] ?? '').matchAll(/<si>(.*?)<\/si>/gs)].map((m) => m[1].replace(/<[^>]+>/g, ''));
  const sheet = files['xl/worksheets/sheet1.xml'];
  assert.ok(sheet, `a first sheet in ${Object.keys(files)}`);
  const row = sheet.match(/<row[^>]*>(.*?)<\/row>/s)?.[1] ?? '';
  const decode = (s) => s.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"');
  return [...row.matchAll(/<c([^>]*)>(.*?)<\/c>/gs)].map(([, attrs, inner]) => {
    const value = inner.match(/<v>(.*?)<\/v>/s)?.[1] ?? inner.replace(/<[^>]+>/g, '');
    return decode(/t="s"/.test(attrs) ? shared[Number(value)] : value);
  });
}

/** Clicks the export button of table `id` and answers the download's file name and bytes. */
async function exportOf(page, id) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator(`[data-testid="table-export-${id}"]`).click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: readFileSync(path) };
}

/** Draws a widget and waits for its panel. */
async function draw(page, type, from, to) {
  await drawWidget(page, type, from, to);
  await page.locator('[data-testid="property-panel"] [data-testid="section-style"]').waitFor();
}

/** Types the start of a signal's name into the picker `inputId` and clicks the signal. */
async function pickSignal(page, inputId, title) {
  await page.locator(`#${inputId}`).click();
  await page.keyboard.type(title.slice(0, 6));
  await page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title^="${title}"]`).first().click();
}

/** Opens the choice `fieldId` and clicks its option shown as `label`. */
async function choose(page, fieldId, label) {
  await page.locator(`.ant-select:has(#field-${fieldId})`).click();
  await page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${label}"]`).click();
}

/** Selects the top-level widget of `type` by a click in the middle of its box. */
async function select(page, type) {
  const box = await page.locator(`[data-layer="widgets"] > [data-widget-type="${type}"]`).boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.locator('[data-testid="property-panel"] [data-testid="section-style"]').waitFor();
}

const scrollPanel = (page) => page.locator('[data-testid="property-panel"]').evaluate((el) => el.scrollTo(0, el.scrollHeight));

/** The demo equipment, its signals by name, and a new page of it. */
async function newPage(page, title) {
  const { equipmentId, signals } = await findDemo(page);
  const added = await api(page, '/lfscada/configuration/page/add', { equipmentId: String(equipmentId), title, width: '1000', height: '640' });
  assert.equal(added.code, '200', JSON.stringify(added));
  return { equipmentId, signals, pageId: added.data.id };
}

/** In the live page: the picker's pop-up opens under the picker (in the body, not scaled); a preset fixes the range. */
async function pickPreset(page, id, label) {
  const picker = page.locator(`[data-testid="table-tools-${id}"] .ant-picker`);
  await picker.click();
  const popup = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
  await popup.waitFor();
  const [at, pop] = [await picker.boundingBox(), await popup.boundingBox()];
  // Placed by the picker (below or above it, starting near its left edge), not at the page's corner.
  assert.ok(Math.abs(pop.x - at.x) < 40 || pop.x + pop.width > at.x, `pop-up near the picker: ${JSON.stringify({ at, pop })}`);
  assert.ok(pop.y >= at.y + at.height - 2 || pop.y + pop.height <= at.y + 2, `pop-up beside the picker: ${JSON.stringify({ at, pop })}`);
  assert.equal(await popup.evaluate((el) => el.closest('foreignObject') === null), true, 'the pop-up lives in the body');
  return async () => {
    await popup.locator('.ant-picker-presets li', { hasText: label }).click();
    await popup.waitFor({ state: 'hidden' });
  };
}

describe('the tables\' filter, export and rows per period', () => {
  test('zh-CN: switched on in the designer with the mouse; live: hourly rows, a picked range, the exports', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    const { equipmentId, signals, pageId } = await newPage(page, '表格设置');
    const title = (start) => Object.keys(signals).find((t) => t.startsWith(start));
    const [outlet, flow] = [title('Outlet pressure'), title('Flow')];
    await page.goto(`${app.base}/manage/eg/${equipmentId}/designer/${pageId}`);
    await page.locator('[data-testid="designer-canvas"]').waitFor();

    await draw(page, 'ComplexHistory', [20, 20], [620, 320]);
    await pickSignal(page, 'field-historySignals-add', outlet);
    await pickSignal(page, 'field-historySignals-add', flow);
    await page.locator('#field-tableFilterTime').click();
    await page.locator('#field-tableExportExcel').click();
    await choose(page, 'dimensionType', '按时间单位汇总');
    assert.equal(await page.locator('.ant-select:has(#field-timeUnit) .ant-select-selection-item').innerText(), '小时');
    await draw(page, 'ComplexAlarm', [20, 340], [980, 620]);
    // The alarm table has no rows per period: records are events.
    assert.equal(await page.locator('#field-dimensionType').count(), 0);
    await page.locator('#field-tableFilterTime').click();
    await page.locator('#field-tableExportExcel').click();
    // Drawn still, the tools are there and disabled.
    await select(page, 'ComplexHistory');
    const idOf = async (type) =>
      ((await page.locator(`[data-layer="widgets"] > [data-widget-type="${type}"]`).getAttribute('data-testid')) ?? '').replace(/^widget-/, '');
    const [historyId, alarmId] = [await idOf('ComplexHistory'), await idOf('ComplexAlarm')];
    assert.ok(historyId && alarmId);
    assert.equal(await page.locator(`[data-testid="table-export-${historyId}"]`).isDisabled(), true);
    assert.equal(await page.locator(`[data-testid="table-tools-${historyId}"] .ant-picker-disabled`).count(), 1);
    await scrollPanel(page);
    await photo(page, 'tables-settings-01-designer-zh');
    await page.locator('[data-testid="designer-save"]').click();
    await page.locator('[data-testid="designer-unsaved"]').waitFor({ state: 'detached' });

    const stored = await api(page, '/lfscada/configuration/page/info', { id: String(pageId) });
    const byType = Object.fromEntries(stored.data.document.widgets.map((w) => [w.widgetType, w]));
    const pick = (d) => [d.filterTime, d.exportExcel, d.dimensionType, d.timeUnit];
    // timeUnit left at its default (hour) is not written; the viewer reads it as hour.
    assert.deepEqual(pick(byType.ComplexHistory.data), [true, true, 'unit', undefined]);
    assert.deepEqual(pick(byType.ComplexAlarm.data).slice(0, 2), [true, true]);

    // Live: one row per hour (the plant's readings since the server started fall in one or two hours).
    await page.goto(`${app.base}/monitor/eg/detail/page/${pageId}/0`);
    await page.locator('[data-testid="runtime-page"]').waitFor();
    const rows = page.locator(`[data-testid="table-${historyId}"] tbody tr`);
    await rows.first().waitFor();
    const times = await rows.locator('td:first-child').allInnerTexts();
    assert.ok(times.length >= 1 && times.length <= 2, `hourly rows: ${times}`);
    for (const time of times) assert.match(time, /^\d{4}-\d{2}-\d{2} \d{2}:00$/);
    const caption = page.locator(`[data-testid="table-caption-${historyId}"]`);
    assert.equal(await caption.innerText(), '近 12 小时 · 每 30 秒刷新 · 每小时一行');

    // The export: an .xlsx (a zip) whose first row is the table's headings, named after the equipment and range.
    await until(async () => (await page.locator(`[data-testid="table-export-${historyId}"]`).isEnabled()), 'the export button');
    const history = await exportOf(page, historyId);
    assert.equal(history.bytes.subarray(0, 2).toString(), 'PK');
    assert.match(history.name, /^1#_Pump_station_\d{8}-\d{6}_\d{8}-\d{6}\.xlsx$/);
    assert.deepEqual(headerRow(history.bytes), ['时间', `${outlet} (bar)`, `${flow} (m³/h)`]);
    await until(async () => (await page.locator(`[data-testid="table-export-${alarmId}"]`).isEnabled()), 'the alarm export button');
    const alarms = await exportOf(page, alarmId);
    assert.equal(alarms.bytes.subarray(0, 2).toString(), 'PK');
    assert.deepEqual(headerRow(alarms.bytes), ['设备', '报警类型', '触发时间', '解除时间', '触发值', '报警信息', '操作']);

    // A range from the picker's presets: the caption names it, "back to live" appears, the roll stops.
    const choosePreset = await pickPreset(page, historyId, '近 7 天');
    await photo(page, 'tables-settings-02-picker-zh');
    await choosePreset();
    await page.locator(`[data-testid="table-live-${historyId}"]`).waitFor();
    assert.match(await caption.innerText(), /^\d{4}-\d{2}-\d{2} \d{2}:\d{2} 至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}（固定时段） · 每小时一行$/);
    await rows.first().waitFor();
    await photo(page, 'tables-settings-03-live-fixed-zh');
    await page.locator(`[data-testid="table-live-${historyId}"]`).click();
    await until(async () => (await caption.innerText()) === '近 12 小时 · 每 30 秒刷新 · 每小时一行', 'back to the rolling window');
    await page.context().close();
  });

  test('en: the same tools in English, the designer panel and the live page', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    await page.locator('#lang-switch').click();
    await page.getByText('Gateway equipment').first().waitFor();
    const { equipmentId, signals, pageId } = await newPage(page, 'Table settings');
    const bind = (name) => ({ type: 'signal', equipId: equipmentId, signalId: signals[name], title: name });
    const at = (x, y, width, height) => ({ x, y, width, height, rotate: 0 });
    const document = {
      con: { width: 1000, height: 640 },
      widgets: [
        {
          id: 'history', widgetType: 'ComplexHistory', widgetName: 'Pressures by hour', position: at(20, 20, 600, 300),
          style: { fill: { enable: true, color: '#F0F5FF' }, stroke: { enable: true, color: '#1677FF', width: 1 }, color: '#1F1F1F', font: { size: 13 } },
          data: { signalArray: [bind('Outlet pressure'), bind('Flow')], filterTime: true, exportExcel: true, dimensionType: 'unit', timeUnit: 'minute' },
        },
        { id: 'alarms', widgetType: 'ComplexAlarm', widgetName: 'Alarms', position: at(20, 340, 960, 280), data: { filterTime: true, exportExcel: true } },
      ],
    };
    const saved = await api(page, '/lfscada/configuration/page/save', { id: String(pageId), document: JSON.stringify(document) });
    assert.equal(saved.code, '200', JSON.stringify(saved));

    await page.goto(`${app.base}/monitor/eg/detail/page/${pageId}/0`);
    await page.locator('[data-testid="runtime-page"]').waitFor();
    await page.locator('[data-testid="table-history"] tbody tr').first().waitFor();
    assert.match(await page.locator('[data-testid="table-history"] tbody tr td').first().innerText(), /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    assert.equal(await page.locator('[data-testid="table-caption-history"]').innerText(), 'Last 12 h · refreshed every 30 s · a row per minute');
    assert.equal(await page.locator('[data-testid="table-export-history"]').innerText(), 'Export Excel');
    const history = await exportOf(page, 'history');
    assert.match(history.name, /^Pressures_by_hour_\d{8}-\d{6}_\d{8}-\d{6}\.xlsx$/);
    assert.deepEqual(headerRow(history.bytes), ['Time', 'Outlet pressure (bar)', 'Flow (m³/h)']);
    const choosePreset = await pickPreset(page, 'alarms', 'Last hour');
    await photo(page, 'tables-settings-04-picker-en');
    await choosePreset();
    await page.locator('[data-testid="table-live-alarms"]').getByText('Back to live').waitFor();
    const texts = await page.locator('[data-testid="runtime-page"]').innerText();
    assert.doesNotMatch(texts, /[\u4e00-\u9fff]/, `no Chinese on the page: ${texts}`);
    await photo(page, 'tables-settings-05-live-en');

    await page.goto(`${app.base}/manage/eg/${equipmentId}/designer/${pageId}`);
    await page.locator('[data-testid="designer-canvas"]').waitFor();
    await select(page, 'ComplexHistory');
    assert.equal(await page.locator('.ant-select:has(#field-timeUnit) .ant-select-selection-item').innerText(), 'Minute');
    await photo(page, 'tables-settings-06-designer-style-en');
    await scrollPanel(page);
    await photo(page, 'tables-settings-07-designer-data-en');
    await page.context().close();
  });
});
