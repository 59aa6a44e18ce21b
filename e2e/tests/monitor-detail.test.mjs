// The EG equipment detail screen in a real browser against the real server. `--demo` runs a simulated pump station
// (device simulator + gateway agent over real Modbus TCP and MQTT) feeding '1# Pump station' of the demo account, so
// every value here travelled the production path. Steps: live values change; writing the setpoint changes it;
// a write to a read-only signal is refused; a value read now; history queried, drawn and exported; an alarm
// raised by a rule on the setpoint, confirmed and released; every tab shot in zh-CN and en (e2e/screenshots).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleUnderTest, shot, snap } from '../lib/harness.mjs';
import { api, findDemo as findDemoEquipment, pick, until } from '../lib/demo.mjs';

const app = consoleUnderTest();

const realtimeRow = (page, id) => page.locator(`[data-testid="realtime-table"] tr[data-row-key="${id}"]`);
const valueOf = async (page, id) => (await realtimeRow(page, id).locator('[data-testid="rt-value"]').innerText()).trim();

async function openTab(page, name) {
  await page.getByRole('tab', { name, exact: true }).click();
}

let equipmentId;
let signals;

/** Reads the demo equipment and its signals into `equipmentId` and `signals` (each test can run alone). */
async function findDemo(page) {
  ({ equipmentId, signals } = await findDemoEquipment(page));
}

async function writeFromCommandTab(page, title, value) {
  await openTab(page, /^(命令|Command)$/);
  await pick(page, 'command-signal', title);
  await page.locator('#write-value').fill(String(value));
  await page.locator('#write-submit').click();
}

/** Waits until the real-time curve draws live points, as many as it has lines (its `data-points` count). */
async function curveHasLivePoints(page) {
  await page.waitForFunction(() => {
    const chart = document.querySelector('[data-points]');
    return chart !== null && Number(chart.getAttribute('data-points')) >= 3;
  }, undefined, { timeout: 30_000 });
}

describe('EG equipment detail', () => {
  test('zh-CN: live values, write, read-only refusal, read now, history and export, alarm confirm and release', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);

    await findDemo(page);
    // An alarm the test can raise and clear at will: the setpoint above 2000 rpm.
    const rule = await api(page, '/lfscada/equipment/multi/alarm/rule/save', {
      signalId: String(signals['Speed setpoint']),
      rules: JSON.stringify([
        { symbol: '>', value: 2000, deadband: 0, delay: 0, level: 1, msgZh: '转速设定过高', msgEn: 'Speed setpoint high', enabled: true },
      ]),
    });
    assert.equal(rule.code, '200', JSON.stringify(rule));

    // Realtime: monitoring on, values that change.
    await page.goto(`${app.base}/monitor/eg/detail/list/${equipmentId}`);
    await page.locator('[data-testid="eg-detail"]').waitFor();
    await until(async () => (await page.locator('[data-testid="monitor-status"]').getAttribute('data-status')) === 'on', 'monitoring on');
    const tank = signals['Tank level'];
    const first = await until(async () => {
      const text = await valueOf(page, tank);
      return /%$/.test(text) ? text : null;
    }, 'a tank level');
    await until(async () => (await valueOf(page, tank)) !== first, 'the tank level to change');
    assert.equal(await realtimeRow(page, tank).locator('[data-testid="rt-value"]').getAttribute('data-state'), 'fresh');
    assert.match(await realtimeRow(page, tank).locator('[data-testid="rt-time"]').innerText(), /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    assert.equal(await page.locator('[data-testid="monitor-status"]').innerText(), '监控中');
    await snap(page, 'monitor-detail-01-realtime-zh');

    // Write the setpoint: a value over the limit is refused inline, 1800 goes to the device.
    const setpoint = signals['Speed setpoint'];
    await page.locator(`[data-testid="rt-write-${setpoint}"]`).click();
    await page.locator('[data-testid="write-dialog"]').waitFor();
    await page.locator('#write-value').fill('3000');
    await page.locator('#write-submit').click();
    assert.equal(await page.locator('[data-testid="write-error"]').innerText(), '写入值不能大于 2900 rpm');
    await snap(page, 'monitor-detail-02-write-validation-zh');
    await page.locator('#write-value').fill('1800');
    await page.locator('#write-submit').click();
    const result = page.locator('[data-testid="write-result"]');
    await result.waitFor({ timeout: 60_000 });
    assert.match(await result.innerText(), /写入成功：1800 rpm/);
    await snap(page, 'monitor-detail-03-write-done-zh');
    await page.keyboard.press('Escape');
    await until(async () => (await valueOf(page, setpoint)) === '1800 rpm', 'the setpoint to read 1800 rpm');

    // Command: a read-only signal refuses a write; a value read now.
    await writeFromCommandTab(page, 'Rated speed (只读)', 100);
    assert.equal(await page.locator('[data-testid="write-error"]').innerText(), '变量只读');
    await page.locator('#read-now').click();
    const read = page.locator('[data-testid="read-result"]');
    await read.waitFor({ timeout: 60_000 });
    assert.match(await read.innerText(), /读取结果：2900 rpm/);
    await snap(page, 'monitor-detail-04-command-zh');

    // Equipment and gateway info.
    await openTab(page, '设备信息');
    await page.locator('[data-testid="equipment-info"]').waitFor();
    assert.match(await page.locator('[data-testid="equipment-info"]').innerText(), /PS-3/);
    await snap(page, 'monitor-detail-05-equipment-zh');
    await openTab(page, '网关信息');
    await page.locator('[data-testid="gateway-info"]').waitFor();
    assert.equal(await page.locator('[data-testid="gw-online"]').innerText(), '在线');
    assert.match(await page.locator('[data-testid="gw-strength"]').innerText(), /^\d+ · (很好|良好|一般（可能掉线）|差)$/);
    await snap(page, 'monitor-detail-06-gateway-zh');

    // Alarm: the setpoint over 2000 raises one; confirm it; back to 1000 releases it.
    await writeFromCommandTab(page, 'Speed setpoint', 2500);
    await page.locator('[data-testid="write-result"]').filter({ hasText: '写入成功' }).waitFor({ timeout: 60_000 });
    await openTab(page, /^报警/);
    const alarmRow = page.locator('[data-testid="alarm-table"] tr[data-row-key]').filter({ hasText: '转速设定过高' }).first();
    await alarmRow.waitFor({ timeout: 60_000 });
    assert.equal(await alarmRow.locator('[data-testid="alarm-release"]').getAttribute('data-released'), 'false');
    await alarmRow.locator('[data-testid^="alarm-confirm-"]').click();
    await alarmRow.locator('[data-testid^="alarm-confirmed-"]').waitFor();
    assert.equal(await alarmRow.locator('[data-testid^="alarm-confirmed-"]').innerText(), 'demo 已确认');
    await snap(page, 'monitor-detail-07-alarm-confirmed-zh');
    // Released while the alarm tab stays open: the screen must notice by itself (live alarm counts).
    const release = await api(page, '/lfscada/monitor/multi/signal/write', { signalId: String(setpoint), value: '1000' });
    assert.equal(release.code, '200', JSON.stringify(release));
    await until(
      async () => (await alarmRow.locator('[data-testid="alarm-release"]').getAttribute('data-released')) === 'true',
      'the alarm to be released',
    );
    await snap(page, 'monitor-detail-08-alarm-released-zh');

    // History: two signals over the last hour, chart, table, export.
    await openTab(page, '历史数据');
    await page.locator('#history-range').click();
    await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').waitFor();
    await snap(page, 'monitor-detail-09a-history-picker-zh');
    await page.keyboard.press('Escape');
    await pick(page, 'history-signals', 'Tank level');
    await pick(page, 'history-signals', 'Speed setpoint');
    await page.keyboard.press('Escape');
    await page.locator('#history-query').click();
    await page.locator('[data-testid="history-chart"] canvas').first().waitFor({ timeout: 60_000 });
    assert.match(await page.locator('[data-testid="history-summary"]').innerText(), /2 个信号，共 [\d,]+ 个点/);
    await snap(page, 'monitor-detail-09-history-chart-zh');
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#history-export').click()]);
    assert.match(download.suggestedFilename(), /^1#_Pump_station_\d{8}-\d{6}_\d{8}-\d{6}\.xlsx$/);
    const chunks = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk);
    const file = Buffer.concat(chunks);
    assert.equal(file.subarray(0, 2).toString('latin1'), 'PK', 'an xlsx file (a zip)');
    await page.getByText('表格', { exact: true }).click();
    await page.locator('[data-testid="history-table"] tbody tr.ant-table-row').first().waitFor();
    assert.ok((await page.locator('[data-testid="history-table"] tbody tr.ant-table-row').count()) <= 10);
    await snap(page, 'monitor-detail-10-history-table-zh');

    // Real-time curve.
    await openTab(page, '实时曲线');
    await page.locator('[data-testid="curve-chart"] canvas').first().waitFor({ timeout: 30_000 });
    await curveHasLivePoints(page);
    await snap(page, 'monitor-detail-11-curve-zh');
    await page.context().close();
  });

  test('en: every tab in English, opened on the alarms by the :alarm parameter', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    await findDemo(page);
    await page.locator('#lang-switch').click();
    await page.goto(`${app.base}/monitor/eg/detail/list/${equipmentId}/1`);
    await page.locator('[data-testid="alarm-tab"]').waitFor();
    assert.equal(await page.getByRole('tab', { selected: true }).innerText(), 'Alarm');
    await page.locator('[data-testid="alarm-table"] tr[data-row-key]').first().waitFor({ timeout: 30_000 });
    const noChinese = async () =>
      assert.doesNotMatch(await page.locator('[data-testid="eg-detail"]').innerText(), /[\u4e00-\u9fff]/, 'no Chinese in the English screen');
    await noChinese();
    await snap(page, 'monitor-detail-21-alarm-en');

    await openTab(page, 'Realtime data');
    await until(async () => (await page.locator('[data-testid="monitor-status"]').getAttribute('data-status')) === 'on', 'monitoring on');
    await realtimeRow(page, signals['Tank level']).locator('[data-testid="rt-value"][data-state="fresh"]').waitFor({ timeout: 30_000 });
    await noChinese();
    await snap(page, 'monitor-detail-22-realtime-en');

    await openTab(page, 'Equipment info');
    await page.locator('[data-testid="equipment-info"]').waitFor();
    await noChinese();
    await snap(page, 'monitor-detail-23-equipment-en');
    await openTab(page, 'Gateway info');
    await page.locator('[data-testid="gateway-info"]').waitFor();
    await noChinese();
    await snap(page, 'monitor-detail-24-gateway-en');

    await writeFromCommandTab(page, 'Rated speed (Read-only)', 1);
    assert.equal(await page.locator('[data-testid="write-error"]').innerText(), 'Variable is read-only');
    await noChinese();
    await snap(page, 'monitor-detail-25-command-en');

    await openTab(page, 'History');
    await pick(page, 'history-signals', 'Flow');
    await page.keyboard.press('Escape');
    await page.locator('#history-query').click();
    await page
      .locator('[data-testid="history-chart"] canvas')
      .first()
      .waitFor({ timeout: 30_000 })
      .catch(async (error) => {
        await shot(page, 'monitor-detail-26-history-en-failed');
        throw new Error(`${error.message}\n${await page.locator('[data-testid="history-tab"]').innerText()}`);
      });
    await noChinese();
    await snap(page, 'monitor-detail-26-history-en');

    await openTab(page, 'Real-time curve');
    await page.locator('[data-testid="curve-chart"] canvas').first().waitFor({ timeout: 30_000 });
    await curveHasLivePoints(page);
    await noChinese();
    await snap(page, 'monitor-detail-27-curve-en');
    await page.context().close();
  });
});
