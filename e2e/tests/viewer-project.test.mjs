// A project's configuration pages in the monitor, in a real browser against the real server. A second pump is
// put on the demo gateway, reading the demo plant's simulator like the first (the demo seeds one equipment), and a
// project of both gets two pages saved through the API: the home page shows the first pump's tank level and the
// second pump's outlet pressure, each from its own equipment through the project monitor (one project token and socket
// for both, each gateway opened with delay 3600; no EG monitor call), and both change as the simulator runs;
// a button opens the project's other page; the full-window preview shows a page alone and the designer's unsaved
// draft under its banner; the project's statistics (equipment, online, open alarms) are shown from the server's
// counts; a sub-account granted only one of the two pumps is told the page is not found.
// The demo project's History view (issue 35): signals of two of its equipment and its intermediate variable chosen
// with the mouse over the last ten minutes of the live plant, the chart drawn and the table per minute equal to what
// `history/queryAllData` answers for the parameters the page sent; its Alarms view: the open alarms as
// `alarm/queryAll` answers them, one confirmed with a click and so recorded by the server.
// Screenshots in zh-CN and en.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleUnderTest, loginThroughForm, snap } from '../lib/harness.mjs';
import { addPump, api, findDemo, pick, until } from '../lib/demo.mjs';
import { shownCell } from '../lib/reports.mjs';

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
      if (path.includes('/monitor/') || path.includes('/configuration/page/')) asked.push({ path, body: request.postData() ?? '' });
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
    // The page itself through the project's page/info, not the equipment's.
    const loaded = asked.filter((a) => a.path === '/lfscada/monitor/project/page/info').map((a) => new URLSearchParams(a.body).get('id'));
    assert.ok(loaded.includes(String(home)), `the home page by the project's page/info: ${paths.join(' ')}`);
    assert.ok(!paths.includes('/lfscada/configuration/page/info'), `no equipment page/info: ${paths.join(' ')}`);
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
    const projectInfo = await api(limited, '/lfscada/monitor/project/page/info', { id: String(home) });
    assert.equal(projectInfo.code, '1205', `nor by the project's call: ${JSON.stringify(projectInfo)}`);
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


/** A time as the range picker shows it: UTC+8, `YYYY-MM-DD HH:mm:ss`. */
const chinaTime = (ms) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/** The demo project (every equipment of the plant, and its intermediate variable) and its signals by equipment. */
async function demoProject(page) {
  const found = await api(page, '/lfscada/project/query', { keyword: 'Demo water plant', page: '1', pageSize: '10' });
  assert.equal(found.data?.list?.length, 1, JSON.stringify(found));
  const projectId = found.data.list[0].id;
  const sources = await api(page, '/lfscada/monitor/project/history/queryAll', { projectId: String(projectId) });
  assert.equal(sources.code, '200', JSON.stringify(sources));
  const signal = (equipTitle, signalTitle) => {
    const s = sources.data.signals.find((e) => e.equipTitle === equipTitle && e.signalTitle === signalTitle);
    assert.ok(s, `the demo project has ${equipTitle} · ${signalTitle}`);
    return s;
  };
  return { projectId, signal, mvars: sources.data.mvars };
}

/**
 * An alarm rule on a setpoint of the demo plant, below its value, so the plant raises an alarm that stays open (its
 * value is not moved by the model). The plant's own pump fault comes only 4 min 20 s after the start and is released
 * 40 s later, too short to be found open and confirmed each time.
 */
async function raiseAlarm(page, signalId, msgZh, msgEn) {
  const saved = await api(page, '/lfscada/equipment/multi/alarm/rule/save', {
    signalId: String(signalId),
    rules: JSON.stringify([{ symbol: '>', value: 0, deadband: 0, delay: 0, level: 2, msgZh, msgEn, enabled: true }]),
  });
  assert.equal(saved.code, '200', JSON.stringify(saved));
}

/** The report table's body rows under the History view's table per period: key (period start), state, cells. */
async function periodRows(page) {
  const table = page.locator('[data-testid="project-history-table"]');
  await page.waitForFunction(() => {
    const box = document.querySelector('[data-testid="project-history-table"]');
    return box && !box.querySelector('.ant-spin-spinning') && box.querySelectorAll('tbody tr.ant-table-row').length > 0;
  });
  return table.locator('tbody tr.ant-table-row').evaluateAll((rows) =>
    rows.map((tr) => ({ key: tr.getAttribute('data-row-key'), state: tr.getAttribute('data-state'), cells: [...tr.querySelectorAll('td')].slice(1).map((td) => td.innerText.trim()) })),
  );
}

/**
 * The History view with the mouse: two signals of two equipment (the pump's outlet pressure, the reservoir's level)
 * and the plant's intermediate variable over the last ten minutes per minute; the chart drawn from the project's
 * history call, and the table per minute equal to what `queryAllData` answers for the parameters the page sent.
 */
async function historyView(page, demo, texts) {
  const pressure = demo.signal('1# Pump station', 'Outlet pressure');
  const level = demo.signal('Clear water reservoir', 'Level');
  const net = demo.mvars.find((m) => m.name === 'Reservoir net flow');
  assert.ok(net, `the demo's intermediate variable: ${JSON.stringify(demo.mvars)}`);
  // The plant has run a whole minute with all three read (two minutes over with values: the later one is whole), so
  // the chart and the table show the live past; none is seeded.
  await until(async () => {
    const now = Date.now();
    const table = await api(page, '/lfscada/monitor/project/history/queryAllData', {
      projectId: String(demo.projectId), signalIds: `${pressure.id},${level.id}`, mvarIds: String(net.id),
      startTime: String(now - 10 * 60_000), endTime: String(now), timeUnit: 'minute', statistic: 'avg', page: '1', pageSize: '24',
    });
    return (table.data?.rows.filter((r) => !r.running && r.values.every((v) => v !== null)).length ?? 0) >= 2;
  }, 'a whole minute of the plant with every column read', 3 * 60_000);

  await page.locator('[data-testid="project-view-history"]').click();
  await page.waitForURL(/[?&]view=history/);
  await page.locator('#history-signals').waitFor();
  await pick(page, 'history-signals', 'Outlet pressure');
  await pick(page, 'history-signals', 'Level');
  await page.keyboard.press('Escape');
  await pick(page, 'project-history-mvars', 'Reservoir net flow');
  await page.keyboard.press('Escape');
  await page.locator('[data-testid="project-history-unit-minute"]').click();
  // The range: the last ten minutes, typed into the picker's two fields as a user would.
  const end = Date.now();
  const inputs = page.locator('.ant-picker-range input');
  for (const [i, at] of [[0, end - 10 * 60_000], [1, end]]) {
    await inputs.nth(i).click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(chinaTime(at));
    await page.keyboard.press('Enter');
  }
  await page.locator('h4, [data-testid="project-monitor-name"]').first().click();
  assert.equal(await inputs.nth(0).inputValue(), chinaTime(end - 10 * 60_000));
  assert.equal(await inputs.nth(1).inputValue(), chinaTime(end));

  const [tableRequest, historyResponse] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/lfscada/monitor/project/history/queryAllData')),
    page.waitForResponse((r) => r.url().endsWith('/lfscada/monitor/project/history/query')),
    page.locator('#history-query').click(),
  ]);
  // The chart: both signals' history, drawn.
  const history = await historyResponse.json();
  assert.equal(history.code, '200', JSON.stringify(history).slice(0, 300));
  assert.deepEqual(history.data.series.map((s) => s.signalId).sort(), [pressure.id, level.id].sort());
  // The variable chosen beside them is drawn too: its value per minute, from the roll-ups.
  assert.deepEqual((history.data.mvarSeries ?? []).map((m) => [m.mvarId, m.stepMs]), [[net.id, 60_000]]);
  await page.locator('[data-testid="history-chart"] canvas').first().waitFor();
  assert.match(await page.locator('[data-testid="history-summary"]').innerText(), texts.summary);

  // The table per minute: the page's parameters, asked again; every minute over is shown as the server answers.
  const sent = Object.fromEntries(new URLSearchParams(tableRequest.postData() ?? ''));
  const typedEnd = Math.floor(end / 1000) * 1000; // the picker keeps whole seconds
  assert.deepEqual(
    { projectId: sent.projectId, signalIds: sent.signalIds, mvarIds: sent.mvarIds, startTime: sent.startTime, endTime: sent.endTime, timeUnit: sent.timeUnit, statistic: sent.statistic },
    { projectId: String(demo.projectId), signalIds: `${pressure.id},${level.id}`, mvarIds: String(net.id), startTime: String(typedEnd - 10 * 60_000), endTime: String(typedEnd), timeUnit: 'minute', statistic: 'avg' },
  );
  const shown = await periodRows(page);
  const answer = await api(page, '/lfscada/monitor/project/history/queryAllData', sent);
  assert.equal(answer.code, '200', JSON.stringify(answer));
  assert.equal(shown.length, answer.data.rows.length, 'a row per minute of the range');
  const done = answer.data.rows.filter((r) => !r.running);
  let full = 0;
  for (const row of done) {
    const on = shown.find((r) => r.key === String(row.start));
    assert.ok(on, `the minute ${chinaTime(row.start)} is shown`);
    if (on.state !== 'done') continue; // still running when the page read it
    assert.deepEqual(on.cells, row.values.map((v, c) => shownCell(v, answer.data.cols[c])), `minute ${chinaTime(row.start)}`);
    if (row.values.every((v) => v !== null)) full += 1;
  }
  assert.ok(full >= 2, `two minutes over with all three values: ${JSON.stringify(shown)}`);
  await page.mouse.move(0, 0);
  await snap(page, texts.historyShot);
}

/**
 * The Alarms view with the mouse: the open alarms listed as `alarm/queryAll` answers them, one confirmed by a click,
 * shown confirmed and so recorded by the server.
 */
async function alarmsView(page, demo, signalId, texts) {
  const openOnes = async () => {
    const open = await api(page, '/lfscada/monitor/project/alarm/queryAll', { projectId: String(demo.projectId) });
    assert.equal(open.code, '200', JSON.stringify(open));
    return open.data.list;
  };
  const raised = await until(async () => (await openOnes()).find((a) => a.signalId === signalId && !a.confirmed), 'the plant to raise the alarm');

  await page.locator('[data-testid="project-view-alarms"]').click();
  await page.waitForURL(/[?&]view=alarms/);
  const rows = page.locator('[data-testid="project-alarms"] [data-testid="alarm-table"] tbody tr[data-row-key]');
  // The list is the server's open alarms, newest first, the first page of 10 (read again as the plant moves on).
  await until(async () => {
    const listed = await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-row-key'))));
    const open = (await openOnes()).slice(0, 10).map((a) => a.id);
    return listed.length > 0 && JSON.stringify(listed) === JSON.stringify(open);
  }, 'the open alarms listed as the server answers them');
  const row = rows.filter({ has: page.locator(`[data-testid="alarm-confirm-${raised.id}"]`) });
  assert.match(await row.innerText(), texts.alarmRow);
  await page.locator(`[data-testid="alarm-confirm-${raised.id}"]`).click();
  await page.locator(`[data-testid="alarm-confirmed-${raised.id}"]`).waitFor();
  assert.equal(await page.locator(`[data-testid="alarm-confirmed-${raised.id}"]`).innerText(), texts.confirmed);
  const records = await api(page, '/lfscada/monitor/project/alarm/query', { projectId: String(demo.projectId), page: '1', pageSize: '50' });
  const record = records.data.list.find((a) => a.id === raised.id);
  assert.ok(record?.confirmed && record.confirmUser === 'demo' && record.gmtConfirm !== null, JSON.stringify(record));
  await page.mouse.move(0, 0);
  await snap(page, texts.alarmsShot);
}

describe("the demo project's History and Alarms views", () => {
  test('zh-CN: signals of two equipment and a variable per minute as the server answers; the open alarms, one confirmed', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    const demo = await demoProject(page);
    const setpoint = demo.signal('1# Pump station', 'Speed setpoint');
    await raiseAlarm(page, setpoint.id, '转速设定报警', 'Speed setpoint alarm');
    await page.goto(`${app.base}/monitor/project/${demo.projectId}`);
    await page.locator('[data-testid="project-monitor-name"]').waitFor();
    await historyView(page, demo, { summary: /^2 个信号，共 [\d,]+ 个点$/, historyShot: 'viewer-project-09-history-zh' });
    await alarmsView(page, demo, setpoint.id, { alarmRow: /1# Pump station[\s\S]*转速设定报警/, confirmed: 'demo 已确认', alarmsShot: 'viewer-project-10-alarms-zh' });
    await page.context().close();
  });

  test('en: the same in English, with no Chinese of the console', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    await page.locator('#lang-switch').click();
    await page.waitForFunction(() => document.body.innerText.includes('Followed only'));
    const demo = await demoProject(page);
    const setpoint = demo.signal('Clear water reservoir', 'Pump start level');
    await raiseAlarm(page, setpoint.id, '启泵液位报警', 'Pump start level alarm');
    await page.goto(`${app.base}/monitor/project/${demo.projectId}`);
    await page.locator('[data-testid="project-monitor-name"]').waitFor();
    const noChinese = async () => {
      const text = await page.locator('[data-testid="project-monitor"]').innerText();
      assert.doesNotMatch(text, /[\u4e00-\u9fff]/, `no Chinese: ${text.match(/.{0,30}[\u4e00-\u9fff].{0,30}/)?.[0]}`);
    };
    await historyView(page, demo, { summary: /^Signals: 2, points: [\d,]+$/, historyShot: 'viewer-project-11-history-en' });
    await noChinese();
    await alarmsView(page, demo, setpoint.id, { alarmRow: /Clear water reservoir[\s\S]*Pump start level alarm/, confirmed: 'Confirmed by demo', alarmsShot: 'viewer-project-12-alarms-en' });
    await noChinese();
    await page.context().close();
  });
});
