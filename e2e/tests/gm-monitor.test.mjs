// The GM monitor screens (docs/gm-equipment.md) in a real browser against the real server and the demo's own
// Sparkplug B edge node, the water-quality analyser: its card in the GM list (and not in the EG list), online; its
// detail's tabs as routes, live values from the node's DDATA, and a write of the chlorine setpoint that goes out as a
// DCMD and is confirmed by the node's next DDATA; its collection source's page with the node's traffic and announced
// devices. Once in zh-CN, once in en, each step with a screenshot.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleUnderTest, snap } from '../lib/harness.mjs';
import { api, demoAnalyser, until } from '../lib/demo.mjs';

const app = consoleUnderTest({ viewport: { width: 1366, height: 860 } });

const realtimeRow = (page, id) => page.locator(`[data-testid="realtime-table"] tr[data-row-key="${id}"]`);
const valueOf = async (page, id) => (await realtimeRow(page, id).locator('[data-testid="rt-value"]').innerText()).trim();

const TEXTS = {
  zh: { tabs: ['实时数据', '数据下发', '历史数据', '告警记录'], written: /写入成功/, online: '在线', monitoring: '监控中' },
  en: { tabs: ['Realtime data', 'Write values', 'History', 'Alarm records'], written: /Written/, online: 'Online', monitoring: 'Monitoring' },
};

async function run(lang) {
  const texts = TEXTS[lang];
  const page = await app.newPage();
  if (lang === 'en') await page.addInitScript(() => localStorage.setItem('langs', 'en'));
  await app.loginAsDemo(page);
  const analyser = await demoAnalyser(page);
  // Settled by the demo after adoption: its setpoint writable.
  const signals = await until(async () => {
    const listed = await api(page, '/lfscada/equipment/multi/signal/query', { equipmentId: String(analyser.id) });
    const list = listed.data ?? [];
    return list.some((s) => s.writable) ? list : null;
  }, "the analyser's setpoint writable");
  const id = (name) => signals.find((s) => s.name === name).id;

  // The GM list has its card, online; the EG list does not.
  await page.goto(`${app.base}/monitor/gm/list`);
  const card = page.locator(`[data-testid="fleet-card-${analyser.id}"]`);
  await card.waitFor();
  await until(async () => (await card.innerText()).includes(texts.online), 'the analyser card online');
  await snap(page, `gm-monitor-01-list-${lang}`);
  await page.goto(`${app.base}/monitor/eg/list`);
  await page.locator('[data-testid^="fleet-card-"]').first().waitFor();
  assert.equal(await page.locator(`[data-testid="fleet-card-${analyser.id}"]`).count(), 0, 'not an EG card');

  // The card opens the detail at its real-time tab, with live values of the node.
  await page.goto(`${app.base}/monitor/gm/list`);
  await card.locator('[data-testid="fleet-card-name"]').click();
  await page.waitForURL(`**/monitor/gm/vuedetail/${analyser.id}/real`);
  assert.equal(await page.locator('[data-testid="gm-protocol"]').innerText(), 'Sparkplug B');
  const ph = id('pH');
  await until(async () => /^\d+(\.\d+)?$/.test(await valueOf(page, ph)), 'a pH value');
  // Nothing to open: the node reports at its own rate, and the monitor says it is on.
  const status = page.locator('[data-testid="monitor-status"]');
  await until(async () => (await status.innerText()).trim() === texts.monitoring, 'the monitor on');
  assert.equal(await page.locator('.ant-message-error').count(), 0, 'no error shown');
  await snap(page, `gm-monitor-02-realtime-${lang}`);
  for (const name of texts.tabs) assert.equal(await page.getByRole('tab', { name, exact: true }).count(), 1, name);

  // The setpoint written from the real-time table: a DCMD, confirmed by the node's next DDATA.
  const setpoint = id('Chlorine setpoint');
  await page.locator(`[data-testid="rt-write-${setpoint}"]`).click();
  await page.locator('[data-testid="write-dialog"]').waitFor();
  const target = lang === 'en' ? '0.8' : '0.6';
  await page.locator('#write-value').fill(target);
  await page.locator('#write-submit').click();
  const result = page.locator('[data-testid="write-result"]');
  await result.waitFor({ timeout: 60_000 });
  assert.match(await result.innerText(), texts.written);
  await snap(page, `gm-monitor-03-written-${lang}`);
  await page.keyboard.press('Escape');
  await until(async () => (await valueOf(page, setpoint)).startsWith(target), `the setpoint to read ${target}`);

  // The tabs are routes: the history tab by its address.
  await page.getByRole('tab', { name: texts.tabs[2], exact: true }).click();
  await page.waitForURL(`**/monitor/gm/vuedetail/${analyser.id}/history`);
  await snap(page, `gm-monitor-04-history-${lang}`);

  // Its collection source: the node's traffic and the device it announced, adopted.
  await page.locator('[data-testid="gm-source-link"]').click();
  await page.waitForURL(`**/monitor/gm/ocInfo/${analyser.gmSourceId}`);
  await until(async () => Number((await page.locator('[data-testid="gm-stats-messages"]').innerText()).replace(/\D+/g, '')) > 0, 'messages counted');
  await page.getByText('Analyser').first().waitFor();
  await snap(page, `gm-monitor-05-source-${lang}`);
  await page.context().close();
}

describe('GM monitor', () => {
  test('zh-CN: the analyser listed, live, written and traced to its edge node', async () => {
    await run('zh');
  });
  test('en: the analyser listed, live, written and traced to its edge node', async () => {
    await run('en');
  });
});
