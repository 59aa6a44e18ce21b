// A JSON device's data rule (docs/gm-equipment.md, "A JSON device's data rule") edited in a real browser against the
// real server, in zh-CN and in en: a device registered, its rule editor opened from the JSON devices tab, a sample
// message pasted and a signal row added for each of its numbers and true/false values, the rule tried on it (values
// after scale, a path the sample lacks shown missing, the time read, the reply id), the path fixed and tried again,
// a refusal of the server's shown on its field, the rule saved, and the editor reopened with the rule kept. Each step
// leaves a screenshot.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleUnderTest, snap } from '../lib/harness.mjs';

const app = consoleUnderTest({ viewport: { width: 1366, height: 900 } });

/** Types into a field as a person does: click it, select what is there, type. */
async function typeInto(page, id, text) {
  await page.locator(`#${id}`).click();
  await page.keyboard.press('Control+A');
  if (text === '') await page.keyboard.press('Delete');
  else await page.keyboard.type(text);
}

/** Registers a JSON device by its prefix and name and closes its credentials. */
async function registerDevice(page, prefix, name) {
  await page.locator('#gm-register').click();
  await typeInto(page, 'gm-topic-prefix', prefix);
  await typeInto(page, 'gm-name', name);
  await page.locator('#gm-register-submit').click();
  await page.locator('[data-testid="gm-credentials-dialog"]').waitFor();
  await page.locator('#gm-credentials-close').click();
  await page.locator('[data-testid="gm-credentials-dialog"]').waitFor({ state: 'detached' });
}

/** Opens the rule editor of the row holding `name`. */
async function openEditor(page, name) {
  await page.locator('tr[data-row-key]').filter({ hasText: name }).locator('[data-testid^="gm-rule-"]').click();
  await page.locator('[data-testid="gm-rule-editor"]').waitFor();
  await page.locator('#gm-rule-topic').waitFor();
}

const value = (page, id) => page.locator(`#${id}`).inputValue();

/** The try-out's values and problems, in row order. */
async function triedValues(page) {
  const rows = page.locator('[data-testid="gm-rule-try-values"] tbody tr.ant-table-row');
  return (await rows.allInnerTexts()).map((text) => text.split('\t').map((cell) => cell.trim()).join(' | '));
}

async function tryRule(page) {
  const before = await page.locator('[data-testid="gm-rule-try-result"]').count();
  await page.locator('#gm-rule-try').click();
  // A result replaces the previous one (no longer marked out of date).
  await page.locator('[data-testid="gm-rule-try-result"]').waitFor();
  await page.locator('[data-testid="gm-rule-try-stale"]').waitFor({ state: 'detached' });
  return before;
}

const SAMPLE = '{"ts": 1764374400000, "d": {"t": 215, "run": true, "level": 3.25, "name": "pump"}, "ack": "w-17"}';

describe('a JSON device\'s data rule', () => {
  test('zh-CN: rows from a sample, tried, a missing path fixed, a refusal on its field, saved and kept', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    await page.goto(`${app.base}/manage/eg/gateway?tab=json`);
    await page.locator('[data-testid="gm-json-list"]').waitFor();
    await registerDevice(page, 'e2e/rule/zh', '水质仪');
    await page.locator('tr[data-row-key]').filter({ hasText: '水质仪' }).getByText('数据规则').waitFor();
    await snap(page, 'gm-rule-00-list-zh');
    await openEditor(page, '水质仪');
    assert.equal((await page.locator('[data-testid="gm-rule-prefix"]').innerText()).trim(), 'e2e/rule/zh/');
    assert.equal(await value(page, 'gm-rule-signal-0-key'), '', 'a device without a rule opens with one empty row');
    await snap(page, 'gm-rule-01-empty-zh');

    await typeInto(page, 'gm-rule-topic', 'data');
    assert.equal((await page.locator('[data-testid="gm-rule-data-topic"]').innerText()).trim(), 'e2e/rule/zh/data');
    await page.locator('#gm-rule-sample').fill(SAMPLE);
    await page.getByRole('button', { name: '添加样例中的所有数字和布尔值' }).click();
    await page.getByText('已添加 4 个信号').waitFor();
    assert.deepEqual(
      await Promise.all([0, 1, 2, 3].map((i) => value(page, `gm-rule-signal-${i}-path`))),
      ['ts', 'd.t', 'd.run', 'd.level'],
    );
    // The time is read from ts: its row goes.
    await page.locator('[data-testid="gm-rule-signal-0-remove"]').click();
    await typeInto(page, 'gm-rule-signal-0-key', '温度');
    await typeInto(page, 'gm-rule-signal-0-scale', '0.1');
    await typeInto(page, 'gm-rule-signal-0-unit', '°C');
    await typeInto(page, 'gm-rule-signal-1-key', '泵运行');
    await typeInto(page, 'gm-rule-signal-2-key', '液位');
    await typeInto(page, 'gm-rule-signal-2-path', 'd.levl');
    await page.getByText('从消息中读取').click();
    await typeInto(page, 'gm-rule-time-path', 'ts');
    // The template misses its closing brace: the try-out checks the whole rule first, and says so on the field.
    await typeInto(page, 'gm-rule-command-template', '{"id": {{id}}, "set": {{signal}}, "to": {{value}}');
    await typeInto(page, 'gm-rule-command-reply-path', 'ack');
    await page.locator('#gm-rule-try').click();
    const refused = page.locator('.ant-form-item').filter({ has: page.locator('#gm-rule-command-template') }).locator('.ant-form-item-explain-error');
    await refused.waitFor();
    assert.equal((await refused.innerText()).trim(), '不是有效的 JSON', 'on its own field, only the reason');
    await page.locator('[data-testid="gm-rule-sample-note"]').filter({ hasText: 'rule.command.template' }).waitFor();
    await snap(page, 'gm-rule-02-template-refused-zh');
    await typeInto(page, 'gm-rule-command-template', '{"id": {{id}}, "set": {{signal}}, "to": {{value}}}');
    await refused.waitFor({ state: 'detached' });

    await tryRule(page);
    assert.deepEqual(await triedValues(page), ['温度 | d.t | 21.5', '泵运行 | d.run | 1', '液位 | d.levl | 消息中没有 d.levl']);
    assert.equal((await page.locator('[data-testid="gm-rule-try-time"]').innerText()).trim(), '2025-11-29 08:00:00');
    assert.equal((await page.locator('[data-testid="gm-rule-try-reply"]').innerText()).trim(), 'w-17');
    assert.equal(
      await page.locator('[data-testid="gm-rule-try-value-problem"]').evaluate((node) => getComputedStyle(node).color),
      'rgb(255, 77, 79)',
      'a problem is red',
    );
    await snap(page, 'gm-rule-03-tried-missing-zh');

    await typeInto(page, 'gm-rule-signal-2-path', 'd.level');
    await page.locator('[data-testid="gm-rule-try-stale"]').waitFor();
    await tryRule(page);
    assert.deepEqual(await triedValues(page), ['温度 | d.t | 21.5', '泵运行 | d.run | 1', '液位 | d.level | 3.25']);

    // A key used twice: the save is refused on that row's key cell, nothing is saved.
    await typeInto(page, 'gm-rule-signal-1-key', '温度');
    await page.locator('#gm-rule-save').click();
    const twice = page.locator('.ant-form-item').filter({ has: page.locator('#gm-rule-signal-1-key') }).locator('.ant-form-item-explain-error');
    await twice.waitFor();
    assert.equal((await twice.innerText()).trim(), '与另一项的值重复');
    await snap(page, 'gm-rule-03b-key-refused-zh');
    await typeInto(page, 'gm-rule-signal-1-key', '泵运行');
    await page.locator('#gm-rule-save').click();
    await page.getByText('数据规则已保存').waitFor();
    await page.locator('[data-testid="gm-rule-editor"]').waitFor({ state: 'detached' });

    await openEditor(page, '水质仪');
    assert.equal(await value(page, 'gm-rule-topic'), 'data');
    assert.deepEqual(
      await Promise.all([0, 1, 2].map(async (i) => [await value(page, `gm-rule-signal-${i}-key`), await value(page, `gm-rule-signal-${i}-path`)])),
      [['温度', 'd.t'], ['泵运行', 'd.run'], ['液位', 'd.level']],
    );
    assert.equal(await value(page, 'gm-rule-signal-0-scale'), '0.1');
    assert.equal(await value(page, 'gm-rule-signal-0-unit'), '°C');
    assert.equal(await value(page, 'gm-rule-time-path'), 'ts');
    assert.equal(await value(page, 'gm-rule-command-template'), '{"id": {{id}}, "set": {{signal}}, "to": {{value}}}');
    assert.equal(await value(page, 'gm-rule-command-reply-path'), 'ack');
    await snap(page, 'gm-rule-04-reopened-zh');
    await page.locator('#gm-rule-command-template').scrollIntoViewIfNeeded();
    await snap(page, 'gm-rule-05-command-zh');
    await page.context().close();
  });

  test('en: rows from a sample, ISO time, a missing path fixed, saved and kept, no Chinese', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    await page.locator('#lang-switch').click();
    await page.waitForFunction(() => localStorage.getItem('langs') === 'en');
    await page.goto(`${app.base}/manage/eg/gateway?tab=json`);
    await page.locator('[data-testid="gm-json-list"]').waitFor();
    await registerDevice(page, 'e2e/rule/en', 'Water quality');
    await openEditor(page, 'Water quality');
    await snap(page, 'gm-rule-06-empty-en');

    await page.locator('#gm-rule-sample').fill('not json');
    await page.locator('#gm-rule-try').click();
    await page.getByText('The sample is not valid JSON').waitFor();

    await page.locator('#gm-rule-sample').fill('{"at": "2025-11-29T08:00:00+08:00", "vals": [{"v": 12.5}, {"v": false}]}');
    await page.getByRole('button', { name: 'Add every number and true/false in the sample' }).click();
    await page.getByText('2 signals added').waitFor();
    await typeInto(page, 'gm-rule-signal-0-key', 'Flow');
    await typeInto(page, 'gm-rule-signal-0-offset', '-0.5');
    await typeInto(page, 'gm-rule-signal-1-key', 'Valve');
    await typeInto(page, 'gm-rule-signal-1-path', 'vals[2].v');
    await page.getByText('Read from the message').click();
    await typeInto(page, 'gm-rule-time-path', 'at');
    await page.locator('.ant-select').filter({ has: page.locator('#gm-rule-time-unit') }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'ISO 8601 / RFC 3339 text' }).click();

    await tryRule(page);
    assert.deepEqual(await triedValues(page), ['Flow | vals[0].v | 12', 'Valve | vals[2].v | vals[2].v is not in the message']);
    assert.equal((await page.locator('[data-testid="gm-rule-try-time"]').innerText()).trim(), '2025-11-29 08:00:00');
    assert.equal((await page.locator('[data-testid="gm-rule-try-reply"]').innerText()).trim(), 'None');
    await snap(page, 'gm-rule-07-tried-missing-en');

    await typeInto(page, 'gm-rule-signal-1-path', 'vals[1].v');
    await tryRule(page);
    assert.deepEqual(await triedValues(page), ['Flow | vals[0].v | 12', 'Valve | vals[1].v | 0']);
    const drawerText = await page.locator('[data-testid="gm-rule-editor"]').innerText();
    assert.doesNotMatch(drawerText, /[\u4e00-\u9fff]/, `no Chinese in the English editor: ${drawerText}`);
    await snap(page, 'gm-rule-08-tried-en');

    await page.locator('#gm-rule-save').click();
    await page.getByText('Data rule saved').waitFor();
    await page.locator('[data-testid="gm-rule-editor"]').waitFor({ state: 'detached' });
    await openEditor(page, 'Water quality');
    assert.equal(await value(page, 'gm-rule-topic'), '');
    assert.equal(await value(page, 'gm-rule-signal-1-path'), 'vals[1].v');
    assert.equal(await value(page, 'gm-rule-signal-0-offset'), '-0.5');
    assert.equal(await value(page, 'gm-rule-time-path'), 'at');
    assert.match(await page.locator('[data-testid="gm-rule-editor"]').innerText(), /ISO 8601 \/ RFC 3339 text/);
    await snap(page, 'gm-rule-09-reopened-en');
    await page.context().close();
  });
});
