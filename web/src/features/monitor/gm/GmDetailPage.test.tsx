import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { renderApp } from '@/test/renderApp';
import { ok } from '@/test/fakeServer';
import { GATEWAY, body, click, openTab, realtimeRow } from '../detail/components/testSupport';
import { EQUIPMENT_ID, P, installGmServer } from './gmTestSupport';

const ALL = ['manage', 'monitor_write_data', 'monitor_equipinfo_menu_alarm', 'monitor_designer_menu_alarm'];

beforeEach(async () => {
  await changeLanguage('zh-CN');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openGm(tab = '') {
  const app = renderApp(`/monitor/gm/vuedetail/${EQUIPMENT_ID}${tab}`);
  await screen.findByTestId('gm-detail', undefined, { timeout: 15_000 });
  return app;
}

describe('GM equipment detail (/monitor/gm/vuedetail)', { timeout: 60_000 }, () => {
  it('opens on the real-time data, with the name, model, protocol, live state and a link to its collection source', async () => {
    const h = installGmServer(ALL);
    const { router } = await openGm();
    expect(router.state.location.pathname).toBe(`/monitor/gm/vuedetail/${EQUIPMENT_ID}/real`);
    await waitFor(() => expect(screen.getByTestId('detail-title').textContent).toBe('Water-quality analyser'));
    expect(screen.getByText('WQ-5')).toBeTruthy();
    expect(screen.getByTestId('gm-protocol').textContent).toBe('Sparkplug B');
    const source = screen.getByTestId('gm-source-link');
    expect(source.getAttribute('href')).toBe('/monitor/gm/ocInfo/4');
    expect(source.textContent).toBe('采集源：QualityEdge');
    expect(screen.getByTestId('monitor-status')).toBeTruthy();
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('实时数据');
    await waitFor(() => expect(realtimeRow(1).textContent).toContain('Inlet pressure'));
    expect(body(h.server.calls(P.signals)[0])).toEqual({ equipmentId: String(EQUIPMENT_ID) });
  });

  it('says its state in words of a device, not a gateway', async () => {
    const h = installGmServer(ALL);
    h.server.on(P.gateway, ok({ ...GATEWAY, online: false, presence: 'offline', link: 'sparkplug' }));
    await openGm('/real');
    await waitFor(() => expect(screen.getByTestId('monitor-status').dataset.status).toBe('offline'));
    expect(screen.getByTestId('monitor-status').textContent).toBe('设备离线');
  });

  it('each tab is its address: choosing one navigates, and Back returns', async () => {
    installGmServer(ALL);
    const { router } = await openGm('/real');
    await openTab('数据下发');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/monitor/gm/vuedetail/${EQUIPMENT_ID}/write`));
    expect(await screen.findByText('选择信号', { exact: false })).toBeTruthy();
    await openTab('历史数据');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/monitor/gm/vuedetail/${EQUIPMENT_ID}/history`));
    await act(async () => void router.navigate(-1));
    await waitFor(() => expect(screen.getByRole('tab', { selected: true }).textContent).toBe('数据下发'));
  });

  it('shows the alarms of rule type 00 with monitor_equipinfo_menu_alarm', async () => {
    const h = installGmServer(['monitor_equipinfo_menu_alarm'], '00');
    await openGm('/alarm');
    await waitFor(() => expect(document.querySelector('[data-testid="alarm-table"] tr[data-row-key="41"]')).toBeTruthy());
    expect(body(h.server.calls(P.alarms)[0])).toMatchObject({ equipmentId: String(EQUIPMENT_ID) });
  });

  it('needs monitor_designer_menu_alarm for rule type 01: without it, the spec message and no request', async () => {
    const h = installGmServer(['monitor_equipinfo_menu_alarm', 'monitor_multi_designer_alarm'], '01');
    await openGm('/alarm');
    expect((await screen.findByTestId('alarm-no-permission')).textContent).toContain('无权限查看报警记录');
    expect(h.server.calls(P.alarms)).toHaveLength(0);
  });

  it('shows the alarms of rule type 01 with monitor_designer_menu_alarm', async () => {
    installGmServer(['monitor_designer_menu_alarm'], '01');
    await openGm('/alarm');
    await waitFor(() => expect(document.querySelector('[data-testid="alarm-table"] tr[data-row-key="41"]')).toBeTruthy());
  });

  it('speaks English', async () => {
    await changeLanguage('en');
    installGmServer(ALL);
    await openGm('/real');
    await waitFor(() => expect(screen.getByTestId('gm-source-link').textContent).toBe('Collection source: QualityEdge'));
    const tabs = screen.getByTestId('detail-tabs');
    expect(within(tabs).getByRole('tab', { name: 'Write values' })).toBeTruthy();
    await click(within(tabs).getByRole('tab', { name: 'History' }));
  });
});
