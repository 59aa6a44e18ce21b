import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { fail, ok, type FakeServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { body, click } from '../detail/components/testSupport';
import { EQUIPMENT_ID, installGmServer } from './gmTestSupport';

const PAGE_QUERY = '/lfscada/configuration/page/query';
const PAGE_INFO = '/lfscada/configuration/page/info';

const summary = (id: number, title: string, home: boolean) => ({
  id, equipmentId: EQUIPMENT_ID, projectId: null, title, width: 800, height: 400, updated: 1, protected: false, home,
});
const page = (id: number, title: string, home: boolean) => ({
  ...summary(id, title, home),
  document: {
    widgets: [
      {
        id: `text-${id}`,
        widgetType: 'UsualDataText',
        position: { x: 20, y: 20, width: 300, height: 40 },
        data: { type: 'signal', equipId: EQUIPMENT_ID, signalId: 1, title: title },
      },
    ],
  },
});
const PAGES: Record<string, object> = { '11': page(11, 'Overview', false), '12': page(12, 'Dosing', true) };

let server: FakeServer;

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installGmServer(['monitor_write_data'], '01').server;
  server.on(PAGE_QUERY, ok([summary(11, 'Overview', false), summary(12, 'Dosing', true)]));
  server.on(PAGE_INFO, (request) => {
    const id = new URLSearchParams(request.body).get('id') ?? '';
    return PAGES[id] ? ok(PAGES[id]) : fail('1205', '页面不存在');
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const shownPage = () => waitFor(() => {
  const ids = server.calls(PAGE_INFO).map((r) => new URLSearchParams(r.body).get('id'));
  expect(ids.length).toBeGreaterThan(0);
  return ids.at(-1);
});

describe('GM equipment pages (gmDetail, /monitor/gm/detail/{id}/{ruleType}/{openType})', { timeout: 60_000 }, () => {
  it('shows the home page for openType 0, with a selector of its pages that changes the address', async () => {
    const { router } = renderApp(`/monitor/gm/detail/${EQUIPMENT_ID}/01/0`);
    const tabs = await screen.findByTestId('pages-tabs', undefined, { timeout: 15_000 });
    expect(body(server.calls(PAGE_QUERY)[0])).toEqual({ equipmentId: String(EQUIPMENT_ID) });
    expect(await shownPage()).toBe('12');
    expect(within(tabs).getByRole('tab', { selected: true }).textContent).toBe('Dosing');
    await waitFor(() => expect(screen.getByTestId('detail-title').textContent).toBe('Water-quality analyser'));
    expect(screen.getByTestId('gm-pages-signals').getAttribute('href')).toBe(`/monitor/gm/vuedetail/${EQUIPMENT_ID}/real`);
    await click(within(tabs).getByTestId('pages-tab-11'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/monitor/gm/detail/${EQUIPMENT_ID}/01/11`));
    expect(await shownPage()).toBe('11');
  });

  it('shows the page openType names, and the home page for a page that is not this equipment’s', async () => {
    const first = renderApp(`/monitor/gm/detail/${EQUIPMENT_ID}/01/11`);
    await screen.findByTestId('pages-tabs', undefined, { timeout: 15_000 });
    expect(await shownPage()).toBe('11');
    first.unmount();
    renderApp(`/monitor/gm/detail/${EQUIPMENT_ID}/01/99`);
    const tabs = await screen.findByTestId('pages-tabs', undefined, { timeout: 15_000 });
    expect(within(tabs).getByRole('tab', { selected: true }).textContent).toBe('Dosing');
    expect(server.calls(PAGE_INFO).some((r) => new URLSearchParams(r.body).get('id') === '99')).toBe(false);
  });

  it('shows a single page without a selector', async () => {
    server.on(PAGE_QUERY, ok([summary(12, 'Dosing', true)]));
    renderApp(`/monitor/gm/detail/${EQUIPMENT_ID}/01/0`);
    expect(await screen.findByTestId('pages-single', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByTestId('pages-tabs')).toBeNull();
    expect(await shownPage()).toBe('12');
  });

  it('says so when it has no pages, with the way to its signals', async () => {
    server.on(PAGE_QUERY, ok([]));
    renderApp(`/monitor/gm/detail/${EQUIPMENT_ID}/01/0`);
    const empty = await screen.findByTestId('pages-empty', undefined, { timeout: 15_000 });
    expect(empty.textContent).toContain('该设备还没有组态页面');
    expect(within(empty).getByTestId('gm-pages-empty-signals').getAttribute('href')).toBe(`/monitor/gm/vuedetail/${EQUIPMENT_ID}/real`);
    expect(server.calls(PAGE_INFO)).toHaveLength(0);
  });

  it('speaks English', async () => {
    await changeLanguage('en');
    server.on(PAGE_QUERY, ok([]));
    renderApp(`/monitor/gm/detail/${EQUIPMENT_ID}/01/0`);
    const empty = await screen.findByTestId('pages-empty', undefined, { timeout: 15_000 });
    expect(within(empty).getByTestId('gm-pages-empty-signals').textContent).toBe('Signals and history');
  });
});
