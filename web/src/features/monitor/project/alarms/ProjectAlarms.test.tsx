/**
 * A project's alarms in its monitor (`?view=alarms`): the open alarms of every equipment first, every record paged
 * with the time filter, each naming its equipment; confirm with the alarm permission, as the EG Alarm tab; a user
 * without it sees the notice and no confirm; the server's refusals shown.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { fail, ok, type FakeServer } from '@/test/fakeServer';
import { alarmAnswer } from '@/test/answers';
import type { ProjectHistorySources } from '@/generated/answers';
import { click } from '../../detail/components/testSupport';
import { body, installProjectServer, openProject } from '../reports/projectTestSupport';

const A = {
  records: '/lfscada/monitor/project/alarm/query',
  open: '/lfscada/monitor/project/alarm/queryAll',
  confirm: '/lfscada/monitor/project/alarm/confirm',
  sources: '/lfscada/monitor/project/history/queryAll',
  egRecords: '/lfscada/monitor/multi/alarm/query',
  egConfirm: '/lfscada/monitor/multi/alarm/confirm',
};

const ALARM_AUTHS = ['manage', 'monitor_write_data', 'monitor_multi_designer_alarm'];

const PUMP1 = alarmAnswer({ id: 41 });
const PUMP2 = alarmAnswer({ id: 52, equipId: 8, equipTitle: '2# Pump station', signalId: 50, signalTitle: 'Outlet pressure', value: 1, msg: '出口压力低', gmtTrigger: Date.UTC(2026, 10, 23, 1, 0, 0) });
const RELEASED = alarmAnswer({ id: 30, released: true, gmtRelease: Date.UTC(2026, 10, 22, 3, 0, 0), gmtTrigger: Date.UTC(2026, 10, 22, 2, 0, 0) });

/** The pump 2 signal has state texts: its alarm's value reads as the state. */
const SOURCES: ProjectHistorySources = {
  signals: [
    {
      id: 50, signalTitle: 'Outlet pressure', equipId: 8, equipTitle: '2# Pump station', area: 'coil', dataType: 'bool', unit: '', decimals: 0,
      writable: false, min: null, max: null, valueMap: [{ value: 1, zh: '低压', en: 'Low', color: '#c00' }],
    },
  ],
  mvars: [],
};

let server: FakeServer;

function serve(auths: string[]) {
  server = installProjectServer(auths);
  server.on(A.open, ok({ total: 2, list: [PUMP1, PUMP2] }));
  server.on(A.records, ok({ total: 13, list: [PUMP1, PUMP2, RELEASED] }));
  server.on(A.sources, ok(SOURCES));
}

const row = (id: number) => document.querySelector(`[data-testid="alarm-table"] tr[data-row-key="${id}"]`) as HTMLElement | null;

beforeEach(async () => {
  await changeLanguage('zh-CN');
  serve(ALARM_AUTHS);
});

describe("the project monitor's alarms", { timeout: 60_000 }, () => {
  it('opens from the view switch on the open alarms of every equipment, each naming its equipment', async () => {
    const { router } = await openProject('');
    await click(await screen.findByTestId('project-view-alarms'));
    await waitFor(() => expect(row(52)).toBeTruthy());
    expect(router.state.location.search).toBe('?view=alarms');
    expect(body(server.calls(A.open)[0])).toEqual({ projectId: '4' });
    expect(server.calls(A.records)).toHaveLength(0);
    expect(server.calls(A.egRecords)).toHaveLength(0);
    expect(row(41)!.textContent).toContain('1# Pump station');
    expect(row(52)!.textContent).toContain('2# Pump station');
    expect(row(52)!.textContent).toContain('出口压力低');
    expect(within(row(52)!).getByTestId('alarm-state').textContent).toContain('低压');
    expect(within(row(41)!).getByTestId('alarm-release').textContent).toBe('未解除');
  });

  it('lists every record, paged by the server, with the time filter', async () => {
    await openProject('?view=alarms');
    await waitFor(() => expect(row(41)).toBeTruthy());
    await click(screen.getByTestId('project-alarms-all'));
    await waitFor(() => expect(row(30)).toBeTruthy());
    expect(body(server.calls(A.records)[0])).toEqual({ projectId: '4', page: '1', pageSize: '10' });
    expect(within(row(30)!).getByTestId('alarm-release').textContent).toBe('2026-11-22 11:00:00');
    expect(document.getElementById('alarm-range')).not.toBeNull();
    expect(screen.getByTestId('project-alarms').textContent).toContain('共 13 条');

    await click(document.querySelector('[data-testid="project-alarms"] .ant-pagination-next') as HTMLElement);
    await waitFor(() => expect(body(server.calls(A.records).at(-1)).page).toBe('2'));
  });

  it('says when no alarm is open, and none recorded (2001)', async () => {
    server.on(A.open, ok({ total: 0, list: [] }));
    server.on(A.records, fail('2001', '暂无网关或报警数据'));
    await openProject('?view=alarms');
    expect(await screen.findByText('该项目当前没有未解除的报警。')).toBeTruthy();
    await click(screen.getByTestId('project-alarms-all'));
    expect(await screen.findByText('暂无报警记录')).toBeTruthy();
  });

  it('confirms an alarm naming the project, and shows who confirmed it', async () => {
    const confirmed = { ...PUMP2, confirmed: true, confirmUser: 'operator1', gmtConfirm: Date.now() };
    server.on(A.confirm, ok(confirmed));
    await openProject('?view=alarms');
    const button = await screen.findByTestId('alarm-confirm-52');
    server.on(A.open, ok({ total: 2, list: [PUMP1, confirmed] }));
    await click(button);
    expect(body(server.calls(A.confirm)[0])).toEqual({ projectId: '4', alarmId: '52' });
    expect(server.calls(A.egConfirm)).toHaveLength(0);
    expect((await screen.findByTestId('alarm-confirmed-52')).textContent).toBe('operator1 已确认');
  });

  it("shows the server's refusal of a confirm, and the record stays unconfirmed", async () => {
    server.on(A.confirm, fail('1211', '无权限确认该类报警'));
    await openProject('?view=alarms');
    await click(await screen.findByTestId('alarm-confirm-41'));
    expect(await screen.findByText('无权限确认该类报警')).toBeTruthy();
    expect(screen.getByTestId('alarm-confirm-41')).toBeTruthy();
    expect(screen.queryByTestId('alarm-confirmed-41')).toBeNull();
  });

  it('needs the alarm permission: a limited user sees the notice, no record, no confirm and no call', async () => {
    serve(['monitor_write_data']);
    await openProject('?view=alarms');
    expect((await screen.findByTestId('alarm-no-permission')).textContent).toContain('无权限查看报警记录');
    expect(document.querySelector('[data-testid^="alarm-confirm-"]')).toBeNull();
    expect(server.calls(A.open)).toHaveLength(0);
    expect(server.calls(A.records)).toHaveLength(0);
  });

  it("shows the server's refusal of the records (1211: a rule type's permission) the same way", async () => {
    server.on(A.open, fail('1211', '无权限查看报警记录'));
    await openProject('?view=alarms');
    expect((await screen.findByTestId('alarm-no-permission')).textContent).toContain('无权限查看报警记录');
    expect(document.querySelector('[data-testid^="alarm-confirm-"]')).toBeNull();
  });

  it('shows a failure with a retry', async () => {
    server.on(A.open, fail('90099', '未知异常'));
    await openProject('?view=alarms');
    expect((await screen.findByTestId('alarm-error')).textContent).toContain('报警记录加载失败');
  });

  it('speaks English', async () => {
    await changeLanguage('en');
    await openProject('?view=alarms');
    await waitFor(() => expect(row(41)).toBeTruthy());
    expect(screen.getByTestId('project-alarms-open').textContent).toBe('Open alarms');
    expect(screen.getByTestId('project-alarms-all').textContent).toBe('All records');
    expect(screen.getByTestId('alarm-confirm-41').textContent).toContain('Confirm');
  });
});
