import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { TEST_USER, fail, installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import type { GmDevice, GmSource, GmSourceStats } from '@/generated/answers';

const INFO = '/lfscada/gm/source/info';
const STATS = '/lfscada/gm/source/stats';
const DISCOVERED = '/lfscada/gm/discovered/query';
const ADOPT = '/lfscada/gm/adopt';

configure({ asyncUtilTimeout: 5000 });

const SOURCE: GmSource = {
  id: 4,
  kind: 'sparkplug',
  name: 'QualityEdge',
  groupId: 'WaterPlant',
  nodeId: 'QualityEdge',
  topicPrefix: null,
  username: 'gmabcdefghijklmnop',
  online: true,
  presence: 'online',
  lastSeenMs: Date.now() - 60_000,
  // 00:30 UTC is 08:30 in China.
  gmtCreate: Date.UTC(2026, 10, 1, 0, 30, 0),
  rule: null,
};

const STATS_ANSWER: GmSourceStats = {
  since: Date.now() - 600_000,
  messages: 120,
  lastMinute: 12,
  intervalMs: 5_000,
  unsupported: 1,
  invalid: 0,
  malformed: 2,
  datatypeChanges: 0,
  future: 0,
  notNumeric: 0,
  badMessages: [
    { at: Date.UTC(2026, 10, 23, 2, 0, 0), topic: 'spBv1.0/WaterPlant/DDATA/QualityEdge/Analyser', problem: 'Undecodable payload', sample: '0a 0b ff' },
  ],
};

const metric = (name: string, datatype: string, signal: boolean) => ({ name, datatype, unit: signal ? 'pH' : '', engLow: signal ? 0 : null, engHigh: signal ? 14 : null, signal });
const DEVICES: GmDevice[] = [
  { deviceId: '', equipId: null, metrics: [metric('Firmware', 'String', false)] },
  { deviceId: 'Analyser', equipId: null, metrics: [metric('pH', 'Double', true), metric('Note', 'String', false)] },
  { deviceId: 'Dosing', equipId: 31, metrics: [metric('Setpoint', 'Float', true)] },
];

let server: FakeServer;

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installFakeServer({ loggedIn: true });
  server.on(INFO, ok(SOURCE));
  server.on(STATS, ok(STATS_ANSWER));
  server.on(DISCOVERED, ok(DEVICES));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const body = (request: { body: string } | undefined) => Object.fromEntries(new URLSearchParams(request?.body ?? ''));

async function click(element: Element) {
  await act(async () => {
    fireEvent.click(element);
  });
}

async function openSource(id = 4) {
  const app = renderApp(`/monitor/gm/ocInfo/${id}`);
  await screen.findByTestId('gm-source-page', undefined, { timeout: 15_000 });
  return app;
}

describe('one collection source (/monitor/gm/ocInfo/{id})', { timeout: 60_000 }, () => {
  it('shows its state: kind, name, ids, user name, presence, last seen and registration in China time', async () => {
    await openSource();
    expect(body(server.calls(INFO)[0])).toEqual({ id: '4' });
    expect(screen.getByTestId('gm-source-title').textContent).toBe('QualityEdge');
    const state = screen.getByTestId('gm-source-state');
    expect(within(state).getByTestId('gm-source-kind').textContent).toBe('Sparkplug B 边缘节点');
    expect(within(state).getByTestId('gm-address').textContent).toBe('组 ID：WaterPlant节点 ID：QualityEdge');
    expect(state.textContent).toContain('gmabcdefghijklmnop');
    expect(within(state).getByTestId('gm-source-presence').textContent).toBe('在线');
    expect(within(state).getByTestId('gm-source-last-seen').textContent).toBe('1 分钟前');
    expect(within(state).getByTestId('gm-source-created').textContent).toBe('2026-11-01 08:30:00');
  });

  it('shows its message counts, rate, problems and the last bad messages with their sample', async () => {
    await openSource();
    const stats = await screen.findByTestId('gm-stats-messages');
    expect(stats.textContent).toContain('120');
    expect(body(server.calls(STATS)[0])).toEqual({ id: '4' });
    expect(screen.getByTestId('gm-stats-last-minute').textContent).toContain('12');
    expect(screen.getByTestId('gm-stats-interval').textContent).toContain('5.0');
    // 120 messages over the ten minutes since counting started (less a little while the test ran).
    expect(screen.getByTestId('gm-stats-average').textContent).toMatch(/(12|11\.\d)$/);
    expect(screen.getByTestId('gm-problem-malformed').textContent).toBe('无法解析的消息: 2');
    expect(screen.getByTestId('gm-problem-unsupported').textContent).toBe('不支持的指标: 1');
    const bad = screen.getByTestId('gm-bad-messages');
    expect(bad.textContent).toContain('2026-11-23 10:00:00');
    expect(bad.textContent).toContain('spBv1.0/WaterPlant/DDATA/QualityEdge/Analyser');
    expect(bad.textContent).toContain('Undecodable payload');
    const sample = within(bad).getByTestId('gm-bad-sample');
    expect(sample.tagName).toBe('PRE');
    expect(sample.textContent).toBe('0a 0b ff');
  });

  it('says when there were no problems, and keeps the rest of the screen when the counts fail', async () => {
    server.on(STATS, ok({ ...STATS_ANSWER, unsupported: 0, malformed: 0, badMessages: [] }));
    const first = await openSource();
    expect((await screen.findByTestId('gm-stats-problems')).textContent).toContain('无');
    expect(screen.getByText('没有错误消息')).toBeTruthy();
    first.unmount();
    server.on(STATS, fail('1104', 'No such API path'));
    await openSource();
    expect((await screen.findByTestId('gm-stats-error')).textContent).toContain('消息计数加载失败');
    expect(screen.getByTestId('gm-source-state')).toBeTruthy();
  });

  it('lists the announced devices with their metrics, each linked to its equipment or offered for adoption', async () => {
    await openSource();
    const analyser = await screen.findByTestId('gm-device-Analyser');
    expect(body(server.calls(DISCOVERED)[0])).toEqual({ nodeId: '4' });
    expect(analyser.textContent).toContain('pH');
    expect(analyser.textContent).toContain('Double');
    expect(analyser.textContent).toContain('0 – 14');
    expect(within(screen.getByTestId('gm-device-Dosing')).getByTestId('gm-device-Dosing-equipment').getAttribute('href')).toBe(
      '/monitor/gm/vuedetail/31/real',
    );
    // The node's own metrics: only a text, which cannot be a signal.
    const node = screen.getByTestId('gm-device-node');
    expect(node.textContent).toContain('节点自身的指标');
    expect((within(node).getByTestId('gm-device-node-adopt') as HTMLButtonElement).disabled).toBe(true);
  });

  it('adopts a device under the name given (the device id by default), then links the new equipment and reads the list again', async () => {
    server.on(ADOPT, ok({ id: 40 }));
    await openSource();
    await click(within(await screen.findByTestId('gm-device-Analyser')).getByTestId('gm-device-Analyser-adopt'));
    const input = (await screen.findByRole('textbox', { name: '设备名称' })) as HTMLInputElement;
    expect(input.value).toBe('Analyser');
    fireEvent.change(input, { target: { value: ' 1# 水质仪 ' } });
    server.on(DISCOVERED, ok(DEVICES.map((d) => (d.deviceId === 'Analyser' ? { ...d, equipId: 40 } : d))));
    await click(document.getElementById('gm-adopt-ok') as HTMLElement);
    await waitFor(() => expect(body(server.calls(ADOPT)[0])).toEqual({ nodeId: '4', deviceId: 'Analyser', equipName: '1# 水质仪' }));
    const done = await screen.findByTestId('gm-adopted');
    expect(done.textContent).toContain('已接入为“1# 水质仪”');
    expect(within(done).getByRole('link').getAttribute('href')).toBe('/monitor/gm/vuedetail/40/real');
    expect((await screen.findByTestId('gm-device-Analyser-equipment')).getAttribute('href')).toBe('/monitor/gm/vuedetail/40/real');
  });

  it("shows the server's refusal in the form, and refuses an empty name before asking", async () => {
    server.on(ADOPT, fail('1384', '该设备已被接入'));
    await openSource();
    await click(within(await screen.findByTestId('gm-device-Analyser')).getByTestId('gm-device-Analyser-adopt'));
    const input = await screen.findByRole('textbox', { name: '设备名称' });
    fireEvent.change(input, { target: { value: '  ' } });
    await click(document.getElementById('gm-adopt-ok') as HTMLElement);
    expect(await screen.findByText('请输入设备名称')).toBeTruthy();
    expect(server.calls(ADOPT)).toHaveLength(0);
    fireEvent.change(input, { target: { value: 'Analyser' } });
    await click(document.getElementById('gm-adopt-ok') as HTMLElement);
    expect((await screen.findByTestId('gm-adopt-error')).textContent).toContain('该设备已被接入');
  });

  it('says why the devices are not shown without the manage permission, and does not ask for them', async () => {
    server.on('/lfscada/user/info', ok({ ...TEST_USER, auths: [] }));
    await openSource();
    expect((await screen.findByTestId('gm-devices-no-manage')).textContent).toContain('需要管理权限');
    expect(server.calls(DISCOVERED)).toHaveLength(0);
  });

  it("shows the server's answer for a source that is not the caller's", async () => {
    server.on(INFO, fail('1380', '采集源不存在'));
    renderApp('/monitor/gm/ocInfo/9');
    const error = await screen.findByTestId('gm-source-error', undefined, { timeout: 15_000 });
    expect(error.textContent).toContain('采集源不存在');
  });

  it('speaks English', async () => {
    await changeLanguage('en');
    await openSource();
    expect(screen.getByTestId('gm-source-kind').textContent).toBe('Sparkplug B edge node');
    expect((await screen.findByTestId('gm-device-Analyser')).textContent).toContain('2 metrics');
    expect(screen.getByTestId('gm-device-Dosing').textContent).toContain('1 metric');
  });
});
