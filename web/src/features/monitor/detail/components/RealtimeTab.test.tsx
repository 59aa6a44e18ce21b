import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { fail, ok } from '@/test/fakeServer';
import { stubViewportWidth } from '@/test/viewport';
import {
  GATEWAY,
  NOW,
  P,
  body,
  click,
  egSocket,
  fill,
  installDetailServer,
  openDetail,
  realtimeRow,
  type Harness,
} from './testSupport';

let h: Harness;

beforeEach(async () => {
  await changeLanguage('zh-CN');
  h = installDetailServer();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const cell = (id: number, testId: string) => within(realtimeRow(id)).getByTestId(testId);

describe('realtime data', { timeout: 60_000 }, () => {
  it('lists the signals with stored values: decimals, unit, quality, UTC+8 time, stale greyed', async () => {
    // A 5 s interval: stale after 15 s, so a slow test machine does not make the fresh value stale.
    h.server.on(P.gateway, ok({ ...GATEWAY, interval: 5000 }));
    await openDetail();
    await waitFor(() => expect(cell(1, 'rt-value').textContent).toBe('1.23 bar'));
    expect(cell(1, 'rt-value').dataset.state).toBe('fresh');
    expect(cell(1, 'rt-quality').dataset.quality).toBe('good');
    expect(cell(11, 'rt-quality').dataset.quality).toBe('bad');
    expect(cell(11, 'rt-quality').textContent).toBe('异常');
    // Ten minutes old: more than 3 × the monitor interval.
    expect(cell(3, 'rt-value').textContent).toBe('55.5 %');
    expect(cell(3, 'rt-value').dataset.state).toBe('stale');
    expect(within(realtimeRow(10)).getByText('暂无数据')).toBeTruthy();
    expect(cell(1, 'rt-time').textContent).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(body(h.server.calls(P.signals)[0])).toEqual({ equipmentId: '7' });
    // Writable signals have a write action, read-only ones say so.
    expect(screen.getByTestId('rt-write-11')).toBeTruthy();
    expect(screen.queryByTestId('rt-write-1')).toBeNull();
    expect(within(realtimeRow(1)).getByText('只读')).toBeTruthy();
  });

  it('opens monitoring with the gateway interval and shows pushed values as they come', async () => {
    await openDetail();
    await waitFor(() => expect(body(h.server.calls(P.open)[0])).toEqual({ interval: '1000', delay: '600', equipmentId: '7' }));
    const socket = await egSocket(h.sockets);
    act(() => {
      socket.open();
      socket.push({ signalVal: { '3': { value: 91.04, time: Date.now(), quality: 'good' } }, gatewayAlarm: 1, signalAlarm: { '3': 1 } });
    });
    await waitFor(() => expect(cell(3, 'rt-value').textContent).toBe('91.0 %'));
    expect(cell(3, 'rt-value').dataset.state).toBe('fresh');
    expect(within(realtimeRow(3)).getByTestId('rt-alarm')).toBeTruthy();
    expect(screen.getByTestId('monitor-status').dataset.status).toBe('on');
    expect(screen.getByTestId('detail-alarm-count').textContent).toContain('1');
    // A bad reading names the device's error from the catalogue, never the raw code.
    act(() => socket.push({ signalVal: { '1': { value: 1.2, time: Date.now(), quality: 'bad', code: '1715' } }, gatewayAlarm: 1, signalAlarm: { '3': 1 } }));
    await waitFor(() => expect(cell(1, 'rt-quality').textContent).toBe('异常：响应超时'));
    // An older frame does not roll the value back.
    act(() => socket.push({ signalVal: { '3': { value: 20, time: NOW - 900_000, quality: 'good' } }, gatewayAlarm: 1, signalAlarm: { '3': 1 } }));
    expect(cell(3, 'rt-value').textContent).toBe('91.0 %');
  });

  it.each([
    ['offline', { ...GATEWAY, online: false }, '网关离线'],
    ['vpn', { ...GATEWAY, vpn: true }, 'VPN 模式'],
  ])('says monitoring is off when the gateway is %s', async (status, gateway, text) => {
    h.server.on(P.gateway, ok(gateway));
    await openDetail();
    await waitFor(() => expect(screen.getByTestId('monitor-status').dataset.status).toBe(status));
    expect(screen.getByTestId('monitor-status').textContent).toBe(text);
    expect(h.server.calls(P.open)).toHaveLength(0);
  });

  it('says when no gateway is bound (2001) and when the open call fails', async () => {
    h.server.on(P.gateway, fail('2001', '暂无网关或报警数据'));
    const first = await openDetail();
    await waitFor(() => expect(screen.getByTestId('monitor-status').dataset.status).toBe('noGateway'));
    first.unmount();
    h.server.on(P.gateway, ok(GATEWAY));
    h.server.on(P.open, fail('1207', '设备离线，无法下发命令'));
    await openDetail();
    await waitFor(() => expect(screen.getByTestId('monitor-status').dataset.status).toBe('openFailed'));
    expect(screen.getByTestId('monitor-status').textContent).toBe('监控开启失败');
  });

  it('shows a failed signal list with a retry, and an equipment without signals', async () => {
    h.server.on(P.signals, fail('90099', '数据库不可用'));
    const first = await openDetail();
    const error = await screen.findByTestId('tab-error');
    expect(error.textContent).toContain('信号列表加载失败');
    expect(error.textContent).toContain('数据库不可用');
    h.server.on(P.signals, ok([]));
    await click(within(error).getByRole('button'));
    expect(await screen.findByTestId('tab-empty')).toBeTruthy();
    first.unmount();
  });
});

describe('writing from the realtime table (spec section 5)', { timeout: 60_000 }, () => {
  async function openWrite(id: number) {
    await openDetail();
    await click(await screen.findByTestId(`rt-write-${id}`));
    return screen.findByTestId('write-dialog');
  }

  it('checks the value inline before sending anything', async () => {
    await openWrite(11);
    expect(screen.getByTestId('write-hint').textContent).toBe('允许范围：0 至 2900 (rpm)');
    const submit = () => click(document.getElementById('write-submit') as HTMLElement);
    await submit();
    expect(screen.getByTestId('write-error').textContent).toBe('请输入写入值');
    fill('write-value', 'abc');
    await submit();
    expect(screen.getByTestId('write-error').textContent).toBe('写入值必须是数字');
    fill('write-value', '3000');
    await submit();
    expect(screen.getByTestId('write-error').textContent).toBe('写入值不能大于 2900 rpm');
    fill('write-value', '-1');
    await submit();
    expect(screen.getByTestId('write-error').textContent).toBe('写入值不能小于 0 rpm');
    expect(h.server.calls(P.write)).toHaveLength(0);
  });

  it('takes only 0 or 1 for a bit signal', async () => {
    await openWrite(10);
    fill('write-value', '2');
    await click(document.getElementById('write-submit') as HTMLElement);
    expect(screen.getByTestId('write-error').textContent).toBe('该信号只能写入 0 或 1');
  });

  it('writes through the async command, shows progress and the outcome', async () => {
    let polls = 0;
    h.server.on(P.write, ok({ online: true, uuid: 'u-1' }));
    h.server.on(P.callback, () => (++polls < 2 ? ok({ status: 'pending' }) : ok({ status: 'success', code: '200', message: '', data: { value: 1800, readings: [] } })));
    await openWrite(11);
    fill('write-value', ' 1800 ');
    await click(document.getElementById('write-submit') as HTMLElement);
    expect(await screen.findByTestId('write-progress')).toBeTruthy();
    const result = await screen.findByTestId('write-result', undefined, { timeout: 8000 });
    expect(result.textContent).toContain('写入成功：1800 rpm');
    expect(result.textContent).toContain('设备当前值为 1800 rpm');
    expect(body(h.server.calls(P.write)[0])).toEqual({ signalId: '11', value: '1800' });
    expect(body(h.server.calls(P.callback)[0])).toEqual({ uuid: 'u-1' });
  });

  it("shows the device's failure with its catalogue text", async () => {
    h.server.on(P.write, ok({ online: true, uuid: 'u-2' }));
    h.server.on(P.callback, ok({ status: 'failure', code: '1711', message: '' }));
    await openWrite(11);
    fill('write-value', '100');
    await click(document.getElementById('write-submit') as HTMLElement);
    const result = await screen.findByTestId('write-result', undefined, { timeout: 8000 });
    expect(result.textContent).toContain('写入失败');
    expect(result.textContent).toContain('下位机故障');
  });

  it("shows the server's refusal (gateway offline) without raw codes", async () => {
    h.server.on(P.write, fail('1207', ''));
    await openWrite(11);
    fill('write-value', '100');
    await click(document.getElementById('write-submit') as HTMLElement);
    const result = await screen.findByTestId('write-result');
    expect(result.textContent).toContain('设备离线，无法下发命令');
    expect(result.textContent).not.toContain('1207');
  });

  it('refuses the write without the write permission, with the spec text', async () => {
    vi.unstubAllGlobals();
    h = installDetailServer(['monitor_multi_designer_alarm']);
    await openWrite(11);
    fill('write-value', '100');
    await click(document.getElementById('write-submit') as HTMLElement);
    expect(screen.getByTestId('write-error').textContent).toBe('您没有写入权限');
    expect(h.server.calls(P.write)).toHaveLength(0);
  });

  it('speaks English', async () => {
    await changeLanguage('en');
    await openWrite(11);
    fill('write-value', '9999');
    await click(document.getElementById('write-submit') as HTMLElement);
    expect(screen.getByTestId('write-error').textContent).toBe('The value may not be greater than 2900 rpm');
    expect(screen.getByRole('tab', { name: 'Realtime data' })).toBeTruthy();
  });
});

describe('realtime data on a phone', { timeout: 60_000 }, () => {
  it('shows one card per signal: value with its unit, quality, time and a finger-sized write button', async () => {
    stubViewportWidth(390);
    h.server.on(P.gateway, ok({ ...GATEWAY, interval: 5000 }));
    await openDetail();
    const cards = await screen.findByTestId('realtime-cards');
    expect(screen.queryByTestId('realtime-table')).toBeNull();
    const card = (id: number) => cards.querySelector(`[data-row-key="${id}"]`) as HTMLElement;
    await waitFor(() => expect(within(card(1)).getByTestId('rt-value').textContent).toBe('1.23 bar'));
    expect(within(card(1)).getByTestId('rt-value').style.whiteSpace).toBe('nowrap');
    expect(within(card(1)).getByTestId('rt-quality').dataset.quality).toBe('good');
    expect(within(card(1)).getByTestId('rt-time').textContent).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // Read-only signals have no write button; a writable one opens the write dialog.
    expect(within(card(1)).queryByTestId('rt-write-1')).toBeNull();
    const write = within(card(11)).getByTestId('rt-write-11');
    expect(write.className).toContain('ant-btn-lg');
    await click(write);
    expect(await screen.findByTestId('write-dialog')).toBeTruthy();
  });

  it('keeps the table from a tablet’s width up', async () => {
    stubViewportWidth(768);
    await openDetail();
    expect(await screen.findByTestId('realtime-table')).toBeTruthy();
    expect(screen.queryByTestId('realtime-cards')).toBeNull();
  });
});

describe('state texts in the realtime values', { timeout: 60_000 }, () => {
  const MODE = {
    id: 12,
    equipId: 7,
    equipTitle: '1# Pump station',
    signalTitle: 'Pump mode',
    area: 'holding_register',
    dataType: 'uint16',
    unit: '',
    decimals: 0,
    writable: true,
    min: null,
    max: null,
    valueMap: [
      { value: 0, zh: '停止', en: 'Stopped', color: '#8c8c8c' },
      { value: 1, zh: '运行', en: 'Running', color: '#52c41a' },
      { value: 2, zh: '故障', en: 'Fault', color: '#f5222d' },
    ],
  };

  beforeEach(() => {
    h.server.on(P.signals, ok([MODE]));
    h.server.on(P.data, () => ok({ signalVal: { '12': { value: 2, time: Date.now() - 200, quality: 'good' } }, gatewayAlarm: 0, signalAlarm: {} }));
  });

  it('shows the state a value is in, in its colour, and follows the language', async () => {
    await openDetail();
    await waitFor(() => expect(cell(12, 'rt-value').textContent).toBe('故障'));
    expect(cell(12, 'rt-value').querySelector('[data-state-value="2"]')).toBeTruthy();
    await act(() => changeLanguage('en'));
    await waitFor(() => expect(cell(12, 'rt-value').textContent).toBe('Fault'));
  });

  it('writes by picking a state instead of typing its number', async () => {
    h.server.on(P.write, ok({ online: true, uuid: 'u-9' }));
    h.server.on(P.callback, ok({ status: 'success', code: '200', message: '', data: { value: 1, readings: [] } }));
    await openDetail();
    await click(await screen.findByTestId('rt-write-12'));
    const picker = await screen.findByTestId('write-states');
    expect(document.getElementById('write-value')).toBeNull();
    await click(within(picker).getByText('运行'));
    await click(document.getElementById('write-submit') as HTMLElement);
    const result = await screen.findByTestId('write-result', undefined, { timeout: 8000 });
    expect(result.textContent).toContain('写入成功：运行');
    expect(body(h.server.calls(P.write)[0])).toEqual({ signalId: '12', value: '1' });
  });
});
