/** The designer's prefetch: the page and an equipment's catalogue, asked for once, kept fresh for the mount. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import { configPageKeys } from '@/entities/pages/configPages';
import { signalKeys } from '@/entities/signals/keys';
import { installFakeServer, ok } from '@/test/fakeServer';
import { ownerOfParams, prefetchDesigner } from './prefetch';

const DESIGN = '/lfscada/configuration/page/design';
const SIGNALS = '/lfscada/monitor/multi/signal/query';

afterEach(() => vi.unstubAllGlobals());

describe('the designer prefetch', () => {
  it('asks for an equipment page and its catalogue, which a mount right after finds fresh', async () => {
    const server = installFakeServer({ loggedIn: true });
    server.on(DESIGN, ok({ id: 4, title: 'p', document: '{}', updated: 1, equipmentId: 3, projectId: null, protected: false }));
    server.on(SIGNALS, ok([]));
    const client = createQueryClient();
    prefetchDesigner({ equipId: '3', pageId: '4' }, client);
    await vi.waitFor(() => expect(client.getQueryData(configPageKeys.design(4))).toBeTruthy());
    await vi.waitFor(() => expect(client.getQueryData(signalKeys.signals(3))).toEqual([]));
    expect(new URLSearchParams(server.calls(DESIGN)[0]!.body).get('id')).toBe('4');
    expect(new URLSearchParams(server.calls(SIGNALS)[0]!.body).get('equipmentId')).toBe('3');
    expect(client.getQueryState(configPageKeys.design(4))?.isInvalidated).toBe(false);
  });

  it('asks only for the page of a project page, and nothing for a bad address', async () => {
    const server = installFakeServer({ loggedIn: true });
    server.on(DESIGN, ok({ id: 4, title: 'p', document: '{}', updated: 1, equipmentId: null, projectId: 2, protected: false }));
    const client = createQueryClient();
    prefetchDesigner({ projectId: '2', pageId: '4' }, client);
    await vi.waitFor(() => expect(server.calls(DESIGN)).toHaveLength(1));
    expect(server.calls(SIGNALS)).toHaveLength(0);
    prefetchDesigner({ equipId: 'x', pageId: '4' }, client);
    prefetchDesigner({ equipId: '3', pageId: '0' }, client);
    expect(server.calls(DESIGN)).toHaveLength(1);
    expect(ownerOfParams({ projectId: '2', equipId: '3' })).toEqual({ kind: 'project', id: 2 });
  });
});
