// The demo plant's site overview, the project page `make run` seeds (crates/server/src/demo/pages.rs), in a real
// browser: each equipment's card live, and the site statistics card showing the project's counts as the server
// answers them (monitor/project/equip/queryCount and alarm/queryCount). Screenshots in zh-CN and en.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleUnderTest, snap } from '../lib/harness.mjs';
import { api, until } from '../lib/demo.mjs';

const app = consoleUnderTest();

const textOf = async (page, id) => ((await page.locator(`[data-testid="value-${id}"]`).textContent()) ?? '').trim();

describe("the demo plant's site overview", () => {
  test('shows the site statistics as the server counts them, in zh-CN and en', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    const projects = await api(page, '/lfscada/project/query', { page: '1', pageSize: '10' });
    const projectId = String((projects.data.list ?? projects.data)[0].id);
    await page.goto(`${app.base}/monitor/project/${projectId}`);
    await page.locator('[data-testid="runtime-canvas"]').waitFor();

    // Every statistic on the card equals the server's count once it has been asked.
    const counts = {
      equipment_count: ['/lfscada/monitor/project/equip/queryCount', {}],
      online_count: ['/lfscada/monitor/project/equip/queryCount', { online: 'true' }],
      offline_count: ['/lfscada/monitor/project/equip/queryCount', { online: 'false' }],
      alarm_equipment: ['/lfscada/monitor/project/equip/queryCount', { alarm: 'true' }],
      alarm_count: ['/lfscada/monitor/project/alarm/queryCount', {}],
    };
    await until(async () => (await textOf(page, 'statistics-equipment_count')) === '5', 'five equipment on the site');
    for (const [key, [path, flags]] of Object.entries(counts)) {
      await until(async () => {
        const answer = await api(page, path, { projectId, ...flags });
        assert.equal(answer.code, '200', JSON.stringify(answer));
        return (await textOf(page, `statistics-${key}`)) === String(answer.data);
      }, `${key} as the server counts it`);
    }
    await page.mouse.move(0, 0);
    await snap(page, 'demo-overview-01-zh');

    await page.locator('#lang-switch').click();
    await page.waitForFunction(() => document.body.innerText.includes('Followed only') || document.body.innerText.includes('Monitor'));
    assert.equal(await textOf(page, 'statistics-equipment_count'), '5');
    await snap(page, 'demo-overview-02-en');
    await page.context().close();
  });
});
