import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { SYSTEM_KEYS } from '@/runtime/systemKeys';
import { STATISTIC_CALLS, useProjectStatistics } from './projectStatistics';

let server: FakeServer;
const EQUIP = '/lfscada/monitor/project/equip/queryCount';
const ALARM = '/lfscada/monitor/project/alarm/queryCount';
const forms = (path: string) => server.calls(path).map((c) => Object.fromEntries(new URLSearchParams(c.body)));

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return createElement(QueryClientProvider, { client }, children);
}

beforeEach(() => {
  server = installFakeServer({ loggedIn: true });
  server.on(EQUIP, (request) => {
    const form = new URLSearchParams(request.body);
    return ok(form.get('online') === 'true' ? 4 : form.get('online') === 'false' ? 1 : 5);
  });
  server.on(ALARM, fail('1211', '无权限查看报警记录'));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a project page's statistics", () => {
  it('has a call for every statistic the server lets a page bind', () => {
    expect(Object.keys(STATISTIC_CALLS).sort()).toEqual([...SYSTEM_KEYS].sort());
  });

  it('asks each statistic the page shows by its call and flags; a refused one has no value, not 0', async () => {
    const { result } = renderHook(() => useProjectStatistics(5, ['equipment_count', 'online_count', 'offline_count', 'alarm_count']), { wrapper });
    await waitFor(() => expect(Object.keys(result.current).sort()).toEqual(['system:equipment_count', 'system:offline_count', 'system:online_count']));
    expect(result.current['system:online_count']).toMatchObject({ value: 4, good: true, stale: false });
    expect(result.current['system:offline_count']?.value).toBe(1);
    expect(result.current['system:equipment_count']?.value).toBe(5);
    expect(forms(EQUIP)).toEqual(expect.arrayContaining([{ projectId: '5' }, { projectId: '5', online: 'true' }, { projectId: '5', online: 'false' }]));
    await waitFor(() => expect(forms(ALARM)).toEqual([{ projectId: '5' }]));
    expect(result.current['system:alarm_count']).toBeUndefined();
  });

  it('asks nothing for a page that is not a project page', async () => {
    const { result } = renderHook(() => useProjectStatistics(null, ['equipment_count']), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current).toEqual({});
    expect(server.calls(EQUIP)).toHaveLength(0);
  });
});
