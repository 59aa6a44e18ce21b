/**
 * A project's page reads its tables through the project monitor's own calls (docs/project-monitor.md): the alarm
 * table one server page of the whole project (not one call per equipment, merged), its export page after page of
 * the same call, the history table the project's history call, a confirmation the project's confirm.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AlarmRecord } from '@/generated/answers';
import { alarmAnswer } from '@/test/answers';
import { installFakeServer, ok, type FakeServer, type RecordedRequest } from '@/test/fakeServer';
import { consoleRecordCalls, projectRecordCalls } from './recordCalls';
import { allAlarms, fetchAlarmsOf } from './tableQueries';

const PROJECT_ALARMS = '/lfscada/monitor/project/alarm/query';
const EQUIPMENT_ALARMS = '/lfscada/monitor/multi/alarm/query';
const body = (request: RecordedRequest | undefined) => Object.fromEntries(new URLSearchParams(request?.body ?? ''));
const window = { startTime: 1_000, endTime: 2_000 };
const records: AlarmRecord[] = Array.from({ length: 230 }, (_, i) => ({
  ...alarmAnswer({ equipId: i % 2 === 0 ? 7 : 8, signalId: 1, ruleId: 1 }),
  id: 5000 - i,
}));

let server: FakeServer;

beforeEach(() => {
  server = installFakeServer({ loggedIn: true });
  server.on(PROJECT_ALARMS, (request: RecordedRequest) => {
    const { page, pageSize } = body(request);
    const start = (Number(page) - 1) * Number(pageSize);
    return ok({ total: records.length, list: records.slice(start, start + Number(pageSize)) });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a project page's tables", () => {
  const calls = projectRecordCalls(5);

  it('ask the alarm records of the whole project in one call a page, naming the project', async () => {
    const second = await fetchAlarmsOf([7, 8], { page: 2, pageSize: 10, ...window }, undefined, calls);
    expect(second.total).toBe(230);
    expect(second.list.map((r) => r.id)).toEqual(records.slice(10, 20).map((r) => r.id));
    expect(server.calls(PROJECT_ALARMS).map(body)).toEqual([
      { projectId: '5', page: '2', pageSize: '10', startTime: '1000', endTime: '2000' },
    ]);
    expect(server.calls(EQUIPMENT_ALARMS)).toHaveLength(0);
  });

  it('export every record of the project, 100 a page', async () => {
    const all = await allAlarms([7, 8], window, undefined, calls);
    expect(all.total).toBe(230);
    expect(all.list.map((r) => r.id)).toEqual(records.map((r) => r.id));
    expect(server.calls(PROJECT_ALARMS).map((c) => [body(c).page, body(c).pageSize])).toEqual([
      ['1', '100'],
      ['2', '100'],
      ['3', '100'],
    ]);
  });

  it("read history and confirm through the project's calls, in a cache scope of their own", async () => {
    server.on('/lfscada/monitor/project/history/query', ok({ signals: [] }));
    server.on('/lfscada/monitor/project/alarm/confirm', ok(records[0]));
    await calls.history({ signalIds: [3, 4], startTime: 1_000, endTime: 2_000 });
    expect(body(server.calls('/lfscada/monitor/project/history/query')[0])).toMatchObject({ projectId: '5', signalIds: '3,4' });
    await calls.confirmAlarm?.(4999);
    expect(body(server.calls('/lfscada/monitor/project/alarm/confirm')[0])).toEqual({ projectId: '5', alarmId: '4999' });
    expect(calls.scope).not.toBe(consoleRecordCalls.scope);
    expect(projectRecordCalls(6).scope).not.toBe(calls.scope);
  });
});
