import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorNotifier } from '@/lib/api/client';
import { changeLanguage } from '@/lib/i18n';
import { TEST_USER, fail, installFakeServer, ok, refuse, type FakeServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import type { GmSource } from '../gmModel';
import type { RuleDoc } from './ruleModel';

const JSON_QUERY = '/lfscada/gm/json/query';
const SAVE = '/lfscada/gm/json/rule/save';
const TRY = '/lfscada/gm/json/rule/try';

// antd's validation and popovers settle over several frames; a busy machine needs more than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

const RULE: RuleDoc = {
  topic: 'data',
  signals: [
    { key: 'Temperature', path: 'd.t', kind: 'number', scale: 0.1, offset: 0, unit: '°C' },
    { key: 'Pump', path: 'd.run', kind: 'bool', scale: 1, offset: 0, unit: '' },
  ],
  time: { path: 'ts', unit: 'iso' },
  command: { template: '{"id": {{id}}, "to": {{value}}}', replyPath: 'ack' },
};

function device(patch: Partial<GmSource>): GmSource {
  return {
    id: 21,
    kind: 'json',
    name: '水质仪',
    groupId: null,
    nodeId: null,
    topicPrefix: 'plant/water/q1',
    username: 'gmjjjjjjjjjjjjjjjj',
    online: true,
    presence: 'online',
    lastSeenMs: Date.now() - 60_000,
    gmtCreate: Date.now() - 86_400_000,
    rule: null,
    ...patch,
  };
}

let server: FakeServer;
let toasts: string[];

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installFakeServer({ loggedIn: true });
  server.on(JSON_QUERY, ok({ total: 2, list: [device({ rule: RULE }), device({ id: 22, name: 'Meter', topicPrefix: 'plant/m', username: 'gmmmmmmmmmmmmmmmmm' })] }));
  toasts = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function click(element: Element) {
  await act(async () => {
    fireEvent.click(element);
  });
}

function fill(id: string, value: string) {
  fireEvent.change(document.getElementById(id) as HTMLInputElement, { target: { value } });
}

const input = (id: string) => document.getElementById(id) as HTMLInputElement;

/** Opens the JSON devices tab and the rule editor of device `id`. */
async function openEditor(id: number) {
  renderApp('/manage/eg/gateway?tab=json');
  await screen.findByText('水质仪', undefined, { timeout: 15_000 });
  setErrorNotifier((text) => toasts.push(text));
  await click(screen.getByTestId(`gm-rule-${id}`));
  return screen.findByTestId('gm-rule-editor');
}

/** The rule a call sent (as one JSON text). */
function sentRule(path: string): RuleDoc {
  const body = new URLSearchParams(server.calls(path).at(-1)?.body ?? '');
  return JSON.parse(body.get('rule') ?? 'null') as RuleDoc;
}

describe('the JSON device\'s data rule editor', { timeout: 60_000 }, () => {
  it('opens with the saved rule: topic under the prefix, rows, time, command', async () => {
    await openEditor(21);
    expect(screen.getByText('数据规则：水质仪')).toBeTruthy();
    expect(screen.getByTestId('gm-rule-prefix').textContent).toBe('plant/water/q1/');
    expect(input('gm-rule-topic').value).toBe('data');
    expect(screen.getByTestId('gm-rule-data-topic').textContent).toBe('plant/water/q1/data');
    expect(input('gm-rule-signal-0-key').value).toBe('Temperature');
    expect(input('gm-rule-signal-0-path').value).toBe('d.t');
    expect(input('gm-rule-signal-0-scale').value).toBe('0.1');
    expect(input('gm-rule-signal-1-key').value).toBe('Pump');
    expect(input('gm-rule-time-path').value).toBe('ts');
    expect(input('gm-rule-command-template').value).toBe('{"id": {{id}}, "to": {{value}}}');
    expect(input('gm-rule-command-reply-path').value).toBe('ack');
    expect(screen.getByText(/\{\{id\}\} 替换为本次写值的编号/)).toBeTruthy();
  });

  it('a device without a rule opens with one empty row, the server\'s clock and no command', async () => {
    await openEditor(22);
    expect(input('gm-rule-signal-0-key').value).toBe('');
    expect(document.getElementById('gm-rule-signal-1-key')).toBeNull();
    expect(screen.getByTestId('gm-rule-data-topic').textContent).toBe('plant/m, plant/m/…');
    expect(document.getElementById('gm-rule-time-path')).toBeNull();
    expect(input('gm-rule-command-reply-path').disabled).toBe(true);
  });

  it('adds rows from the sample, tries the rule: values after scale, problems in red, the time in China time, the reply id', async () => {
    server.on(TRY, ok({
      problem: null,
      t: 1_764_374_400_000,
      timeProblem: null,
      values: [
        { key: 'Temperature', path: 'd.t', value: 21.500000000000004, problem: null },
        { key: 'Pump', path: 'd.run', value: 1, problem: null },
        { key: 'd.level', path: 'd.level', value: null, problem: '消息中没有 d.level' },
      ],
      replyId: 'w-1',
    }));
    await openEditor(21);
    fill('gm-rule-sample', '{"ts": "2025-11-29T08:00:00+08:00", "d": {"t": 215, "run": true, "level": 3}, "ack": "w-1"}');
    await click(input('gm-rule-add-leaves'));
    expect(screen.getByTestId('gm-rule-sample-note').textContent).toBe('已添加 1 个信号');
    expect(input('gm-rule-signal-2-key').value).toBe('d.level');
    expect(input('gm-rule-signal-2-path').value).toBe('d.level');

    await click(input('gm-rule-try'));
    await waitFor(() => expect(server.calls(TRY)).toHaveLength(1));
    expect(sentRule(TRY).signals.map((s) => s.path)).toEqual(['d.t', 'd.run', 'd.level']);
    expect(new URLSearchParams(server.calls(TRY)[0]?.body).get('sample')).toContain('"level": 3');
    const result = await screen.findByTestId('gm-rule-try-result');
    expect(within(result).getAllByTestId('gm-rule-try-value').map((n) => n.textContent)).toEqual(['21.5', '1']);
    const problem = within(result).getByTestId('gm-rule-try-value-problem');
    expect(problem.textContent).toBe('消息中没有 d.level');
    expect(problem.className).toContain('danger');
    expect(within(result).getByTestId('gm-rule-try-time').textContent).toBe('2025-11-29 08:00:00');
    expect(within(result).getByTestId('gm-rule-try-reply').textContent).toBe('w-1');

    // Editing the rule marks the result as out of date.
    fill('gm-rule-signal-2-path', 'd.lvl');
    expect(await screen.findByTestId('gm-rule-try-stale')).toBeTruthy();
  });

  it('says a sample that is not JSON without asking the server, and shows the server\'s time problem', async () => {
    await openEditor(21);
    fill('gm-rule-sample', '{"d": ');
    await click(input('gm-rule-try'));
    expect(screen.getByTestId('gm-rule-sample-note').textContent).toBe('样例不是有效的 JSON');
    await click(input('gm-rule-add-leaves'));
    expect(screen.getByTestId('gm-rule-sample-note').textContent).toBe('样例不是有效的 JSON');
    expect(server.calls(TRY)).toHaveLength(0);

    server.on(TRY, ok({ problem: null, t: null, timeProblem: 'ts 不是可识别的时间', values: [], replyId: null }));
    fill('gm-rule-sample', '{"ts": 5}');
    await click(input('gm-rule-try'));
    const time = await screen.findByTestId('gm-rule-try-time');
    expect(time.textContent).toBe('ts 不是可识别的时间');
    expect(screen.getByTestId('gm-rule-try-reply').textContent).toBe('无');
  });

  it('saves the rule as edited: moved rows, an added row, the time from the server\'s clock', async () => {
    server.on(SAVE, ok(null));
    await openEditor(21);
    await click(screen.getByTestId('gm-rule-signal-1-up'));
    await click(input('gm-rule-add-signal'));
    fill('gm-rule-signal-2-key', 'Flow');
    fill('gm-rule-signal-2-path', '$.d.flow');
    fill('gm-rule-signal-2-unit', 'm³/h');
    await click(screen.getByLabelText('使用服务器收到消息的时间'));
    await click(input('gm-rule-save'));
    await waitFor(() => expect(server.calls(SAVE)).toHaveLength(1));
    expect(new URLSearchParams(server.calls(SAVE)[0]?.body).get('id')).toBe('21');
    expect(sentRule(SAVE)).toEqual({
      topic: 'data',
      signals: [RULE.signals[1], RULE.signals[0], { key: 'Flow', path: '$.d.flow', kind: 'number', scale: 1, offset: 0, unit: 'm³/h' }],
      time: null,
      command: RULE.command,
    });
    await waitFor(() => expect(screen.queryByTestId('gm-rule-editor')).toBeNull());
    expect(await screen.findByText('数据规则已保存')).toBeTruthy();
  });

  it('puts a refused field on its cell or field (the reason only), and toasts other failures', async () => {
    server.on(SAVE, refuse('rule.signals[1].path', '参数 rule.signals[1].path 无效：格式不正确'));
    await openEditor(21);
    await click(input('gm-rule-save'));
    const message = await screen.findByText('格式不正确');
    expect(message.closest('.ant-form-item')?.querySelector('#gm-rule-signal-1-path')).not.toBeNull();
    await waitFor(() => expect(document.activeElement?.id).toBe('gm-rule-signal-1-path'));
    // The message stays on its row when the rows move, and goes once the cell is edited.
    await click(screen.getByTestId('gm-rule-signal-1-up'));
    expect(screen.getByText('格式不正确').closest('.ant-form-item')?.querySelector('#gm-rule-signal-0-path')).not.toBeNull();
    fill('gm-rule-signal-0-path', 'd.running');
    await waitFor(() => expect(input('gm-rule-signal-0-path').closest('.ant-form-item-has-error')).toBeNull());

    server.on(SAVE, refuse('rule.command.template', '参数 rule.command.template 无效：不是有效的 JSON'));
    await click(input('gm-rule-save'));
    const template = await screen.findByText('不是有效的 JSON');
    expect(template.closest('.ant-form-item')?.querySelector('#gm-rule-command-template')).not.toBeNull();

    // The list as a whole keeps the whole message, under the table.
    server.on(SAVE, refuse('rule.signals', '参数 rule.signals 无效：至少需要 1 项'));
    await click(input('gm-rule-save'));
    expect(await screen.findByText('参数 rule.signals 无效：至少需要 1 项')).toBeTruthy();

    server.on(SAVE, fail('1383', '该采集源不是 JSON 设备'));
    await click(input('gm-rule-save'));
    await waitFor(() => expect(toasts).toEqual(['该采集源不是 JSON 设备']));
    expect(screen.getByTestId('gm-rule-editor')).toBeTruthy();
  });

  it('a rule the try-out refuses is said on its field and beside the sample', async () => {
    server.on(TRY, refuse('rule.time.path', '参数 rule.time.path 无效：格式不正确'));
    await openEditor(21);
    fill('gm-rule-sample', '{"ts": 1}');
    await click(input('gm-rule-try'));
    const field = await screen.findByText('格式不正确');
    expect(field.closest('.ant-form-item')?.querySelector('#gm-rule-time-path')).not.toBeNull();
    expect(screen.getByTestId('gm-rule-sample-note').textContent).toBe('参数 rule.time.path 无效：格式不正确');
    expect(toasts).toEqual([]);
  });

  it('closes at once when nothing changed, and asks before losing changes', async () => {
    await openEditor(21);
    await click(input('gm-rule-cancel'));
    await waitFor(() => expect(screen.queryByTestId('gm-rule-editor')).toBeNull());
    await click(screen.getByTestId('gm-rule-21'));
    await screen.findByTestId('gm-rule-editor');
    fill('gm-rule-topic', 'up');
    await click(input('gm-rule-cancel'));
    expect((await screen.findAllByText('放弃未保存的修改？')).length).toBeGreaterThan(0);
    expect(screen.getByTestId('gm-rule-editor')).toBeTruthy();
    await click(input('gm-rule-discard'));
    await waitFor(() => expect(screen.queryByTestId('gm-rule-editor')).toBeNull());
    expect(server.calls(SAVE)).toHaveLength(0);
  });

  it('reads in English too', async () => {
    await changeLanguage('en');
    await openEditor(21);
    expect(screen.getByText('Data rule: 水质仪')).toBeTruthy();
    expect(screen.getByText('Add every number and true/false in the sample')).toBeTruthy();
    expect(screen.getByText(/\{\{value\}\} the value written \(a JSON number\)/)).toBeTruthy();
  });

  it('without the manage permission there is no rule action', async () => {
    server.on('/lfscada/user/info', ok({ ...TEST_USER, auths: [] }));
    renderApp('/manage/eg/gateway?tab=json');
    expect(await screen.findByTestId('no-permission', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByTestId('gm-rule-21')).toBeNull();
    expect(server.calls(JSON_QUERY)).toHaveLength(0);
  });
});
