// The equipment management screens in a real browser against the real server (--demo runs a live gateway agent
// and a simulated pump station): create an equipment with a manufacturer picked from the suggestions, bind it to
// a gateway, set its driver settings from the server's schema, define signals by hand and from an .xlsx file,
// refuse an invalid file, save an alarm rule, define a report, create, rename and delete configuration pages,
// upload a picture and see it served, filter the list by online state, gateway and group; zh-CN and en
// screenshots of the list (with filters) and every tab go to e2e/screenshots.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { consoleUnderTest, repoRoot, settle, shot } from '../lib/harness.mjs';
import { api, demoAnalyser, until } from '../lib/demo.mjs';

// The web app's own copy of the library the console exports with (the e2e package has no dependencies of its own).
const { default: writeXlsxFile } = await import(join(repoRoot, 'web', 'node_modules', 'write-excel-file', 'node', 'index.js'));

const app = consoleUnderTest();
let workDir;

before(() => {
  workDir = mkdtempSync(join(tmpdir(), 'ironsight-e2e-xlsx-'));
});

after(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** Picks an option of an antd Select by its visible text. */
async function choose(page, selectId, optionText) {
  await page.locator(`.ant-select:has(#${selectId}) .ant-select-selector`).click();
  const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: optionText });
  await option.first().click();
}

/** Clears an antd Select (its clear icon shows on hover). */
async function clearSelect(page, selectId) {
  const select = page.locator(`.ant-select:has(#${selectId})`);
  await select.hover();
  await select.locator('.ant-select-clear').click();
}

/** Waits until the equipment list shows exactly the rows `ids` (in any order). */
async function waitForRows(page, ids) {
  const want = ids.map(String).sort();
  await page.waitForFunction(
    (expected) => {
      const rows = [...document.querySelectorAll('[data-testid="equipment-list-page"] tr[data-row-key]')];
      return JSON.stringify(rows.map((r) => r.getAttribute('data-row-key')).sort()) === JSON.stringify(expected);
    },
    want,
    { timeout: 15_000 },
  );
}

/** A valid RGB PNG of `width` × `height` (a colour gradient), written by hand: signature, IHDR, IDAT, IEND. */
function pngBytes(width, height) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    typed.copy(out, 4);
    out.writeUInt32BE(crc(typed), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter, no interlace
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1); // each row starts with filter type 0
    for (let x = 0; x < width; x++) raw.set([30 + Math.round((x / width) * 200), 90 + Math.round((y / height) * 120), 200], row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function writeSheet(name, rows) {
  const path = join(workDir, name);
  await writeXlsxFile(rows).toFile(path);
  return path;
}

const HEADER_EN = ['Name', 'Area', 'Address', 'Data type', 'Byte order', 'Word order', 'Scale', 'Offset', 'Unit', 'Decimals', 'Writable', 'Minimum', 'Maximum'];

describe('equipment management', () => {
  let equipmentId;

  test('zh-CN: create, bind, driver settings, signals by hand and from .xlsx, an alarm rule, a report', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);

    // A gateway of our own (offline: nothing runs its agent).
    const added = await api(page, '/lfscada/gateway/add', { sn: 'EG-EQ-E2E', name: '端到端网关' });
    assert.equal(added.code, '200', JSON.stringify(added));

    await page.goto(`${app.base}/manage/eg/equipment/list`);
    await page.locator('[data-testid="equipment-list-page"]').waitFor();
    await page.locator('tr[data-row-key]').first().waitFor();
    await settle(page);
    await shot(page, 'equipment-01-list-zh');

    // Add.
    await page.locator('#equipment-add').click();
    await page.locator('[data-testid="equipment-add-page"]').waitFor();
    await page.locator('#equipment-info-save').click();
    await page.getByText('请输入设备名称').waitFor();
    await page.locator('#equipment-name').fill('端到端水泵');
    await page.locator('#equipment-model').fill('P-200');
    // The manufacturer from the suggestions (the ones already used: the demo's pump station has one).
    await page.locator('#equipment-manufacturer').fill('iron');
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: 'Ironsight' }).click();
    assert.equal(await page.locator('#equipment-manufacturer').inputValue(), 'Ironsight');
    await page.locator('#equipment-address').fill('上海市浦东新区');
    await page.locator('#equipment-latitude').fill('95');
    await page.locator('#equipment-longitude').fill('121.5');
    await page.locator('#equipment-info-save').click();
    await page.getByText('纬度应在 -90 至 90 之间').waitFor();
    await page.locator('#equipment-latitude').fill('31.2');
    await page.locator('#equipment-info-save').click();

    // Created: the edit screen opens on the driver tab.
    await page.waitForURL(/\/manage\/eg\/equipment\/edit\/\d+\/driver$/);
    equipmentId = Number(page.url().match(/edit\/(\d+)\//)[1]);
    await page.locator('[data-testid="driver-form"]').waitFor();

    // Bind to our offline gateway: the configuration waits for it.
    await choose(page, 'driver-gateway-select', 'EG-EQ-E2E');
    await page.locator('#driver-bind').click();
    const state = page.locator('[data-testid="driver-config-state"]');
    await state.waitFor();
    assert.equal(await state.getAttribute('data-state'), 'pending');

    // Driver settings from the schema: client-side limits, then a save.
    await choose(page, 'driver-kind', 'Modbus TCP');
    await page.locator('#driver-host').fill('127.0.0.1');
    await page.locator('#driver-port').fill('70000');
    await page.locator('#driver-save').click();
    await page.getByText('端口应为 1 至 65535 之间的整数').waitFor();
    await page.locator('#driver-port').fill('1502');
    await page.locator('#driver-save').click();
    await page.locator('[data-testid="driver-saved"]').waitFor();
    const info = await api(page, '/lfscada/equipment/multi/info', { id: String(equipmentId) });
    assert.deepEqual(info.data.driver, { kind: 'modbus_tcp', host: '127.0.0.1', port: 1502, unitId: 1, timeoutMs: 1000, pollIntervalMs: 1000 });
    assert.equal(info.data.gatewaySn, 'EG-EQ-E2E');
    assert.equal(info.data.manufacturer, 'Ironsight', 'the picked suggestion was saved');
    await settle(page);
    await shot(page, 'equipment-03-driver-zh');

    // Signals by hand.
    await page.locator('[data-testid="equipment-tab-signal"]').click();
    await page.locator('[data-testid="signal-tab"]').waitFor();
    await page.locator('#signal-add').click();
    await page.locator('#signal-name').fill('出口压力');
    await choose(page, 'signal-dataType', '32 位浮点');
    await page.locator('#signal-unit').fill('MPa');
    await page.locator('#signal-modal-ok').click();
    await page.locator('tr[data-row-key]').filter({ hasText: '出口压力' }).waitFor();
    await page.locator('#signal-save').click();
    await page.locator('[data-testid="signal-unsaved"]').waitFor({ state: 'detached' });
    let signals = await api(page, '/lfscada/equipment/multi/signal/query', { equipmentId: String(equipmentId) });
    assert.deepEqual(signals.data.map((s) => [s.name, s.area, s.address, s.dataType, s.unit]), [['出口压力', 'holding_register', 0, 'float32', 'MPa']]);

    // An invalid file imports nothing and names the row.
    const bad = await writeSheet('bad.xlsx', [
      HEADER_EN,
      ['Flow', 'input_register', 0, 'float32', 'big', 'big', 1, 0, 'm3/h', 1, false, null, null],
      ['Valve', 'coil', 1, 'float32', 'big', 'big', 1, 0, '', 0, true, null, null],
    ]);
    await page.locator('[data-testid="signal-tab"] input[type=file]').setInputFiles(bad);
    const importErrors = page.locator('[data-testid="signal-import-errors"]');
    await importErrors.waitFor();
    assert.match(await importErrors.innerText(), /第 3 行 · 数据类型/);
    await settle(page);
    await shot(page, 'equipment-05-import-errors-zh');
    await page.locator('.ant-modal-footer button').filter({ hasText: /确\s*定/ }).last().click();
    await importErrors.waitFor({ state: 'hidden' });
    assert.equal(await page.locator('tr[data-row-key]').count(), 1, 'nothing was imported');

    // A valid file replaces the table for review; saving stores it, keeping the id of the signal it names again.
    const keptId = signals.data[0].id;
    const good = await writeSheet('good.xlsx', [
      // The state texts column is the fourteenth, after the limits.
      [...HEADER_EN, 'State texts'],
      ['出口压力', 'holding_register', 0, 'float32', 'big', 'big', 0.1, 0, 'MPa', 2, true, 0, 10],
      ['Flow', 'input_register', 0, 'float32', 'big', 'little', 1, 0, 'm3/h', 1, false, null, null],
      ['Pump running', 'coil', 0, 'bool', 'big', 'big', 1, 0, '', 0, true, null, null, '0=停止|Stopped|#8c8c8c; 1=运行|Running|#52c41a'],
    ]);
    await page.locator('[data-testid="signal-tab"] input[type=file]').setInputFiles(good);
    await page.locator('[data-testid="signal-imported"]').waitFor();
    assert.equal(await page.locator('tr[data-row-key]').count(), 3);
    await page.locator('#signal-save').click();
    await page.locator('[data-testid="signal-unsaved"]').waitFor({ state: 'detached' });
    signals = await api(page, '/lfscada/equipment/multi/signal/query', { equipmentId: String(equipmentId) });
    assert.deepEqual(signals.data.map((s) => s.name), ['出口压力', 'Flow', 'Pump running']);
    assert.equal(signals.data[0].id, keptId, 'the re-imported signal kept its id');
    assert.equal(signals.data[0].scale, 0.1);
    assert.deepEqual(signals.data[2].valueMap, [
      { value: 0, zh: '停止', en: 'Stopped', color: '#8c8c8c' },
      { value: 1, zh: '运行', en: 'Running', color: '#52c41a' },
    ]);

    // The state texts in the signal dialog: two states of the on/off signal, the English of one changed by keyboard;
    // a third state is refused for an on/off signal.
    await page.locator('tr[data-row-key]').filter({ hasText: 'Pump running' }).locator('[data-testid^="signal-edit-"]').click();
    const states = page.locator('[data-testid="state-texts"]');
    await states.waitFor();
    assert.equal(await states.locator('[data-testid="state-text-row"]').count(), 2);
    await states.getByRole('textbox', { name: '英文 2' }).fill('On');
    await settle(page);
    await shot(page, 'equipment-05b-state-texts-zh');
    await page.locator('#signal-modal-ok').click();
    await page.locator('[data-testid="signal-form"]').waitFor({ state: 'hidden' });
    await page.locator('#signal-save').click();
    await page.locator('[data-testid="signal-unsaved"]').waitFor({ state: 'detached' });
    signals = await api(page, '/lfscada/equipment/multi/signal/query', { equipmentId: String(equipmentId) });
    assert.equal(signals.data[2].valueMap[1].en, 'On');

    // Export gives the table back as .xlsx.
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#signal-export').click()]);
    assert.equal(download.suggestedFilename(), `signals-${equipmentId}.xlsx`);

    // An alarm rule: checked in the form, then saved.
    await page.locator('[data-testid="signal-alarms-出口压力"]').click();
    await page.locator('#alarm-rule-add').click();
    await page.locator('#alarm-0-value').fill('8');
    await page.locator('#alarm-0-deadband').fill('-1');
    await page.locator('#alarm-rules-save').click();
    await page.getByText('不能为负数').waitFor();
    await page.locator('#alarm-0-deadband').fill('0.5');
    await page.locator('#alarm-0-msgZh').fill('出口压力过高');
    await page.locator('#alarm-0-msgEn').fill('Outlet pressure high');
    await settle(page);
    await shot(page, 'equipment-06-alarm-rule-zh');
    await page.locator('#alarm-rules-save').click();
    await page.locator('[data-testid="alarm-rules-form"]').waitFor({ state: 'hidden' });
    const rules = await api(page, '/lfscada/equipment/multi/alarm/rule/query', { equipmentId: String(equipmentId) });
    assert.deepEqual(
      rules.data.map((r) => [r.signalTitle, r.symbol, r.value, r.deadband, r.level, r.msgZh, r.msgEn]),
      [['出口压力', '>', 8, 0.5, 1, '出口压力过高', 'Outlet pressure high']],
    );
    await page.locator('[data-testid="signal-alarms-出口压力"] .ant-badge-count').waitFor();
    await settle(page);
    await shot(page, 'equipment-04-signal-zh');

    // A report: one column, the flow's average (a new column's statistic); tests/reports.test.mjs tests the editor in full.
    await page.locator('[data-testid="equipment-tab-report"]').click();
    await page.locator('#report-add').click();
    await page.locator('#report-name').fill('日报');
    await choose(page, 'report-column-0-signal', 'Flow');
    await page.locator('#report-save').click();
    await page.locator('tr[data-row-key]').filter({ hasText: '日报' }).waitFor();
    assert.equal(await page.locator('tr[data-row-key]').filter({ hasText: '日报' }).locator('[data-testid="report-column-tag"]').innerText(), 'Flow · 平均值');
    await settle(page);
    await shot(page, 'equipment-07-report-zh');

    // Pages: created (title and canvas size), renamed and deleted; each opens in the designer.
    await page.locator('[data-testid="equipment-tab-page"]').click();
    await page.locator('[data-testid="page-designer-hint"]').waitFor();
    await page.locator('[data-testid="page-tab"] .ant-table').waitFor();
    const pageRows = page.locator('[data-testid="page-tab"] tr[data-row-key]');
    const addPage = async (title, size) => {
      await page.locator('#page-add').click();
      await page.locator('#page-title').fill(title);
      if (size) {
        await page.locator('#page-width').fill(String(size[0]));
        await page.locator('#page-height').fill(String(size[1]));
      }
      await page.locator('#page-save').click();
      await pageRows.filter({ hasText: title }).waitFor();
      await page.locator('.ant-modal-wrap').filter({ has: page.locator('#page-title') }).waitFor({ state: 'hidden' });
    };
    const queryPages = async () =>
      (await api(page, '/lfscada/configuration/page/query', { equipmentId: String(equipmentId) })).data.map((p) => [p.title, p.width, p.height]);
    await addPage('主画面', [1280, 720]);
    await pageRows.filter({ hasText: '1280 × 720' }).waitFor();
    await addPage('临时画面');
    assert.deepEqual(await queryPages(), [['主画面', 1280, 720], ['临时画面', 1024, 768]]);
    const [mainPage, scratchPage] = (await api(page, '/lfscada/configuration/page/query', { equipmentId: String(equipmentId) })).data;
    await page.locator(`[data-testid="page-rename-${mainPage.id}"]`).click();
    assert.equal(await page.locator('#page-title').inputValue(), '主画面', 'the rename dialog starts from the title');
    await page.locator('#page-title').fill('总览画面');
    await page.locator('#page-save').click();
    await pageRows.filter({ hasText: '总览画面' }).waitFor();
    await page.locator(`[data-testid="page-delete-${scratchPage.id}"]`).click();
    await page.locator('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-dangerous').click();
    await pageRows.filter({ hasText: '临时画面' }).waitFor({ state: 'detached' });
    assert.deepEqual(await queryPages(), [['总览画面', 1280, 720]]);
    assert.equal(await pageRows.count(), 1);
    await settle(page);
    await shot(page, 'equipment-08-page-zh');

    // Info, with what was entered.
    await page.locator('[data-testid="equipment-tab-info"]').click();
    await page.locator('#equipment-name').waitFor();
    assert.equal(await page.locator('#equipment-name').inputValue(), '端到端水泵');
    assert.equal(await page.locator('#equipment-latitude').inputValue(), '31.2');

    // A picture: uploaded, stored, and shown through the session-protected /userimg path.
    const picture = join(workDir, 'pump.png');
    writeFileSync(picture, pngBytes(96, 64));
    await page.locator('[data-testid="equipment-image"] input[type=file]').setInputFiles(picture);
    const shown = page.locator('[data-testid="equipment-image"] img');
    await shown.waitFor();
    await page
      .waitForFunction(() => {
        const img = document.querySelector('[data-testid="equipment-image"] img');
        return img?.complete && img.naturalWidth > 0;
      })
      .catch(async (error) => {
        throw new Error(`the picture was not shown: ${await shown.evaluate((img) => img.outerHTML)}`, { cause: error });
      });
    const src = await shown.getAttribute('src');
    assert.match(src, /^\/userimg\/[0-9a-f]{32}\.png$/);
    assert.deepEqual(await shown.evaluate((img) => [img.naturalWidth, img.naturalHeight]), [96, 64]);
    const withImage = await api(page, '/lfscada/equipment/multi/info', { id: String(equipmentId) });
    assert.equal(withImage.data.image, src);
    await page.locator('#equipment-image-upload').filter({ hasText: '更换图片' }).waitFor();
    await settle(page);
    await shot(page, 'equipment-02-info-zh');

    // The list's filters (online state, gateway, group), answered by the server. Ours is on the offline
    // EG-EQ-E2E and in a group; the demo plant's five are on its two live gateways, in its two groups (the pump
    // station, the reservoir and the dosing room on EG-DEMO-01, in "Water treatment").
    const demoPump = (await api(page, '/lfscada/equipment/multi/query', { keyword: '1# Pump station' })).data.list[0];
    assert.equal(demoPump.gatewaySn, 'EG-DEMO-01');
    // The demo's water-quality analyser is GM equipment (a Sparkplug edge node of its own, adopted at its first birth):
    // on no gateway, so the "offline or no gateway" filter lists it, the "online" one (a gateway's) does not.
    const analyser = await demoAnalyser(page);
    const demoPlant = (await api(page, '/lfscada/equipment/multi/query', { page: '1', pageSize: '50' })).data.list.filter((e) => e.id !== equipmentId && e.id !== analyser.id);
    assert.equal(demoPlant.length, 5);
    const demoIds = demoPlant.map((e) => e.id);
    const processIds = demoPlant.filter((e) => e.gatewaySn === 'EG-DEMO-01').map((e) => e.id);
    for (const sn of ['EG-DEMO-01', 'EG-DEMO-02']) {
      await until(async () => (await api(page, '/lfscada/gateway/info', { sn })).data.online, `${sn} online`);
    }
    const group = await api(page, '/lfscada/monitor/group/add', { name: '一号线' });
    assert.equal(group.code, '200', JSON.stringify(group));
    const moved = await api(page, '/lfscada/monitor/group/equipment/move', { equipmentId: String(equipmentId), groupId: String(group.data.id) });
    assert.equal(moved.code, '200', JSON.stringify(moved));
    await page.goto(`${app.base}/manage/eg/equipment/list`);
    await waitForRows(page, [equipmentId, ...demoIds, analyser.id]);
    const ourRow = page.locator(`tr[data-row-key="${equipmentId}"]`);
    assert.match(await ourRow.innerText(), /端到端网关 \(EG-EQ-E2E\)\s*离线/);
    assert.match(await ourRow.innerText(), /一号线/);
    assert.match(await page.locator(`tr[data-row-key="${demoPump.id}"]`).innerText(), /EG-DEMO-01\)\s*在线[\s\S]*Water treatment/);

    // Online: the plant's gateways' equipment and the analyser, whose edge node and device are born.
    await choose(page, 'equipment-filter-online', '在线');
    await waitForRows(page, [...demoIds, analyser.id]);
    await choose(page, 'equipment-filter-online', '离线或未绑定网关');
    await waitForRows(page, [equipmentId]);
    await clearSelect(page, 'equipment-filter-online');
    await waitForRows(page, [equipmentId, ...demoIds, analyser.id]);

    // The gateway is searched on the server, then chosen.
    await page.locator('.ant-select:has(#equipment-filter-gateway) .ant-select-selector').click();
    await page.locator('#equipment-filter-gateway').fill('DEMO');
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: 'EG-DEMO-01' }).click();
    await waitForRows(page, processIds);
    await page.locator('.ant-select:has(#equipment-filter-gateway) .ant-select-selector').click();
    await page.locator('#equipment-filter-gateway').fill('EQ-E2E');
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: '端到端网关 (EG-EQ-E2E)' }).click();
    await waitForRows(page, [equipmentId]);
    await choose(page, 'equipment-filter-online', '在线');
    await page.getByText('没有符合搜索和筛选条件的设备').waitFor();
    await clearSelect(page, 'equipment-filter-gateway');
    await waitForRows(page, [...demoIds, analyser.id]);
    await clearSelect(page, 'equipment-filter-online');

    await choose(page, 'equipment-filter-group', 'Water treatment');
    await waitForRows(page, processIds);
    await choose(page, 'equipment-filter-group', '一号线');
    await waitForRows(page, [equipmentId]);
    await choose(page, 'equipment-filter-online', '离线或未绑定网关');
    await waitForRows(page, [equipmentId]);
    await page.evaluate(() => document.activeElement?.blur());
    await settle(page);
    await shot(page, 'equipment-09-list-filters-zh');

    // Move it to the live demo gateway: its agent applies (or refuses, with a reason) the new configuration.
    await page.goto(`${app.base}/manage/eg/equipment/edit/${equipmentId}/driver`);
    await page.locator('[data-testid="driver-form"]').waitFor();
    await page.locator('#driver-unbind').click();
    await page.locator('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-dangerous').click();
    await page.locator('[data-testid="driver-unbound"]').waitFor();
    await choose(page, 'driver-gateway-select', 'EG-DEMO-01');
    await page.locator('#driver-bind').click();
    await page.waitForFunction(
      () => ['applied', 'error'].includes(document.querySelector('[data-testid="driver-config-state"]')?.getAttribute('data-state') ?? ''),
      undefined,
      { timeout: 60_000 },
    );
    await page.context().close();
  });

  test('en: the list and every tab of the equipment, without Chinese left over', async () => {
    assert.ok(equipmentId, 'the first test created the equipment');
    const page = await app.newPage();
    await app.loginAsDemo(page);
    await page.goto(`${app.base}/manage/eg/equipment/list`);
    await page.locator('#lang-switch').click();
    await page.waitForFunction(() => document.body.innerText.includes('Add equipment'));
    await page.locator('tr[data-row-key]').first().waitFor();
    await page.locator('[data-testid="equipment-sort"]').getByText('By name').click();
    await settle(page);
    await shot(page, 'equipment-11-list-en');

    // The filters in English: ours is now on the live demo gateway, in its group.
    await choose(page, 'equipment-filter-group', '一号线');
    await waitForRows(page, [equipmentId]);
    await choose(page, 'equipment-filter-online', 'Online');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="equipment-list-page"] tr[data-row-key] [data-testid="equipment-gateway-online"]')?.textContent === 'Online',
      undefined,
      { timeout: 60_000 },
    );
    await waitForRows(page, [equipmentId]);
    await page.evaluate(() => document.activeElement?.blur());
    await settle(page);
    await shot(page, 'equipment-17-list-filters-en');

    const tabs = ['info', 'driver', 'signal', 'report', 'page'];
    for (const [i, tab] of tabs.entries()) {
      await page.goto(`${app.base}/manage/eg/equipment/edit/${equipmentId}/${tab}`);
      await page.locator(`[data-testid="equipment-edit-page"][data-tab="${tab}"]`).waitFor();
      const ready = {
        info: '#equipment-name',
        driver: '[data-testid="driver-form"]',
        signal: '[data-testid="signal-tab"] tr[data-row-key]',
        report: '[data-testid="report-tab"] tr[data-row-key]',
        page: '[data-testid="page-designer-hint"]',
      }[tab];
      await page.locator(ready).first().waitFor();
      await settle(page);
      // Data the user typed in Chinese stays; the console's own texts must all be English.
      const text = (await page.locator('[data-testid="equipment-edit-page"]').innerText())
        .replaceAll(/端到端水泵|端到端网关|出口压力过高|出口压力|日报|总览画面|上海市浦东新区/g, '');
      assert.doesNotMatch(text, /[\u4e00-\u9fff]/, `no Chinese left on the ${tab} tab: ${text.match(/.{0,20}[\u4e00-\u9fff].{0,20}/)?.[0]}`);
      await shot(page, `equipment-${12 + i}-${tab}-en`);
    }
    await page.context().close();
  });
});
