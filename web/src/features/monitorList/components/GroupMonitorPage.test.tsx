import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { fail, installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import type { GroupWithEquipment } from '../model';
import { card } from '../testCards';

const ALL_BY_GROUP = '/lfscada/monitor/group/equipment/queryAllByGroup';
const QUERY_ALL = '/lfscada/monitor/equipment/queryAll';

/** Group 5 holds 12 cards (two pages), group 6 none; one equipment is ungrouped. */
const HALL_A = Array.from({ length: 12 }, (_, i) => card({ id: 100 + i, equipName: `Pump ${i + 1}`, groupId: 5, groupName: 'Hall A' }));
const LOOSE = card({ id: 1, equipName: 'Loose pump' });
const SECTIONS: GroupWithEquipment[] = [
  { id: 5, name: 'Hall A', equipment: HALL_A.map(({ id, equipName }) => ({ id, equipName })) },
  { id: 6, name: 'Hall B', equipment: [] },
  { id: 0, name: '', equipment: [{ id: 1, equipName: 'Loose pump' }] },
];

let server: FakeServer;

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installFakeServer({ loggedIn: true });
  server.on(ALL_BY_GROUP, ok(SECTIONS));
  server.on('/lfscada/monitor/group/query', ok([]));
  server.on(QUERY_ALL, (request) => {
    const groupId = new URLSearchParams(request.body).get('groupId');
    if (groupId === '5') return ok(HALL_A);
    if (groupId === '0') return ok([LOOSE]);
    if (groupId === '6') return ok([]);
    return fail('1215', '分组不存在');
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function click(element: Element) {
  await act(async () => {
    fireEvent.click(element);
  });
}

const bodyOf = (request: { body: string } | undefined) => Object.fromEntries(new URLSearchParams(request?.body ?? ''));

describe('group monitor', { timeout: 60_000 }, () => {
  it('shows the first group without one in the address, and the groups as a tree', async () => {
    renderApp('/monitor/eg/group');
    const title = await screen.findByTestId('fleet-group-title', undefined, { timeout: 15_000 });
    await waitFor(() => expect(title.textContent).toBe('Hall A'));
    expect(await screen.findByTestId('fleet-card-100')).toBeTruthy();
    expect(screen.getAllByTestId(/^fleet-card-\d+$/)).toHaveLength(10);
    expect(bodyOf(server.calls(QUERY_ALL)[0])).toEqual({ kind: 'eg', groupId: '5' });
    expect(bodyOf(server.calls(ALL_BY_GROUP)[0])).toEqual({ kind: 'eg' });
    const tree = screen.getByTestId('fleet-group-tree');
    expect(within(tree).getByTestId('fleet-tree-group-0').textContent).toContain('未分组');
    expect(within(tree).getByTestId('fleet-tree-group-6').textContent).toContain('Hall B');
  });

  it('selects a group from the tree and says when it is empty', async () => {
    const { router } = renderApp('/monitor/eg/group/list/5');
    await screen.findByTestId('fleet-card-100', undefined, { timeout: 15_000 });
    await click(screen.getByTestId('fleet-tree-group-6'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/monitor/eg/group/list/6'));
    expect(await screen.findByText('该分组下没有设备')).toBeTruthy();
    await click(screen.getByTestId('fleet-tree-group-0'));
    expect(await screen.findByTestId('fleet-card-1')).toBeTruthy();
  });

  it('highlights the equipment in the address on the page that holds it', async () => {
    renderApp('/monitor/eg/group/list/5/111');
    const highlighted = await screen.findByTestId('fleet-card-111', undefined, { timeout: 15_000 });
    expect(highlighted.dataset.highlighted).toBe('true');
    expect(screen.queryByTestId('fleet-card-100')).toBeNull();
    expect(screen.getByTestId('fleet-card-110').dataset.highlighted).toBeUndefined();
  });

  it('asks for an equipment on the configuration path of a group, and shows the group meanwhile', async () => {
    renderApp('/monitor/eg/group/configuration/5');
    const hint = await screen.findByTestId('fleet-configuration-hint', undefined, { timeout: 15_000 });
    expect(hint.textContent).toContain('选择设备');
    expect(await screen.findByTestId('fleet-card-100')).toBeTruthy();
  });

  it('shows the chosen equipment’s configuration pages in place of the cards, and says when it has none', async () => {
    server.on('/lfscada/configuration/page/query', ok([]));
    renderApp('/monitor/eg/group/configuration/5/103');
    const empty = await screen.findByTestId('pages-empty', undefined, { timeout: 15_000 });
    expect(empty.textContent).toContain('该设备还没有组态页面');
    expect(bodyOf(server.calls('/lfscada/configuration/page/query')[0])).toEqual({ equipmentId: '103' });
    expect(screen.queryByTestId('fleet-card-103')).toBeNull();
    expect(screen.queryByTestId('fleet-configuration-hint')).toBeNull();
  });

  it('shows the server’s answer for a group that does not exist', async () => {
    renderApp('/monitor/eg/group/list/99');
    const alert = await screen.findByTestId('fleet-error', undefined, { timeout: 15_000 });
    expect(alert.textContent).toContain('分组不存在');
  });
});

describe('group monitor of GM equipment (/monitor/gm/group)', { timeout: 60_000 }, () => {
  it('asks for the GM kind, stays under /monitor/gm/group and opens a card by its protocol', async () => {
    server.on(QUERY_ALL, ok([card({ id: 100, equipName: 'Analyser', groupId: 5, protocol: 'sparkplug', gmSourceId: 4 })]));
    const { router } = renderApp('/monitor/gm/group');
    await screen.findByTestId('fleet-card-100', undefined, { timeout: 15_000 });
    expect(screen.getByRole('heading', { level: 4 }).textContent).toBe('MQTT 设备分组');
    expect(bodyOf(server.calls(ALL_BY_GROUP)[0])).toEqual({ kind: 'gm' });
    expect(bodyOf(server.calls(QUERY_ALL)[0])).toEqual({ kind: 'gm', groupId: '5' });
    expect(within(screen.getByTestId('fleet-card-100')).getByTestId('fleet-card-name').getAttribute('href')).toBe('/monitor/gm/vuedetail/100/real');
    await click(screen.getByTestId('fleet-tree-group-6'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/monitor/gm/group/list/6'));
    await click(screen.getByTestId('fleet-tree-group-0'));
    await click(await screen.findByTestId('fleet-tree-equipment-1'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/monitor/gm/group/list/0/1'));
  });
});

