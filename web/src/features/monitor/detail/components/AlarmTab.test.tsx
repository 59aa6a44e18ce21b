import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { fail, ok } from '@/test/fakeServer';
import { stubViewportWidth } from '@/test/viewport';
import { ALARM, P, body, click, egSocket, installDetailServer, openDetail, type Harness } from './testSupport';

let h: Harness;

beforeEach(async () => {
  await changeLanguage('zh-CN');
  h = installDetailServer();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const alarmRow = (id: number) => document.querySelector(`[data-testid="alarm-table"] tr[data-row-key="${id}"]`) as HTMLElement;

describe('alarm records', { timeout: 60_000 }, () => {
  it.each(['/1', '/true', '/alarm'])('opens on the Alarm tab from %s and lists the spec columns', async (suffix) => {
    await openDetail(suffix);
    await waitFor(() => expect(alarmRow(41)).toBeTruthy());
    expect(screen.getByRole('tab', { selected: true }).textContent).toContain('报警');
    const headers = [...document.querySelectorAll('[data-testid="alarm-table"] thead th')].map((th) => th.textContent);
    expect(headers).toEqual(['设备', '类型', '触发时间（UTC+8）', '解除时间（UTC+8）', '触发值', '报警信息', '操作']);
    const row = alarmRow(41);
    expect(row.textContent).toContain('1# Pump station');
    expect(row.textContent).toContain('信号报警');
    expect(row.textContent).toContain('Tank level · 2 级');
    expect(row.textContent).toContain('2026-11-23 10:00:00');
    expect(within(row).getByTestId('alarm-release').textContent).toBe('未解除');
    expect(row.textContent).toContain('90.5');
    expect(row.textContent).toContain('储罐液位过高');
    expect(body(h.server.calls(P.alarms)[0])).toEqual({ equipmentId: '7', page: '1', pageSize: '10' });
  });

  it('opens on the realtime data for the work-order form and an explicit no', async () => {
    await openDetail('/repair/9');
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('实时数据');
  });

  it('confirms an alarm and shows who confirmed it', async () => {
    h.server.on(P.confirm, ok({ ...ALARM, confirmed: true, confirmUser: 'operator1', gmtConfirm: Date.now() }));
    await openDetail('/1');
    const button = await screen.findByTestId('alarm-confirm-41');
    h.server.on(P.alarms, ok({ total: 1, list: [{ ...ALARM, confirmed: true, confirmUser: 'operator1', gmtConfirm: Date.now() }] }));
    await click(button);
    expect(body(h.server.calls(P.confirm)[0])).toEqual({ alarmId: '41' });
    expect((await screen.findByTestId('alarm-confirmed-41')).textContent).toBe('operator1 已确认');
  });

  it('shows a release as soon as the live alarm counts change', async () => {
    await openDetail('/1');
    await waitFor(() => expect(alarmRow(41)).toBeTruthy());
    const socket = await egSocket(h.sockets);
    const calls = h.server.calls(P.alarms).length;
    h.server.on(P.alarms, ok({ total: 1, list: [{ ...ALARM, released: true, gmtRelease: Date.UTC(2026, 10, 23, 2, 5, 0) }] }));
    act(() => {
      socket.open();
      socket.push({ signalVal: { '3': { value: 20, time: Date.now(), quality: 'good' } }, gatewayAlarm: 0, signalAlarm: {} });
      socket.push({ signalVal: { '3': { value: 92, time: Date.now() + 1, quality: 'good' } }, gatewayAlarm: 1, signalAlarm: { '3': 1 } });
    });
    await waitFor(() => expect(within(alarmRow(41)).getByTestId('alarm-release').textContent).toBe('2026-11-23 10:05:00'));
    expect(h.server.calls(P.alarms).length).toBeGreaterThan(calls);
  });

  it('says there are none (2001) and shows a failure with a retry', async () => {
    h.server.on(P.alarms, fail('2001', '暂无网关或报警数据'));
    const first = await openDetail('/1');
    expect(await screen.findByText('暂无报警记录')).toBeTruthy();
    first.unmount();
    h.server.on(P.alarms, fail('90099', '未知异常'));
    await openDetail('/1');
    const error = await screen.findByTestId('alarm-error');
    expect(error.textContent).toContain('报警记录加载失败');
  });

  it('needs monitor_multi_designer_alarm: without it, the spec message and no request', async () => {
    vi.unstubAllGlobals();
    h = installDetailServer(['monitor_write_data']);
    await openDetail('/1');
    expect((await screen.findByTestId('alarm-no-permission')).textContent).toContain('无权限查看报警记录');
    expect(h.server.calls(P.alarms)).toHaveLength(0);
  });

  it("shows the server's refusal (1211) the same way", async () => {
    h.server.on(P.alarms, fail('1211', '无权限查看报警记录'));
    await openDetail('/1');
    expect((await screen.findByTestId('alarm-no-permission')).textContent).toContain('无权限查看报警记录');
  });

  it('speaks English', async () => {
    await changeLanguage('en');
    await openDetail('/1');
    await waitFor(() => expect(alarmRow(41)).toBeTruthy());
    expect(within(alarmRow(41)).getByTestId('alarm-release').textContent).toBe('Not released');
    expect(screen.getByTestId('alarm-confirm-41').textContent).toContain('Confirm');
  });
});

describe('alarm records on a phone', { timeout: 60_000 }, () => {
  it('are cards with the message, kind, times, value and a finger-sized confirm', async () => {
    stubViewportWidth(390);
    h.server.on(P.confirm, ok({ ...ALARM, confirmed: true, confirmUser: 'operator1', gmtConfirm: Date.now() }));
    await openDetail('/1');
    const card = await waitFor(() => {
      const found = document.querySelector('[data-testid="alarm-cards"] [data-row-key="41"]');
      expect(found).toBeTruthy();
      return found as HTMLElement;
    });
    expect(screen.queryByTestId('alarm-table')).toBeNull();
    expect(card.textContent).toContain('储罐液位过高');
    expect(card.textContent).toContain('Tank level · 2 级');
    expect(card.textContent).toContain('2026-11-23 10:00:00');
    expect(card.textContent).toContain('90.5');
    expect(within(card).getByTestId('alarm-release').textContent).toBe('未解除');
    const confirm = within(card).getByTestId('alarm-confirm-41');
    expect(confirm.className).toContain('ant-btn-lg');
    h.server.on(P.alarms, ok({ total: 1, list: [{ ...ALARM, confirmed: true, confirmUser: 'operator1', gmtConfirm: Date.now() }] }));
    await click(confirm);
    expect(body(h.server.calls(P.confirm)[0])).toEqual({ alarmId: '41' });
    expect((await screen.findByTestId('alarm-confirmed-41')).textContent).toBe('operator1 已确认');
  });
});
