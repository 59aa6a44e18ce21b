// A project's configuration pages in the monitor, in a real browser against the real server. A second pump is
// put on the demo gateway, reading the demo plant's simulator like the first (the demo seeds one equipment), and a
// project of both gets two pages saved through the API: the home page shows the first pump's tank level and the
// second pump's outlet pressure, each from its own equipment through the project monitor (one project token and socket
// for both, each gateway opened with delay 3600; no EG monitor call), and both change as the simulator runs;
// a button opens the project's other page; the full-window preview shows a page alone and the designer's unsaved
// draft under its banner; the project's statistics (equipment, online, open alarms) are shown from the server's
// counts; a sub-account granted only one of the two pumps is told the page is not found.
// Screenshots in zh-CN and en.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleUnderTest, loginThroughForm, snap } from '../lib/harness.mjs';
import { addPump, api, findDemo, until } from '../lib/demo.mjs';

const app = consoleUnderTest();

const widget = (page, id) => page.locator(`[data-testid="widget-${id}"]`);
/** The shown text of a data text widget. */
const textOf = async (page, id) => ((await page.locator(`[data-testid="value-${id}"]`).textContent()) ?? '').trim();

const LIMITED = 'viewer1';
const LIMITED_PASSWORD = 'Vw@123456';

/**
 * Flow, outlet pressure and tank level of a second pump reading the demo simulator (the first pump's driver, the demo
 * gateway). The page shows the pressure: it wobbles while the pump runs, where the flow settles within a minute.
 */
const LIVE_SIGNALS = [
  { id: 0, name: 'Flow', area: 'input_register', address: 4, dataType: 'float32', unit: 'm³/h', decimals: 1 },
  { id: 0, name: 'Outlet pressure', area: 'input_register', address: 2, dataType: 'float32', unit: 'bar', decimals: 2 },
  { id: 0, name: 'Tank level', area: 'input_register', address: 6, dataType: 'uint16', scale: 0.1, unit: '%', decimals: 1 },
];

const binding = (equipId, signalId, title) => ({ type: 'signal', equipId, signalId, title, subTitle: '' });
const text = (id, x, y, words, size = 18) => ({
  id, widgetType: 'UsualText', position: { x, y, width: 300, height: 36 },
  style: { font: { size }, color: '#1F1F1F', align: 'left' }, data: { text: words },
});
const dataText = (id, x, y, data) => ({
  id, widgetType: 'UsualDataText', position: { x, y, width: 260, height: 56 },
  style: { font: { size: 30, weight: 'bold' }, color: '#0958D9', align: 'left', fill: { enable: true, color: '#F0F5FF' }, stroke: { enable: true, color: '#ADC6FF', width: 1 }, radius: 6 },
  data,
});

/** A project statistic (a system binding, docs/page-document.md "System keys") at the top right of the page. */
const statistic = (id, x, systemKey, title) => ({
  id, widgetType: 'UsualDataText', position: { x, y: 20, width: 100, height: 36 },
  style: { font: { size: 20, weight: 'bold' }, color: '#0958D9', align: 'right' },
  data: { type: 'system', systemKey, title, equipId: null, signalId: null },
});

/** A project of both pumps and its two pages, saved through the API. */
async function projectWithPages(page, demo, second) {
  const project = await api(page, '/lfscada/project/add', { name: '东区泵站', remark: '', equipmentIds: `${demo.equipmentId},${second.equipmentId}` });
  assert.equal(project.code, '200', JSON.stringify(project));
  const projectId = project.data.id;
  const add = async (title) => {
    const added = await api(page, '/lfscada/project/page/add', { projectId: String(projectId), title });
    assert.equal(added.code, '200', JSON.stringify(added));
    return added.data.id;
  };
  const home = await add('泵房总览');
  const trend = await add('流量趋势');
  const level = binding(demo.equipmentId, demo.signals['Tank level'], 'Tank level');
  const flow = binding(second.equipmentId, second.signals.Flow, 'Flow');
  const pressure = binding(second.equipmentId, second.signals['Outlet pressure'], 'Outlet pressure');
  const save = async (id, document) => {
    const saved = await api(page, '/lfscada/configuration/page/save', { id: String(id), document: JSON.stringify(document) });
    assert.equal(saved.code, '200', JSON.stringify(saved));
  };
  await save(home, {
    con: { width: 720, height: 300, bgColor: '#FFFFFF' },
    widgets: [
      text('title', 40, 20, '东区泵站', 24),
      statistic('stat-equipment', 380, 'equipment_count', '设备总数'),
      statistic('stat-online', 490, 'online_count', '在线设备数'),
      statistic('stat-alarms', 600, 'alarm_count', '未恢复报警数'),
      text('pump1-label', 40, 80, '1# Pump station · Tank level'),
      dataText('pump1-level', 40, 120, level),
      text('pump2-label', 380, 80, '2# Pump station · Outlet pressure'),
      dataText('pump2-pressure', 380, 120, pressure),
      {
        id: 'to-trend', widgetType: 'UsualButton', position: { x: 40, y: 220, width: 180, height: 44 },
        style: { fill: { enable: true, color: '#1677FF' }, color: '#FFFFFF', font: { size: 16 }, radius: 6 },
        data: { text: '流量趋势 →' }, clickEvent: { enable: true, config: { action: 'page', pageId: trend } },
      },
    ],
  });
  await save(trend, {
    con: { width: 720, height: 360 },
    widgets: [
      {
        id: 'trend', widgetType: 'ComplexLine', widgetName: 'Flow and tank level', position: { x: 20, y: 20, width: 680, height: 320 },
        data: { signalArray: [flow, level], timeRange: 10 },
      },
    ],
  });
  return { projectId, home, trend };
}

/** Waits until both pumps' values are numbers, then until each has changed: both arrive live. */
async function bothLive(page) {
  const number = async (id) => {
    const shown = await textOf(page, id);
    return /^-?\d+(\.\d+)? /.test(shown) ? shown : null;
  };
  const level = await until(() => number('pump1-level'), "the first pump's tank level");
  const pressure = await until(() => number('pump2-pressure'), "the second pump's outlet pressure");
  await until(async () => (await textOf(page, 'pump1-level')) !== level, "the first pump's tank level to change");
  await until(async () => (await textOf(page, 'pump2-pressure')) !== pressure, "the second pump's outlet pressure to change");
}

describe("a project's pages in the monitor", () => {
  let made;

  test("zh-CN: the home page live from both equipment, another page by a click, the preview and a limited account's refusal", async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    const demo = await findDemo(page);
    const second = await addPump(page, '2# Pump station', LIVE_SIGNALS, demo.equipmentId);
    const { projectId, home, trend } = await projectWithPages(page, demo, second);
    made = { projectId, home, trend, demo, second };

    // The project's home page (its first page), its pages as tabs, each value live from its own equipment.
    const asked = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.includes('/monitor/')) asked.push({ path, body: request.postData() ?? '' });
    });
    await page.goto(`${app.base}/monitor/project/${projectId}`);
    await page.locator(`[data-testid="live-page"][data-page-id="${home}"]`).waitFor();
    assert.equal(await page.locator('[data-testid="project-monitor-name"]').innerText(), '东区泵站');
    assert.equal(await page.locator('.ant-tabs-tab-active').innerText(), '泵房总览');
    await bothLive(page);
    // Through the project monitor: the page's token names both pumps, each gateway is opened for 3600 s, and no EG
    // monitor session runs.
    const paths = asked.map((a) => a.path);
    const token = asked.find((a) => a.path === '/lfscada/websocket/monitor/project/token');
    assert.ok(token, `a project token was asked: ${paths.join(' ')}`);
    const equip = new URLSearchParams(token.body).get('dataEquip')?.split(',').sort();
    assert.deepEqual(equip, [String(demo.equipmentId), String(second.equipmentId)].sort());
    const opened = asked.filter((a) => a.path === '/lfscada/monitor/project/gateway/open').map((a) => new URLSearchParams(a.body));
    assert.deepEqual(opened.map((o) => o.get('delay')), ['3600', '3600'], paths.join(' '));
    for (const eg of ['/lfscada/websocket/monitor/token', '/lfscada/monitor/multi/open', '/lfscada/monitor/multi/gateway/info']) {
      assert.ok(!paths.includes(eg), `no EG monitor call (${eg}): ${paths.join(' ')}`);
    }
    // The project's statistics, asked of the server: two equipment, both online (the demo gateway), the open alarms.
    await until(async () => (await textOf(page, 'stat-equipment')) === '2', "the project's equipment count");
    await until(async () => (await textOf(page, 'stat-online')) === '2', "the project's online count");
    await until(async () => /^\d+$/.test(await textOf(page, 'stat-alarms')), "the project's open alarms");
    const open = await api(page, '/lfscada/monitor/project/alarm/queryCount', { projectId: String(projectId) });
    assert.equal(open.code, '200', JSON.stringify(open));
    assert.match(await textOf(page, 'pump1-level'), / %$/);
    assert.match(await textOf(page, 'pump2-pressure'), / bar$/);
    await until(async () => (await page.locator('[data-testid="monitor-status"]').getAttribute('data-status')) === 'on', 'monitoring on');
    assert.equal(await page.locator('[data-testid="live-page-equipment"]').innerText(), '设备：2 台');
    await page.mouse.move(0, 0);
    await snap(page, 'viewer-project-01-home-zh');

    // Which equipment is monitored, each with its state and a link to its detail.
    await page.locator('[data-testid="live-page-equipment"]').click();
    const list = page.locator('[data-testid="live-page-equipment-list"]');
    await list.waitFor();
    for (const { equipmentId } of [demo, second]) {
      await until(
        async () => (await list.locator(`[data-testid="live-page-equipment-${equipmentId}"] [data-status]`).getAttribute('data-status')) === 'on',
        `equipment ${equipmentId} monitored`,
      );
    }
    assert.match(await list.innerText(), /1# Pump station[\s\S]*2# Pump station/);
    await snap(page, 'viewer-project-02-equipment-zh');
    await page.keyboard.press('Escape');

    // A button opens the project's other page, in the address.
    await widget(page, 'to-trend').click();
    await page.waitForURL(`**/monitor/project/${projectId}/page/${trend}`);
    await widget(page, 'trend').locator('canvas').first().waitFor();
    assert.equal(await page.locator('.ant-tabs-tab-active').innerText(), '流量趋势');
    await snap(page, 'viewer-project-03-trend-zh');

    // The full-window preview of a page, and the designer's unsaved draft of it under its banner.
    await page.goto(`${app.base}/monitor/project/${projectId}/preview/${home}`);
    await page.locator('[data-testid="project-preview"] [data-testid="runtime-page"]').waitFor();
    await bothLive(page);
    await snap(page, 'viewer-project-04-preview-zh');
    await page.evaluate(
      ({ id }) => {
        const draft = { con: { width: 720, height: 300 }, widgets: [{ id: 'draft-note', widgetType: 'UsualText', position: { x: 40, y: 40, width: 400, height: 40 }, data: { text: '未保存的修改' } }] };
        localStorage.setItem(`ironsight.pageDraft.${id}`, JSON.stringify({ text: JSON.stringify(draft), at: Date.now() }));
      },
      { id: home },
    );
    await page.goto(`${app.base}/monitor/project/${projectId}/preview/${home}?draft=1`);
    await page.locator('[data-testid="live-page-draft"]').waitFor();
    await widget(page, 'draft-note').waitFor();
    assert.equal(await page.locator('[data-testid="value-pump1-level"]').count(), 0, 'the draft is drawn, not the stored page');

    // A page of another owner (the demo pump's own page) is never drawn under the project's address.
    const own = await api(page, '/lfscada/configuration/page/query', { equipmentId: String(demo.equipmentId) });
    await page.goto(`${app.base}/monitor/project/${projectId}/preview/${own.data[0].id}`);
    await page.locator('[data-testid="page-not-found"]').waitFor();
    assert.equal(await page.locator('[data-testid="runtime-page"]').count(), 0);

    // A sub-account granted only the first pump: the project's page is not found, nothing of it is shown.
    const account = await api(page, '/lfscada/user/sub/add', { loginname: LIMITED, password: LIMITED_PASSWORD, dataRange: 'authorised', auths: '' });
    assert.equal(account.code, '200', JSON.stringify(account));
    const granted = await api(page, '/lfscada/user/sub/authorise', { userId: String(account.data.userId), equipmentIds: String(demo.equipmentId) });
    assert.equal(granted.code, '200', JSON.stringify(granted));
    await page.context().close();

    const limited = await app.newPage();
    await loginThroughForm(limited, app.base, LIMITED, LIMITED_PASSWORD);
    await limited.waitForURL('**/monitor/eg/list');
    const info = await api(limited, '/lfscada/configuration/page/info', { id: String(home) });
    assert.equal(info.code, '1205', `the page is not the limited account's: ${JSON.stringify(info)}`);
    await limited.goto(`${app.base}/monitor/project/${projectId}/page/${home}`);
    await limited.locator('[data-testid="project-not-found"]').waitFor();
    await limited.goto(`${app.base}/monitor/project/${projectId}/preview/${home}`);
    await limited.locator('[data-testid="page-not-found"]').waitFor();
    assert.equal(await limited.locator('[data-testid="runtime-page"]').count(), 0);
    await snap(limited, 'viewer-project-05-not-found-zh');
    await limited.context().close();
  });

  test('en: the home page, the equipment list and the preview in English', async () => {
    assert.ok(made, 'the first test made the project');
    const { projectId, home } = made;
    const page = await app.newPage();
    await app.loginAsDemo(page);
    await page.locator('#lang-switch').click();
    await page.waitForFunction(() => document.body.innerText.includes('Followed only'));

    await page.goto(`${app.base}/monitor/project/${projectId}`);
    await page.locator(`[data-testid="live-page"][data-page-id="${home}"]`).waitFor();
    await bothLive(page);
    await until(async () => (await page.locator('[data-testid="monitor-status"]').getAttribute('data-status')) === 'on', 'monitoring on');
    const header = await page.locator('[data-testid="project-monitor"]').innerText();
    // The project's and the pages' names are the user's (Chinese here); the console's own words are English.
    assert.doesNotMatch(header.replaceAll(/东区泵站|泵房总览|流量趋势/g, ''), /[\u4e00-\u9fff]/, `no Chinese of the console's: ${header}`);
    assert.match(header, /Full window/);
    assert.equal(await page.locator('[data-testid="live-page-equipment"]').innerText(), 'Equipment: 2');
    await page.mouse.move(0, 0);
    await snap(page, 'viewer-project-06-home-en');
    await page.locator('[data-testid="live-page-equipment"]').click();
    await page.locator('[data-testid="live-page-equipment-list"]').waitFor();
    assert.match(await page.locator('.ant-popover').innerText(), /The equipment this page shows/);
    await snap(page, 'viewer-project-07-equipment-en');
    await page.keyboard.press('Escape');

    // "Full window" opens the page alone in a new tab.
    const [preview] = await Promise.all([page.context().waitForEvent('page'), page.locator('[data-testid="project-monitor-full-window"]').click()]);
    await preview.waitForURL(`**/monitor/project/${projectId}/preview/${home}`);
    await preview.locator('[data-testid="project-preview"] [data-testid="runtime-page"]').waitFor();
    await bothLive(preview);
    await snap(preview, 'viewer-project-08-preview-en');
    await page.context().close();
  });
});
