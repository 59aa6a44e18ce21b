/**
 * A project's pages in the monitor (spec section 2, "Project monitor page"): the home page live with the project's
 * pages as tabs, each value from its own equipment through the project monitor (one token and socket for the page's
 * bound equipment, one gateway query, each gateway opened; docs/project-monitor.md), no EG session; only the
 * equipment the page binds is monitored; a page that is not the project's is never drawn; the full-window preview
 * with the designer's draft. The page itself and its password go through the project monitor's `page/info` and
 * `page/validPassword`: the fake refuses a project page asked by the equipment's calls.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket, stubWebSockets } from '@/entities/live/fakeSocket';
import { writePageDraft } from '@/entities/pages/pageDraft';
import type { SignalEntry } from '@/generated/answers';
import { TEST_USER, fail, installFakeServer, ok, type FakeServer, type RecordedRequest } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';

const P = {
  project: '/lfscada/project/info',
  pages: '/lfscada/project/page/query',
  page: '/lfscada/monitor/project/page/info',
  password: '/lfscada/monitor/project/page/validPassword',
  egPage: '/lfscada/configuration/page/info',
  egPassword: '/lfscada/configuration/page/validPassword',
  gateway: '/lfscada/monitor/multi/gateway/info',
  open: '/lfscada/monitor/multi/open',
  token: '/lfscada/websocket/monitor/token',
  signals: '/lfscada/monitor/multi/signal/query',
  data: '/lfscada/monitor/multi/signal/data',
  projectGateways: '/lfscada/monitor/project/gateway/query',
  projectOpen: '/lfscada/monitor/project/gateway/open',
  projectToken: '/lfscada/websocket/monitor/project/token',
  projectValues: '/lfscada/monitor/project/signal/query',
};

const PROJECT = {
  id: 4,
  name: '东区泵站',
  remark: '',
  equipment: [
    { id: 7, equipName: '1# Pump station' },
    { id: 8, equipName: '2# Pump station' },
    { id: 9, equipName: '3# Spare pump' },
  ],
};

const signal = (id: number, equipId: number, signalTitle: string, unit = 'bar'): SignalEntry => ({
  valueMap: [],
  id,
  equipId,
  equipTitle: PROJECT.equipment.find((e) => e.id === equipId)?.equipName ?? '',
  signalTitle,
  area: 'input_register',
  dataType: 'float32',
  unit,
  decimals: 2,
  writable: false,
  min: null,
  max: null,
});
const CATALOGUES: Record<string, SignalEntry[]> = {
  '7': [signal(1, 7, 'Inlet pressure')],
  '8': [signal(50, 8, 'Outlet pressure')],
  '9': [signal(60, 9, 'Flow', 'm³/h')],
};

const dataText = (id: string, y: number, signalId: number, equipId: number) => ({
  id,
  widgetType: 'UsualDataText',
  position: { x: 20, y, width: 300, height: 40 },
  data: { type: 'signal', equipId, signalId, title: '' },
});

const summary = (id: number, title: string, home: boolean, projectId = PROJECT.id) => ({
  id, equipmentId: null, projectId, title, width: 800, height: 400, updated: 1, protected: false, home,
});
const HOME = {
  ...summary(22, '泵房', true),
  document: {
    con: { width: 800, height: 400 },
    widgets: [
      dataText('inlet', 20, 1, 7),
      dataText('outlet', 80, 50, 8),
      // An equipment that is not the project's: cleared, never monitored.
      dataText('stranger', 140, 70, 12),
      {
        id: 'to-overview', widgetType: 'UsualButton', position: { x: 20, y: 200, width: 160, height: 40 },
        data: { text: '总览' }, clickEvent: { enable: true, config: { action: 'page', pageId: 21 } },
      },
    ],
  },
};
const OVERVIEW = { ...summary(21, '总览', false), document: { widgets: [dataText('flow', 20, 60, 9)] } };
/** A page of another project, whose id a hand-made address could name. */
const OTHERS = { ...summary(30, '别人的页面', false, 5), document: { widgets: [dataText('inlet', 20, 1, 7)] } };
/** A page of intermediate variables: a sum over two equipment's signals, a formula over two others. */
const mvarText = (id: string, y: number, mvarId: number) => ({
  id, widgetType: 'UsualDataText', position: { x: 20, y, width: 300, height: 40 }, data: { type: 'mvar', mvarId, title: '' },
});
const VARIABLES = {
  ...summary(23, '变量', false),
  document: { widgets: [mvarText('total', 20, 3), mvarText('derived', 80, 4), mvarText('ratio', 200, 5), mvarText('gone', 140, 99)] },
};
const MVARS = [
  { id: 3, projectId: 4, name: '合计', calc: 'sum', formula: '', signalIds: [1, 60], unit: 'm³/h', decimals: 1, updated: 1 },
  { id: 4, projectId: 4, name: '压差', calc: 'custom', formula: '${7.1} * 2 - ${8.50}', signalIds: [1, 50], unit: 'bar', decimals: 2, updated: 1 },
  // Divides by zero while signal 50 reads 1.
  { id: 5, projectId: 4, name: '比值', calc: 'custom', formula: '${7.1} / (${8.50} - 1)', signalIds: [1, 50], unit: '', decimals: 1, updated: 1 },
];
const PAGES: Record<string, object> = { '21': OVERVIEW, '22': HOME, '23': VARIABLES, '30': OTHERS };

let server: FakeServer;
let sockets: FakeSocket[];

const equipmentOf = (request: RecordedRequest) => new URLSearchParams(request.body).get('equipmentId') ?? '';
const idOf = (request: RecordedRequest) => new URLSearchParams(request.body).get('id') ?? '';
const asked = (path: string) => server.calls(path).map(equipmentOf).sort();
const field = (request: RecordedRequest, name: string) => new URLSearchParams(request.body).get(name) ?? '';
/** The equipment a project call names (`dataEquip`, comma-joined), in order. */
const dataEquip = (request: RecordedRequest) => field(request, 'dataEquip');

beforeEach(() => {
  localStorage.clear();
  server = installFakeServer({ loggedIn: true });
  server.on('/lfscada/user/info', ok({ ...TEST_USER, auths: ['manage', 'monitor_write_data'] }));
  server.on(P.project, ok(PROJECT));
  server.on(P.pages, ok([summary(21, '总览', false), summary(22, '泵房', true)]));
  server.on(P.page, (request) => PAGES[idOf(request)] ? ok(PAGES[idOf(request)]) : fail('1205', '页面不存在'));
  // A project's page asked through the equipment's calls: refused, so a screen that asks that way shows an error,
  // not the page (the one test that opens a page by the EG route answers it there itself).
  for (const path of [P.egPage, P.egPassword]) server.on(path, fail('403', 'a project page asked through the equipment call'));
  server.on(P.signals, (request) => ok(CATALOGUES[equipmentOf(request)] ?? []));
  server.on(P.gateway, (request) =>
    ok({ sn: `EG-${equipmentOf(request)}`, online: true, vpn: false, interval: 1000, economizeOpen: false }),
  );
  server.on(P.open, ok(null));
  server.on(P.token, (request) => ok(`tok-${equipmentOf(request)}`));
  server.on(P.projectGateways, (request) =>
    ok(dataEquip(request).split(',').map((id) => ({ equipmentId: Number(id), sn: `EG-${id}`, interval: 1000, online: true, vpn: false }))),
  );
  server.on(P.projectOpen, ok(null));
  server.on(P.projectToken, (request) => ok(`tok-page-${field(request, 'pageId')}`));
  // Stored values of the last minute: equipment 7 has its inlet pressure, 8 nothing yet.
  server.on(P.projectValues, (request) =>
    ok({
      signalVal: field(request, 'dataSignal').split(',').includes('1')
        ? { '1': { value: 1.5, time: Date.now() - 200, quality: 'good' } }
        : {},
    }),
  );
  server.on(P.data, (request) =>
    ok({
      signalVal: equipmentOf(request) === '7' ? { '1': { value: 1.5, time: Date.now() - 200, quality: 'good' } } : {},
      gatewayAlarm: 0,
      signalAlarm: {},
    }),
  );
  sockets = stubWebSockets();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const valueOf = (id: string) => screen.getByTestId(`value-${id}`).textContent;
/** Why a variable reads 0 (its widget's `data-zero`) and its tooltip. */
const zeroOf = (id: string) => {
  const box = screen.getByTestId(`value-${id}`).closest('[data-quality]');
  return { zero: box?.getAttribute('data-zero') ?? null, title: box?.querySelector('title')?.textContent ?? '' };
};

/** The project socket of page `pageId` (its token names the page). */
async function pageSocket(pageId: number): Promise<FakeSocket> {
  return waitFor(() => {
    const socket = sockets.find((s) => s.url.endsWith(`/lfscada/ws/project/signal/subscribe/tok-page-${pageId}`));
    expect(socket).toBeTruthy();
    return socket as FakeSocket;
  });
}

describe('the project monitor', () => {
  it("shows the project's home page live, each value from its own equipment, monitoring only the bound equipment", async () => {
    renderApp('/monitor/project/4');
    expect((await screen.findByTestId('project-monitor-name', undefined, { timeout: 15_000 })).textContent).toBe('东区泵站');
    await waitFor(() => expect(valueOf('inlet')).toBe('1.50 bar'));
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('泵房');
    expect(screen.getByRole('tab', { name: '总览' })).toBeTruthy();

    const socket = await pageSocket(22);
    act(() => {
      socket.open();
      socket.push({ equipmentId: 8, signalVal: { '50': { value: 3.25, time: Date.now(), quality: 'good' } }, gatewayAlarm: 2, signalAlarm: {} });
    });
    await waitFor(() => expect(valueOf('outlet')).toBe('3.25 bar'));
    // The binding to an equipment outside the project is cleared, not drawn.
    expect(valueOf('stranger')).not.toMatch(/\d/);
    // One project session for the bound equipment; the project's other equipment is catalogued (for repair) but not
    // monitored, and no EG session runs.
    expect(asked(P.signals)).toEqual(['7', '8', '9']);
    expect(server.calls(P.projectToken).map((r) => [field(r, 'pageId'), dataEquip(r)])).toEqual([['22', '7,8']]);
    expect(server.calls(P.projectGateways).map(dataEquip)).toEqual(['7,8']);
    await waitFor(() => expect(server.calls(P.projectOpen)).toHaveLength(2));
    expect(server.calls(P.projectOpen).map((r) => [field(r, 'projectId'), field(r, 'equipmentId'), field(r, 'interval'), field(r, 'delay')])).toEqual([
      ['4', '7', '1000', '3600'],
      ['4', '8', '1000', '3600'],
    ]);
    expect([...server.calls(P.gateway), ...server.calls(P.token), ...server.calls(P.open), ...server.calls(P.data)]).toEqual([]);
    expect(screen.getByTestId('live-page-alarm-count').textContent).toContain('2');
    await waitFor(() => expect(screen.getByTestId('monitor-status').getAttribute('data-status')).toBe('on'));
    expect(screen.getByTestId('live-page-equipment').textContent).toBe('设备：2 台');
    expect(screen.getByTestId('project-monitor-full-window').getAttribute('href')).toBe('/monitor/project/4/preview/22');
  });

  it('puts a tab and an "open page" click event in the address, and shows that page', async () => {
    const { router } = renderApp('/monitor/project/4');
    await waitFor(() => expect(valueOf('inlet')).toBe('1.50 bar'), { timeout: 15_000 });
    await act(async () => {
      fireEvent.click(screen.getByTestId('widget-to-overview'));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/monitor/project/4/page/21'));
    await screen.findByTestId('value-flow');
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('总览');
    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: '泵房' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/monitor/project/4/page/22'));
  });

  it("computes the page's intermediate variables from good readings, monitoring the equipment they read", { timeout: 30_000 }, async () => {
    server.on('/lfscada/project/mvar/queryAll', ok(MVARS));
    server.on(P.pages, ok([summary(22, '泵房', true), summary(23, '变量', false)]));
    renderApp('/monitor/project/4/page/23');
    // The sum counts the one good reading there is; the formula waits for both of its signals, reading 0 meanwhile
    // (spec section 5) with a tooltip that says it has no input.
    await waitFor(() => expect(valueOf('total')).toBe('1.5 m³/h'), { timeout: 12_000 });
    expect(valueOf('derived')).toBe('0.00 bar');
    expect(zeroOf('derived').zero).toBe('noInput');
    expect(zeroOf('derived').title).toContain('0：尚无可用于计算的读数');
    expect(zeroOf('total').zero).toBeNull();
    // A variable deleted since the page was drawn is not a variable: no value.
    expect(valueOf('gone')).not.toMatch(/\d/);
    const asked = new URLSearchParams(server.calls('/lfscada/project/mvar/queryAll')[0]?.body);
    expect([asked.get('projectId'), asked.get('ids')]).toEqual(['4', '3,4,5,99']);
    await waitFor(() => expect(server.calls(P.projectToken).map(dataEquip)).toEqual(['7,9,8']));

    const socket = await pageSocket(23);
    act(() => {
      socket.open();
      socket.push({ equipmentId: 9, signalVal: { '60': { value: 2, time: Date.now(), quality: 'good' } }, gatewayAlarm: 0, signalAlarm: {} });
      socket.push({ equipmentId: 8, signalVal: { '50': { value: 1, time: Date.now(), quality: 'good' } }, gatewayAlarm: 0, signalAlarm: {} });
    });
    await waitFor(() => expect(valueOf('total')).toBe('3.5 m³/h'));
    await waitFor(() => expect(valueOf('derived')).toBe('2.00 bar'));
    expect(zeroOf('derived').zero).toBeNull();
    // 1.5 / (1 - 1): not a finite result, 0 with its reason.
    expect(valueOf('ratio')).toBe('0.0');
    expect(zeroOf('ratio')).toMatchObject({ zero: 'notFinite' });
    expect(zeroOf('ratio').title).toContain('0：公式结果不是有限数');
    // A reading of bad quality is not counted: the formula has no input, the sum counts the others.
    act(() => {
      socket.push({ equipmentId: 8, signalVal: { '50': { value: 1, time: Date.now(), quality: 'bad' } }, gatewayAlarm: 0, signalAlarm: {} });
      socket.push({ equipmentId: 9, signalVal: { '60': { value: 2, time: Date.now(), quality: 'bad' } }, gatewayAlarm: 0, signalAlarm: {} });
    });
    await waitFor(() => expect(zeroOf('derived').zero).toBe('noInput'));
    expect(valueOf('derived')).toBe('0.00 bar');
    expect(valueOf('total')).toBe('1.5 m³/h');
  });

  it("loads each of the project's pages by the project's page/info, never the equipment's", async () => {
    const { router } = renderApp('/monitor/project/4');
    await waitFor(() => expect(valueOf('inlet')).toBe('1.50 bar'), { timeout: 15_000 });
    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: '总览' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/monitor/project/4/page/21'));
    await screen.findByTestId('value-flow');
    expect(server.calls(P.page).map(idOf)).toEqual(['22', '21']);
    expect(server.calls(P.egPage)).toEqual([]);
  });

  it("gives a protected project page's password to the project's page/validPassword, then shows the page", async () => {
    let unlocked = false;
    server.on(P.page, (request) =>
      idOf(request) === '22' && !unlocked ? fail('1240', '请输入页面密码') : ok(PAGES[idOf(request)]),
    );
    server.on(P.password, (request) => {
      if (field(request, 'password') !== 'Secret1') return fail('1241', '页面密码错误');
      unlocked = true;
      return ok(null);
    });
    renderApp('/monitor/project/4');
    const input = await screen.findByTestId('page-password-input', undefined, { timeout: 15_000 });
    fireEvent.change(input, { target: { value: 'secret1' } });
    fireEvent.click(screen.getByTestId('page-password-open'));
    expect(await screen.findByText('页面密码错误')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Secret1' } });
    fireEvent.click(screen.getByTestId('page-password-open'));
    await waitFor(() => expect(valueOf('inlet')).toBe('1.50 bar'), { timeout: 10_000 });
    expect(screen.queryByTestId('page-password')).toBeNull();
    expect(server.calls(P.password).map((r) => r.body)).toEqual(['id=22&password=secret1', 'id=22&password=Secret1']);
    expect([...server.calls(P.egPassword), ...server.calls(P.egPage)]).toEqual([]);
  });

  it("never draws a page that is not the project's", async () => {
    renderApp('/monitor/project/4/page/30');
    await screen.findByTestId('page-not-found', undefined, { timeout: 15_000 });
    expect(screen.queryByTestId('runtime-page')).toBeNull();
    expect(server.calls(P.page)).toHaveLength(0);
  });

  it('says so when the project is not the caller\'s (1253)', async () => {
    server.on(P.project, fail('1253', '项目不存在'));
    server.on(P.pages, fail('1253', '项目不存在'));
    renderApp('/monitor/project/4');
    expect((await screen.findByTestId('project-not-found', undefined, { timeout: 15_000 })).textContent).toContain('该项目不存在');
  });
});

describe('the full-window preview of a project page', () => {
  it("draws the designer's draft under its banner, live", async () => {
    const draft = { widgets: [dataText('draft-only', 20, 1, 7)] };
    writePageDraft(22, JSON.stringify(draft));
    renderApp('/monitor/project/4/preview/22?draft=1');
    await waitFor(() => expect(valueOf('draft-only')).toBe('1.50 bar'), { timeout: 15_000 });
    expect(screen.getByTestId('live-page-draft')).toBeTruthy();
    expect(screen.queryByTestId('value-inlet')).toBeNull();
    expect(within(screen.getByTestId('project-preview')).getByTestId('live-page-title').textContent).toBe('泵房');
  });

  it("answers not found for another project's page, asking nothing of its equipment, with the way back", async () => {
    const { router } = renderApp('/monitor/project/4/preview/30');
    const missing = await screen.findByTestId('page-not-found', undefined, { timeout: 15_000 });
    expect(screen.queryByTestId('runtime-page')).toBeNull();
    expect(server.calls(P.signals)).toHaveLength(0);
    expect(server.calls(P.projectGateways)).toHaveLength(0);
    expect(server.calls(P.projectToken)).toHaveLength(0);
    // A full window has no shell to leave by: back to the project, or home.
    expect(within(missing).getByTestId('way-back').textContent).toContain('返回项目');
    expect(within(missing).getByRole('link', { name: /返回首页/ })).toBeTruthy();
    fireEvent.click(within(missing).getByTestId('way-back'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/monitor/project/4'));
  });

  it('leaves a preview with an address that names no page the way home', async () => {
    const { router } = renderApp('/monitor/project/4/preview/x');
    const missing = await screen.findByTestId('page-not-found', undefined, { timeout: 15_000 });
    fireEvent.click(within(missing).getByRole('link', { name: /返回首页/ }));
    await waitFor(() => expect(router.state.location.pathname).not.toContain('/preview/'));
  });

  it("answers not found for an equipment's page under the project's address (the project's page/info refuses it)", async () => {
    server.on(P.page, fail('1205', '页面不存在'));
    renderApp('/monitor/project/4/preview/5');
    await screen.findByTestId('page-not-found', undefined, { timeout: 15_000 });
    expect(server.calls(P.page).map(idOf)).toEqual(['5']);
    expect(server.calls(P.egPage)).toEqual([]);
  });

  it("points a project's page opened by the equipment page route to the project's monitor", async () => {
    // The address names only the page: the equipment's page/info, which answers any page the caller sees, finds
    // whose it is.
    server.on(P.egPage, (request) => ok(PAGES[idOf(request)]));
    renderApp('/monitor/eg/detail/page/22/0');
    const notice = await screen.findByTestId('page-of-project', undefined, { timeout: 15_000 });
    expect(notice.querySelector('a')?.getAttribute('href')).toBe('/monitor/project/4/page/22');
  });
});
