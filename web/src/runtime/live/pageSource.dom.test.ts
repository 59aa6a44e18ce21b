/**
 * The console page source's calls (docs/project-monitor.md): a project's page is loaded and unlocked through the
 * project monitor's `page/info` and `page/validPassword`, and writes through its project (`signal/writeVal`, then
 * the project callback, waiting at most 60 s: spec section 4); an equipment's page, and a page the address names
 * alone, keep the configuration calls, the EG write and its callback.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { ApiError } from '@/lib/api/errors';
import { PROJECT_WRITE_WAIT_MS } from '@/entities/live/liveConstants';
import { consolePageSource } from './pageSource';

const WRITE_VAL = '/lfscada/monitor/project/signal/writeVal';
const PROJECT_CALLBACK = '/lfscada/monitor/project/signal/callback';
const EG_WRITE = '/lfscada/monitor/multi/signal/write';
const EG_CALLBACK = '/lfscada/equipment/multi/callback';
const PROJECT_PAGE_INFO = '/lfscada/monitor/project/page/info';
const PROJECT_PAGE_PASSWORD = '/lfscada/monitor/project/page/validPassword';
const PAGE_INFO = '/lfscada/configuration/page/info';
const PAGE_PASSWORD = '/lfscada/configuration/page/validPassword';

const projectPage = { id: 22, owner: { kind: 'project' as const, id: 4 }, draft: false };
const equipmentPage = { id: 5, owner: { kind: 'equipment' as const, id: 7 }, draft: false };

let server: FakeServer;
let status: string;

beforeEach(() => {
  vi.useFakeTimers();
  server = installFakeServer({ loggedIn: true });
  status = 'success';
  for (const path of [WRITE_VAL, EG_WRITE]) server.on(path, ok({ online: true, uuid: 'u-1' }));
  for (const path of [PROJECT_CALLBACK, EG_CALLBACK]) server.on(path, () => ok({ status, code: '200', message: '', data: null }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the console source loads a page and gives its password', () => {
  const bodies = (path: string) => server.calls(path).map((r) => r.body);
  beforeEach(() => {
    for (const path of [PROJECT_PAGE_INFO, PAGE_INFO]) server.on(path, ok({ id: 22, document: {} }));
    for (const path of [PROJECT_PAGE_PASSWORD, PAGE_PASSWORD]) server.on(path, ok(null));
  });

  it("through the project monitor's calls for a project's page", async () => {
    await consolePageSource.fetchPageInfo(22, projectPage.owner);
    await consolePageSource.givePagePassword?.(22, 'Secret1', projectPage.owner);
    expect(bodies(PROJECT_PAGE_INFO)).toEqual(['id=22']);
    expect(bodies(PROJECT_PAGE_PASSWORD)).toEqual(['id=22&password=Secret1']);
    expect([...server.calls(PAGE_INFO), ...server.calls(PAGE_PASSWORD)]).toEqual([]);
  });

  it("through the configuration calls for an equipment's page and for a page the address names alone", async () => {
    await consolePageSource.fetchPageInfo(5, equipmentPage.owner);
    await consolePageSource.fetchPageInfo(22, undefined);
    await consolePageSource.givePagePassword?.(5, 'Secret1', equipmentPage.owner);
    await consolePageSource.givePagePassword?.(22, 'Secret1', undefined);
    expect(bodies(PAGE_INFO)).toEqual(['id=5', 'id=22']);
    expect(bodies(PAGE_PASSWORD)).toEqual(['id=5&password=Secret1', 'id=22&password=Secret1']);
    expect([...server.calls(PROJECT_PAGE_INFO), ...server.calls(PROJECT_PAGE_PASSWORD)]).toEqual([]);
  });
});

describe('the console source writes', () => {
  it("a project page's value through the project, polling the project callback", async () => {
    const written = consolePageSource.write(50, 3.5, projectPage);
    await vi.advanceTimersByTimeAsync(1_000);
    await written;
    expect(server.calls(WRITE_VAL).map((r) => r.body)).toEqual(['projectId=4&signalId=50&value=3.5']);
    expect(server.calls(PROJECT_CALLBACK).map((r) => r.body)).toEqual(['uuid=u-1']);
    expect([...server.calls(EG_WRITE), ...server.calls(EG_CALLBACK)]).toEqual([]);
  });

  it("an equipment page's value through the EG write", async () => {
    const written = consolePageSource.write(1, 2, equipmentPage);
    await vi.advanceTimersByTimeAsync(1_000);
    await written;
    expect(server.calls(EG_WRITE).map((r) => r.body)).toEqual(['signalId=1&value=2']);
    expect(server.calls(WRITE_VAL)).toEqual([]);
  });

  it('gives a project write up after 60 s without an outcome (1301)', async () => {
    status = 'pending';
    const written = consolePageSource.write(50, 1, projectPage);
    const outcome = written.then(
      () => 'resolved',
      (error: unknown) => (error instanceof ApiError ? error.code : 'other'),
    );
    await vi.advanceTimersByTimeAsync(PROJECT_WRITE_WAIT_MS - 1);
    const polls = server.calls(PROJECT_CALLBACK).length;
    expect(polls).toBeGreaterThan(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('1301');
  });
});
