// A project page's history and alarm tables read through the project monitor's own calls (docs/project-monitor.md),
// in a real browser against the real server and its demo plant: a project of the demo pump station gets a page with
// a history table and an alarm table; opened live, the history rows and the record of an alarm rule the plant meets
// come from monitor/project/history/query and monitor/project/alarm/query, the record is confirmed through
// monitor/project/alarm/confirm, and no EG history or alarm call is made. zh-CN; a screenshot.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleUnderTest, snap } from '../lib/harness.mjs';
import { api, findDemo } from '../lib/demo.mjs';

const app = consoleUnderTest();

describe("a project page's tables", () => {
  test('zh-CN: history rows and the alarm record come through the project, confirmed there', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    const { equipmentId, signals } = await findDemo(page);
    const project = await api(page, '/lfscada/project/add', { name: '表格项目', remark: '', equipmentIds: String(equipmentId) });
    assert.equal(project.code, '200', JSON.stringify(project));
    const projectId = project.data.id;
    const added = await api(page, '/lfscada/project/page/add', { projectId: String(projectId), title: '项目表格' });
    assert.equal(added.code, '200', JSON.stringify(added));
    const bind = (name) => ({ type: 'signal', equipId: equipmentId, signalId: signals[name], title: name });
    const at = (x, y, width, height) => ({ x, y, width, height, rotate: 0 });
    const document = {
      con: { width: 1200, height: 760, fit: 'container', bgColor: '#F4F7FB' },
      widgets: [
        { id: 'history', widgetType: 'ComplexHistory', position: at(20, 20, 1160, 320), data: { signalArray: [bind('Outlet pressure'), bind('Flow')], rollTime: 5 } },
        { id: 'alarms', widgetType: 'ComplexAlarm', position: at(20, 360, 1160, 380), data: { rollTime: 5 } },
      ],
    };
    const saved = await api(page, '/lfscada/configuration/page/save', { id: String(added.data.id), document: JSON.stringify(document) });
    assert.equal(saved.code, '200', JSON.stringify(saved));
    // A rule the simulator meets at once (the speed setpoint stays at 1450), so the alarm table has a record.
    const rule = await api(page, '/lfscada/equipment/multi/alarm/rule/save', {
      signalId: String(signals['Speed setpoint']),
      rules: JSON.stringify([{ id: 0, symbol: '>', value: 1000, level: 1, msgZh: '项目表格报警', msgEn: 'Project table alarm', enabled: true }]),
    });
    assert.equal(rule.code, '200', JSON.stringify(rule));

    const asked = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (/\/(history|alarm)\//.test(path)) asked.push(path);
    });
    await page.goto(`${app.base}/monitor/project/${projectId}/page/${added.data.id}`);
    await page.locator('[data-testid="table-history"] tbody tr').first().waitFor();
    const record = page.locator('[data-testid="table-alarms"] tbody tr').filter({ hasText: '项目表格报警' });
    await record.waitFor();
    await record.locator('[data-testid^="table-alarm-confirm-"]').click();
    await record.locator('[data-testid^="table-alarm-confirmed-"]').getByText('demo 已确认').waitFor();
    await snap(page, 'viewer-project-tables-01-zh');

    assert.ok(asked.includes('/lfscada/monitor/project/history/query'), asked.join(', '));
    assert.ok(asked.includes('/lfscada/monitor/project/alarm/query'), asked.join(', '));
    assert.ok(asked.includes('/lfscada/monitor/project/alarm/confirm'), asked.join(', '));
    assert.deepEqual(asked.filter((path) => path.includes('/monitor/multi/')), [], 'no EG history or alarm call');
  });
});
