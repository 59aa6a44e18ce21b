import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { fail, ok } from '@/test/fakeServer';
import { GATEWAY, P, body, click, installDetailServer, openDetail, openTab, type Harness } from './testSupport';

let h: Harness;

beforeEach(async () => {
  await changeLanguage('zh-CN');
  h = installDetailServer();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('equipment info', { timeout: 60_000 }, () => {
  it('shows the equipment, its gateway and its number of signals', async () => {
    await openDetail('?tab=equipment');
    const info = await screen.findByTestId('equipment-info');
    expect(info.textContent).toContain('PS-3');
    expect(info.textContent).toContain('Ironsight');
    expect(info.textContent).toContain('31.23040, 121.47370');
    expect(info.textContent).toContain('Demo gateway (EG-DEMO-01)');
    expect(info.textContent).toContain('Modbus TCP');
    expect(info.textContent).toContain('2026-11-01 08:00:00');
    expect(within(info).getByText('4')).toBeTruthy();
    expect(body(h.server.calls(P.detail)[0])).toEqual({ equipmentId: '7' });
  });

  it('shows a failure with a retry', async () => {
    h.server.on(P.detail, fail('1214', '设备不存在'));
    await openDetail('?tab=equipment');
    const error = await screen.findByTestId('tab-error');
    expect(error.textContent).toContain('设备信息加载失败');
    expect(error.textContent).toContain('设备不存在');
  });
});

describe('gateway info', { timeout: 60_000 }, () => {
  it('shows state, VPN, interval, economize, strength band, model, firmware, last seen', async () => {
    await openDetail();
    await openTab('网关信息');
    const info = await screen.findByTestId('gateway-info');
    expect(within(info).getByTestId('gw-online').textContent).toBe('在线');
    expect(within(info).getByTestId('gw-vpn').textContent).toBe('关闭');
    expect(within(info).getByTestId('gw-interval').textContent).toBe('1 秒');
    expect(within(info).getByTestId('gw-economize').textContent).toBe('关闭');
    expect(within(info).getByTestId('gw-strength').textContent).toBe('78 · 很好');
    expect(within(info).getByTestId('gw-last-seen').textContent).toBe('2026-11-23 11:00:00');
    expect(info.textContent).toContain('EG-200');
    expect(info.textContent).toContain('1.0.0');
    expect(info.textContent).toContain('1 分钟');
  });

  it.each([
    [55, 'good', '55 · 良好'],
    [35, 'fair', '35 · 一般（可能掉线）'],
    [12, 'bad', '12 · 差'],
    [null, 'none', '未上报'],
  ])('shows strength %s as band %s', async (strength, band, text) => {
    h.server.on(P.gateway, ok({ ...GATEWAY, signalStrength: strength }));
    await openDetail('?tab=gateway');
    const tag = await screen.findByTestId('gw-strength');
    expect(tag.dataset.band).toBe(band);
    expect(tag.textContent).toBe(text);
  });

  it('says honestly that no gateway is bound (2001)', async () => {
    h.server.on(P.gateway, fail('2001', '暂无网关或报警数据'));
    await openDetail('?tab=gateway');
    expect((await screen.findByTestId('gateway-empty')).textContent).toContain('本设备未绑定网关');
  });

  it('shows another failure as an error with a retry', async () => {
    h.server.on(P.gateway, fail('90099', '未知异常'));
    await openDetail('?tab=gateway');
    const error = await screen.findByTestId('tab-error');
    expect(error.textContent).toContain('网关信息加载失败');
    h.server.on(P.gateway, ok(GATEWAY));
    await click(within(error).getByRole('button'));
    expect(await screen.findByTestId('gateway-info')).toBeTruthy();
  });

  it('speaks English', async () => {
    await changeLanguage('en');
    await openDetail('?tab=gateway');
    expect((await screen.findByTestId('gw-strength')).textContent).toBe('78 · Very good');
    expect(screen.getByTestId('gw-online').textContent).toBe('Online');
  });
});
