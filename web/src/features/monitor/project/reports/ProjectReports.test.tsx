/**
 * A project's reports in its monitor: the view switch beside the pages (in the address, the page routes kept), the
 * report definitions of the project's equipment read as the EG detail reads them, with their generated reports.
 */
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { ok, type FakeServer } from '@/test/fakeServer';
import { chinaDay } from '@/entities/reports/view';
import { click, pick } from '../../detail/components/testSupport';
import { P, body, cells, installProjectServer, openProject, param, waitForRows } from './projectTestSupport';

let server: FakeServer;

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installProjectServer();
});

describe("the project monitor's reports", { timeout: 60_000 }, () => {
  it('switches between the pages, the reports and the custom reports in the address, the page routes kept', async () => {
    const { router } = await openProject('/page/21');
    await screen.findByTestId('pages-tabs');
    expect(screen.getByTestId('project-monitor-full-window')).toBeTruthy();

    await click(screen.getByTestId('project-view-reports'));
    await screen.findByTestId('project-reports');
    expect(router.state.location.pathname).toBe('/monitor/project/4/page/21');
    expect(router.state.location.search).toBe('?view=reports');
    expect(screen.queryByTestId('pages-tabs')).toBeNull();
    expect(screen.queryByTestId('project-monitor-full-window')).toBeNull();

    await click(screen.getByTestId('project-view-custom'));
    await screen.findByTestId('custom-reports');
    expect(router.state.location.search).toBe('?view=custom');

    // Back returns to the view before; Pages shows the page the address names.
    await router.navigate(-1);
    await screen.findByTestId('project-reports');
    await click(screen.getByTestId('project-view-pages'));
    await screen.findByTestId('pages-tabs');
    expect(router.state.location.search).toBe('');
    expect(screen.getByTestId('pages-tab-21').closest('.ant-tabs-tab')?.classList.contains('ant-tabs-tab-active')).toBe(true);
  });

  it("reads the first equipment's first report, then another equipment's, each in the address", async () => {
    const { router } = await openProject('?view=reports');
    await waitForRows(24);
    expect(param(server.calls(P.reports)[0], 'equipmentId')).toBe('7');
    expect(body(server.calls(P.cols)[0])).toEqual({ reportId: '41', view: 'day', date: chinaDay(Date.now() - 86_400_000) });
    expect(cells()[0]).toEqual(['00:00–01:00', '41.0']);

    await pick('report-select', 'Pressure');
    await waitFor(() => expect(cells()[0]).toEqual(['00:00–01:00', '42.0']));
    expect(router.state.location.search).toBe('?view=reports&report=42');

    await pick('project-report-equipment', '2# Pump station');
    await waitFor(() => expect(cells()[0]).toEqual(['00:00–01:00', '51.0']));
    expect(new URLSearchParams(router.state.location.search).get('equipment')).toBe('8');
    expect(new URLSearchParams(router.state.location.search).get('report')).toBeNull();
    expect(screen.getByTestId('report-heading').textContent).toContain('Outlet');

    // An equipment without definitions says so, with where to define one.
    await pick('project-report-equipment', '3# Spare pump');
    expect((await screen.findByTestId('reports-none')).textContent).toContain('该设备还没有报表定义');
    expect(document.getElementById('reports-define')?.getAttribute('href')).toBe('/manage/eg/equipment/edit/9/report');
  });

  it('opens the report the address names, and its generated reports', async () => {
    await openProject('?view=reports&equipment=7&report=42');
    await waitForRows(24);
    expect(param(server.calls(P.cols)[0], 'reportId')).toBe('42');
    await click(screen.getByTestId('report-mode-archive'));
    expect((await screen.findByTestId('archive-none')).textContent).toContain('该报表还没有生成过');
    expect(body(server.calls(P.archives)[0])).toEqual({ reportId: '42', page: '1', pageSize: '10' });
  });

  it('says so for a project without equipment', async () => {
    server.on(P.project, ok({ id: 4, name: '空项目', remark: '', equipment: [] }));
    await openProject('?view=reports');
    expect((await screen.findByTestId('project-reports-no-equipment')).textContent).toContain('该项目没有设备');
    expect(server.calls(P.reports)).toHaveLength(0);
  });
});
