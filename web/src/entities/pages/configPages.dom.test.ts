import { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { configPageKeys, fetchPages, ownerOfPage, sameOwner, savePage, usePageChanges, type PageOwner } from './configPages';
import { designerPath, ownerPagesPath } from '@/lib/paths';

const EQUIPMENT: PageOwner = { kind: 'equipment', id: 5 };
const PROJECT: PageOwner = { kind: 'project', id: 5 };

const body = (server: FakeServer, path: string) => Object.fromEntries(new URLSearchParams(server.calls(path).at(-1)?.body ?? ''));

let server: FakeServer;
beforeEach(() => {
  server = installFakeServer({ loggedIn: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a page belongs to exactly one owner: an equipment or a project', () => {
  it('keys an equipment and a project of the same id apart', () => {
    expect(configPageKeys.list(EQUIPMENT)).toEqual(['configPages', 'list', 'equipment', 5]);
    expect(configPageKeys.list(PROJECT)).toEqual(['configPages', 'list', 'project', 5]);
    expect(configPageKeys.list(EQUIPMENT)).not.toEqual(configPageKeys.list(PROJECT));
  });

  it('reads the owner from the page answer', () => {
    expect(ownerOfPage({ equipmentId: 3, projectId: null })).toEqual({ kind: 'equipment', id: 3 });
    expect(ownerOfPage({ equipmentId: null, projectId: 4 })).toEqual({ kind: 'project', id: 4 });
    expect(ownerOfPage({ equipmentId: null, projectId: null })).toBeNull();
    expect(sameOwner({ kind: 'project', id: 4 }, { kind: 'project', id: 4 })).toBe(true);
    expect(sameOwner({ kind: 'project', id: 4 }, { kind: 'equipment', id: 4 })).toBe(false);
    expect(sameOwner(null, { kind: 'equipment', id: 4 })).toBe(false);
  });

  it("lists and adds by the owner's own call; every other change goes by page id", async () => {
    server.on('/lfscada/configuration/page/query', ok([]));
    server.on('/lfscada/project/page/query', ok([]));
    await fetchPages(EQUIPMENT);
    await fetchPages(PROJECT);
    expect(body(server, '/lfscada/configuration/page/query')).toEqual({ equipmentId: '5' });
    expect(body(server, '/lfscada/project/page/query')).toEqual({ projectId: '5' });

    server.on('/lfscada/project/page/add', ok({ id: 9 }));
    server.on('/lfscada/configuration/page/add', ok({ id: 8 }));
    await savePage(PROJECT, { kind: 'add', title: ' Overview ', width: 1280, height: null });
    await savePage(EQUIPMENT, { kind: 'add', title: 'Pump' });
    expect(body(server, '/lfscada/project/page/add')).toEqual({ projectId: '5', title: 'Overview', width: '1280' });
    expect(body(server, '/lfscada/configuration/page/add')).toEqual({ equipmentId: '5', title: 'Pump' });

    for (const path of ['edit', 'copy', 'setHome']) server.on(`/lfscada/configuration/page/${path}`, ok(null));
    await savePage(PROJECT, { kind: 'rename', id: 9, title: 'Hall' });
    await savePage(PROJECT, { kind: 'copy', id: 9, title: 'Hall (copy)' });
    await savePage(PROJECT, { kind: 'home', id: 9 });
    expect(body(server, '/lfscada/configuration/page/edit')).toEqual({ id: '9', title: 'Hall' });
    expect(body(server, '/lfscada/configuration/page/copy')).toEqual({ id: '9', title: 'Hall (copy)' });
    expect(body(server, '/lfscada/configuration/page/setHome')).toEqual({ id: '9' });
  });

  it("refreshes only the changed owner's list, and the equipment cards only for an equipment's home page", async () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
    server.on('/lfscada/configuration/page/setHome', ok(null));
    server.on('/lfscada/configuration/page/delete', ok(null));

    const project = renderHook(() => usePageChanges(PROJECT), { wrapper });
    await act(() => project.result.current.save.mutateAsync({ kind: 'home', id: 9 }));
    await act(() => project.result.current.remove.mutateAsync(9));
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(2));
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([configPageKeys.list(PROJECT), configPageKeys.list(PROJECT)]);

    invalidate.mockClear();
    const equipment = renderHook(() => usePageChanges(EQUIPMENT), { wrapper });
    await act(() => equipment.result.current.save.mutateAsync({ kind: 'home', id: 3 }));
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([configPageKeys.list(EQUIPMENT), ['monitorList']]);
  });

  it("opens the owner's designer and goes back to the owner's page list", () => {
    expect(designerPath(EQUIPMENT, 7)).toBe('/manage/eg/5/designer/7');
    expect(designerPath(PROJECT, 7)).toBe('/manage/project/5/designer/7');
    expect(ownerPagesPath(EQUIPMENT)).toBe('/manage/eg/equipment/edit/5/page');
    expect(ownerPagesPath(PROJECT)).toBe('/manage/eg/project/list?pages=5');
  });
});
