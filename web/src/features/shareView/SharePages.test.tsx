import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { testDocumentRaw, testSignals } from '@/runtime/testDocument';

const INFO = '/lfscada/share/info';
const VALUES = '/lfscada/share/values';
const PAGES = '/lfscada/share/pages';
const PAGE_INFO = '/lfscada/share/page/info';
const WRITE = '/lfscada/share/write';
const CALLBACK = '/lfscada/share/callback';

/** The sample page's catalogue as `share/info` answers it. */
const SIGNALS = [...testSignals.values()].map((s) => ({
  id: s.id,
  signalTitle: s.title,
  equipId: 7,
  equipTitle: 'Pump',
  area: 'holding_register',
  address: s.id,
  dataType: s.dataType,
  unit: s.unit,
  decimals: s.decimals,
  writable: s.writable,
  min: s.min,
  max: s.max,
  valueMap: [],
}));
const page = (id: number, title: string, home: boolean) => ({
  id,
  equipmentId: 7,
  projectId: null,
  title,
  width: 1024,
  height: 768,
  updated: 1,
  protected: false,
  home,
});

/**
 * The sample page with the widgets that ask the server beyond the values: a history table, an alarm table, a map
 * and a weather widget.
 */
const signalRef = (id: number) => ({ type: 'signal', equipId: 7, signalId: id, title: '', subTitle: '' });
const DOCUMENT = {
  ...testDocumentRaw,
  widgets: [
    ...testDocumentRaw.widgets,
    { id: 'history', widgetType: 'ComplexHistory', position: { x: 10, y: 10, width: 500, height: 300 }, data: { signalArray: [signalRef(2)] } },
    { id: 'alarms', widgetType: 'ComplexAlarm', position: { x: 10, y: 320, width: 900, height: 300 }, data: {} },
    { id: 'map', widgetType: 'ComplexMap', position: { x: 0, y: 0, width: 400, height: 300 }, data: {} },
    { id: 'wx', widgetType: 'ComplexWeather', position: { x: 10, y: 10, width: 320, height: 200 }, data: { dataAddon: { countyId: '110108' } } },
  ],
};

let server: FakeServer;

function visit(auth: 'view' | 'control') {
  server.on(INFO, ok({ equipId: 7, equipName: 'Pump', auth, signals: SIGNALS }));
  server.on(VALUES, ok({ signalVal: { '1': { value: 62.5, time: Date.now(), quality: 'good' } }, gatewayAlarm: 0, signalAlarm: {} }));
  server.on(PAGES, ok({ display: 'page', pages: [page(21, 'Overview', false), page(22, 'Station', true)] }));
  server.on(PAGE_INFO, (request) => ok({ ...page(Number(request.query.get('pageId')), 'Station', true), document: DOCUMENT }));
  server.on(WRITE, ok({ online: true, uuid: 'u1' }));
  server.on(CALLBACK, ok({ status: 'success', data: { value: 1 } }));
  server.on('/lfscada/share/history', ok({ startTime: 0, endTime: 1, series: [] }));
  server.on('/lfscada/share/alarms', ok({ total: 0, list: [] }));
}

/** Every API call the page made that is not a share call (the visitor has no console session). */
const consoleCalls = () =>
  server.requests.map((r) => r.path).filter((path) => path.startsWith('/lfscada/') && !path.startsWith('/lfscada/share/'));

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installFakeServer({ loggedIn: false });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the share view: configuration pages', () => {
  it('opens the home page first with the share values; under control a page button writes through the share calls', async () => {
    visit('control');
    renderApp('/share/7');
    await screen.findByTestId('share-pages', undefined, { timeout: 15_000 });
    await waitFor(() => expect(server.calls(PAGE_INFO)[0]?.query.get('pageId')).toBe('22'));
    expect(server.calls(PAGE_INFO)[0]?.query.get('equipId')).toBe('7');
    await screen.findByTestId('widget-start-pump', undefined, { timeout: 15_000 });
    // The table's history and alarms come from the share calls; no link into the console is offered.
    await waitFor(() => expect(server.calls('/lfscada/share/alarms').length).toBeGreaterThan(0));
    await waitFor(() => expect(server.calls('/lfscada/share/history')[0]?.query.get('signalIds')).toBe('2'));
    expect(server.calls('/lfscada/share/alarms')[0]?.query.get('equipId')).toBe('7');
    expect(screen.getByText('分享页面不显示天气')).toBeTruthy();
    expect(screen.queryByTestId('live-page-detail-link')).toBeNull();

    await act(async () => {
      fireEvent.click(screen.getByTestId('widget-start-pump'));
    });
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByTestId('runtime-write-confirm').textContent).toContain('确定启动 1# 泵吗？');
    expect(server.calls(WRITE)).toHaveLength(0);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /写\s*入/ }));
    });
    await waitFor(() => expect(server.calls(CALLBACK)).toHaveLength(1), { timeout: 5_000 });
    const sent = new URLSearchParams(server.calls(WRITE)[0]?.body);
    expect([sent.get('equipId'), sent.get('signalId'), sent.get('value')]).toEqual(['7', '3', '1']);
    const polled = new URLSearchParams(server.calls(CALLBACK)[0]?.body);
    expect([polled.get('equipId'), polled.get('uuid')]).toEqual(['7', 'u1']);
    expect(consoleCalls()).toEqual([]);

    // The switch goes to the realtime table, whose write action is there under control.
    await act(async () => {
      fireEvent.click(screen.getByTestId('share-show-table'));
    });
    // The table's write form writes through the share calls too.
    await act(async () => {
      fireEvent.click(await screen.findByTestId('rt-write-4'));
    });
    const input = document.getElementById('write-value') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '1200' } });
    await act(async () => {
      fireEvent.click(document.getElementById('write-submit') as HTMLElement);
    });
    await waitFor(() => expect(server.calls(WRITE)).toHaveLength(2), { timeout: 5_000 });
    const typed = new URLSearchParams(server.calls(WRITE)[1]?.body);
    expect([typed.get('equipId'), typed.get('signalId'), typed.get('value')]).toEqual(['7', '4', '1200']);
    await waitFor(() => expect(server.calls(CALLBACK)).toHaveLength(2), { timeout: 5_000 });
    expect(consoleCalls()).toEqual([]);
  }, 40_000);

  it('under view a page button writes nothing', async () => {
    visit('view');
    renderApp('/share/7');
    await screen.findByTestId('widget-start-pump', undefined, { timeout: 15_000 });
    await act(async () => {
      fireEvent.click(screen.getByTestId('widget-start-pump'));
    });
    // Refused as for a user without the write permission: said, no question asked, nothing sent.
    expect(await screen.findByText('您没有写入权限')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.calls(WRITE)).toHaveLength(0);
    expect(consoleCalls()).toEqual([]);
  }, 40_000);
});
