/**
 * Shared set-up of the detail screen's component tests: the fake server's answers for the demo-like equipment,
 * a fake live socket in place of the browser's WebSocket, and small helpers for antd widgets in jsdom.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { FakeSocket, stubWebSockets } from '@/entities/live/fakeSocket';
import { TEST_USER, installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import type { AlarmRecord, EquipmentDetail, Gateway } from '../model/types';
import type { SignalEntry } from '@/generated/answers';
import { alarmAnswer } from '@/test/answers';

export const EQUIPMENT_ID = 7;
export const NOW = Date.now();

export const P = {
  gateway: '/lfscada/monitor/multi/gateway/info',
  open: '/lfscada/monitor/multi/open',
  token: '/lfscada/websocket/monitor/token',
  signals: '/lfscada/monitor/multi/signal/query',
  data: '/lfscada/monitor/multi/signal/data',
  detail: '/lfscada/monitor/multi/equipment/detailInfo',
  write: '/lfscada/monitor/multi/signal/write',
  read: '/lfscada/monitor/multi/signal/singleVal',
  callback: '/lfscada/equipment/multi/callback',
  history: '/lfscada/monitor/multi/history/query',
  alarms: '/lfscada/monitor/multi/alarm/query',
  confirm: '/lfscada/monitor/multi/alarm/confirm',
};

const signal = (patch: Partial<SignalEntry> & Pick<SignalEntry, 'id' | 'signalTitle'>): SignalEntry => ({
  equipId: EQUIPMENT_ID,
  equipTitle: '1# Pump station',
  area: 'input_register',
  dataType: 'float32',
  unit: '',
  decimals: 0,
  writable: false,
  min: null,
  max: null,
  valueMap: [],
  ...patch,
});

export const SIGNALS: SignalEntry[] = [
  signal({ id: 1, signalTitle: 'Inlet pressure', unit: 'bar', decimals: 2 }),
  signal({ id: 3, signalTitle: 'Tank level', dataType: 'uint16', unit: '%', decimals: 1 }),
  signal({ id: 10, signalTitle: 'Pump start', area: 'coil', dataType: 'bool', writable: true }),
  signal({ id: 11, signalTitle: 'Speed setpoint', area: 'holding_register', dataType: 'uint16', unit: 'rpm', writable: true, min: 0, max: 2900 }),
];

export const GATEWAY: Gateway = {
  id: 1,
  sn: 'EG-DEMO-01',
  name: 'Demo gateway',
  model: 'EG-200',
  firmware: '1.0.0',
  online: true,
  presence: 'online',
  vpn: false,
  signalStrength: 78,
  interval: 1000,
  sampleInterval: 60_000,
  economizeOpen: false,
  lastSeenMs: Date.UTC(2026, 10, 23, 3, 0, 0),
  configVersion: 3,
  appliedVersion: 3,
  configError: null,
  futureReadings: 0,
  clockAheadMs: null,
  expireDate: null,
  gmtCreate: NOW - 86_400_000,
  link: 'gateway',
};

export const ALARM: AlarmRecord = alarmAnswer({ equipId: EQUIPMENT_ID });

export const ALL_AUTHS = ['manage', 'monitor_write_data', 'monitor_multi_designer_alarm', 'monitor_equipinfo_menu_alarm'];

export interface Harness {
  server: FakeServer;
  sockets: FakeSocket[];
}

/** Installs the fake server with a monitored, online equipment and replaces WebSocket with a fake. */
export function installDetailServer(auths: string[] = ALL_AUTHS): Harness {
  const server = installFakeServer({ loggedIn: true });
  server.on('/lfscada/user/info', ok({ ...TEST_USER, auths }));
  server.on(P.gateway, ok(GATEWAY));
  server.on(P.open, ok(null));
  server.on(P.token, ok('tok-1'));
  server.on(P.signals, ok(SIGNALS));
  // Times relative to when the screen asks, so "fresh" does not depend on how long the screen took to load.
  server.on(P.data, () =>
    ok({
      signalVal: {
        '1': { value: 1.23456, time: Date.now() - 200, quality: 'good' },
        '3': { value: 55.5, time: Date.now() - 600_000, quality: 'good' },
        '11': { value: 1500, time: Date.now() - 200, quality: 'bad' },
      },
      gatewayAlarm: 0,
      signalAlarm: {},
    }),
  );
  server.on(
    P.detail,
    ok({
      equipment: {
        id: EQUIPMENT_ID,
        equipName: '1# Pump station',
        display: 'list',
        ruleType: '00',
        model: 'PS-3',
        manufacturer: 'Ironsight',
        address: 'Demo site',
        latitude: 31.2304,
        longitude: 121.4737,
        remark: '',
        gatewaySn: 'EG-DEMO-01',
        gatewayName: GATEWAY.name,
        online: true,
        presence: 'online',
        driver: { kind: 'modbus_tcp', host: '127.0.0.1', port: 502 },
        image: '',
        groupId: null,
        groupName: null,
        expireDate: null,
        gmtCreate: Date.UTC(2026, 10, 1, 0, 0, 0),
        gmtModified: Date.UTC(2026, 10, 2, 0, 0, 0),
        protocol: 'eg',
        gmSourceId: null,
        gmSourceName: null,
      },
      gateway: GATEWAY,
      signalCount: 4,
    } satisfies EquipmentDetail),
  );
  server.on(P.alarms, ok({ total: 1, list: [ALARM] }));
  const sockets = stubWebSockets();
  return { server, sockets };
}

/** The EG signal socket, once the screen has opened it. */
export async function egSocket(sockets: FakeSocket[]): Promise<FakeSocket> {
  return waitFor(() => {
    const socket = sockets.find((s) => s.url.includes('/lfscada/ws/eg/signal/subscribe/tok-1'));
    expect(socket).toBeTruthy();
    return socket as FakeSocket;
  });
}

/** Opens the detail screen at `suffix` and waits for it. */
export async function openDetail(suffix = '') {
  const app = renderApp(`/monitor/eg/detail/list/${EQUIPMENT_ID}${suffix}`);
  await screen.findByTestId('eg-detail', undefined, { timeout: 15_000 });
  return app;
}

export function body(request: { body: string } | undefined) {
  return Object.fromEntries(new URLSearchParams(request?.body ?? ''));
}

export async function click(element: Element) {
  await act(async () => {
    fireEvent.click(element);
  });
}

export function fill(id: string, value: string) {
  fireEvent.change(document.getElementById(id) as HTMLInputElement, { target: { value } });
}

export async function openTab(name: string | RegExp) {
  await click(screen.getByRole('tab', { name }));
}

/** Picks `label` in the antd Select whose input has `id`. */
export async function pick(id: string, label: string) {
  const input = await waitFor(() => {
    const found = document.getElementById(id);
    expect(found).not.toBeNull();
    return found as HTMLElement;
  });
  const selector = input.closest('.ant-select')?.querySelector('.ant-select-selector') as HTMLElement;
  await act(async () => {
    fireEvent.mouseDown(selector);
    // Typing narrows the (virtual) option list, so options past its first screen can be found too.
    fireEvent.change(input, { target: { value: label } });
  });
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (o) => o.getAttribute('title') === label,
    );
    expect(found).toBeTruthy();
    return found as HTMLElement;
  });
  await click(option);
}

/** A row of the realtime table by signal id. */
export function realtimeRow(id: number): HTMLElement {
  const row = document.querySelector(`[data-testid="realtime-table"] tr[data-row-key="${id}"]`);
  expect(row).toBeTruthy();
  return row as HTMLElement;
}
