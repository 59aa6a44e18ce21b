import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomReportData, Report, ReportData } from '@/generated/answers';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { fail, installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { parsePageDocument, type PageDocument } from '../document';
import { PageView } from '../PageView';
import { consoleRecordCalls } from '../recordCalls';
import { EQUIPMENT_ID, TEST_NOW, testContext } from '../testDocument';

// ECharts needs a real canvas; jsdom has none. The chart module is replaced by one that lists the series it was
// given (the options themselves are tested in reportChartOptions.test.ts).
vi.mock('@/components/EChart', () => ({
  default: ({ option, testId }: { option: { series: Array<{ name?: string; data: unknown[] }> }; testId?: string }) => (
    <ul data-testid={testId}>
      {option.series.map((s, i) => (
        <li key={i}>{`${s.name ?? ''}: ${JSON.stringify(s.data)}`}</li>
      ))}
    </ul>
  ),
}));

const COLS = '/lfscada/monitor/multi/report/queryCols';
const DEFINITIONS = '/lfscada/monitor/multi/report/queryAll';
const CURVE = '/lfscada/monitor/project/custom/report/queryAllForCurve';
const HOUR = 3_600_000;

const REPORT: Report = {
  id: 5,
  equipmentId: EQUIPMENT_ID,
  name: '泵站日报',
  periodMs: HOUR,
  columns: [
    { signalId: 1, statistic: 'difference' },
    { signalId: 2, statistic: 'avg' },
  ],
  gmtCreate: 0,
};

/** Three hours: two over (the second empty for the energy), the one holding TEST_NOW running. */
function rows() {
  const start = TEST_NOW - (TEST_NOW % HOUR) - 2 * HOUR;
  return [0, 1, 2].map((h) => ({
    start: start + h * HOUR,
    end: start + (h + 1) * HOUR,
    running: h === 2,
    values: h === 1 ? [null, 20] : [10 + h, 30],
  }));
}

const DATA: ReportData = {
  report: REPORT,
  cols: [
    { signalId: 1, signalTitle: '电能', unit: 'kWh', decimals: 1, statistic: 'difference' },
    { signalId: 2, signalTitle: '流量', unit: 'm³/h', decimals: 1, statistic: 'avg' },
  ],
  rows: rows(),
  total: 3,
};

function page(data: Record<string, unknown>, widgetType = 'ComplexLine'): PageDocument {
  return parsePageDocument({
    widgets: [{ id: 'rc', widgetType, position: { x: 0, y: 0, width: 400, height: 200 }, data }],
  });
}

const REPORT_CHART = {
  type: 'report',
  equipId: EQUIPMENT_ID,
  title: '泵站日报',
  reportId: 5,
  reportSignalArray: [
    { equipId: EQUIPMENT_ID, signalId: 1, statistic: 'difference' },
    { equipId: EQUIPMENT_ID, signalId: 9, statistic: 'avg' },
  ],
};

let server: FakeServer;

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installFakeServer({ loggedIn: true });
  server.on(DEFINITIONS, ok([REPORT]));
  server.on(COLS, ok(DATA));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function show(doc: PageDocument, live: 'console' | 'share' | null = 'console') {
  const calls = live === 'share' ? { ...consoleRecordCalls, scope: 'share:7', reports: false } : consoleRecordCalls;
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <PageView document={doc} context={testContext(live ? { live: { equipmentIds: [EQUIPMENT_ID], calls } } : {})} now={TEST_NOW} />
    </QueryClientProvider>,
  );
}

const lines = async (id: string) => [...(await screen.findByTestId(`chart-${id}`)).querySelectorAll('li')].map((li) => li.textContent);
const params = (path: string, i = 0) => new URLSearchParams(server.calls(path)[i]?.body ?? '');

describe('charts bound to a report', () => {
  it('draws the chosen columns over today’s hours, the empty hour a gap and the running one dashed', async () => {
    show(page(REPORT_CHART));
    expect(await lines('rc')).toEqual(['电能 · 差值 (kWh): [10,"-","-"]', '电能 · 差值 (kWh): ["-","-",12]']);
    // The report's step is an hour: today by the hour.
    expect(params(COLS).get('view')).toBe('day');
    expect(params(COLS).get('reportId')).toBe('5');
    const caption = screen.getByTestId('chart-caption-rc').textContent;
    expect(caption).toContain('泵站日报 · 日报');
    // One of the two chosen columns is not in the answer (a column removed from the definition).
    expect(caption).toContain('1 列已不在报表中');
  });

  it('shows a pie of the running period’s values', async () => {
    show(page({ ...REPORT_CHART, reportSignalArray: [{ equipId: EQUIPMENT_ID, signalId: 2, statistic: 'avg' }] }, 'ComplexPie'));
    expect(await lines('rc')).toEqual([': [{"name":"流量 · 平均值 (m³/h)","value":30}]']);
    expect(screen.getByTestId('chart-caption-rc').textContent).toContain('(进行中)');
  });

  it('says in the box why the report could not be read, never drawing zeros', async () => {
    server.on(COLS, fail('1100', '参数 reportId 无效'));
    show(page(REPORT_CHART));
    const note = await screen.findByTestId('chart-note-rc');
    await waitFor(() => expect(note.textContent).toContain('报表读取失败：参数 reportId 无效'));
    expect(note.getAttribute('role')).toBe('alert');
    expect(screen.queryByTestId('chart-rc')).toBeNull();
  });

  it('reads a custom report by its chart call, every period at once', async () => {
    const custom: CustomReportData = {
      report: { id: 4, projectId: 2, name: '全厂能耗', periodMs: 86_400_000, columns: [], gmtCreate: 0 },
      cols: [{ mvarId: 3, title: '总功率', unit: 'kW', decimals: 0, statistic: 'avg' }],
      rows: rows(),
      total: 3,
    };
    server.on(CURVE, ok(custom));
    show(page({ customReportId: 4, customArray: [{ mvarId: 3, statistic: 'avg' }] }, 'ComplexBar'));
    expect(await lines('rc')).toEqual(['总功率 · 平均值 (kW): [10,"-",{"value":12,"itemStyle":{"opacity":0.45}}]']);
    // Without the project's definitions the day view's answer names the step (a day): read again by the month.
    await waitFor(() => expect(server.calls(CURVE).map((c) => new URLSearchParams(c.body).get('view'))).toEqual(['day', 'month']));
    expect(params(CURVE).get('customReportId')).toBe('4');
  });

  it('draws a still frame naming the report in the designer, and says so where reports are not read', async () => {
    const still = show(page(REPORT_CHART), null);
    expect(screen.getByTestId('chart-note-rc').textContent).toBe('报表“泵站日报”在页面运行时绘制');
    still.unmount();
    show(page(REPORT_CHART), 'share');
    expect(screen.getByTestId('chart-note-rc').textContent).toBe('此处不显示报表图表');
    await changeLanguage('en');
    await waitFor(() => expect(screen.getByTestId('chart-note-rc').textContent).toBe('Report charts are not shown here'));
    expect(server.calls(COLS)).toHaveLength(0);
  });

  it('asks for a report and columns before reading', () => {
    show(page({ type: 'report', equipId: EQUIPMENT_ID, reportSignalArray: [] }));
    expect(screen.getByTestId('chart-note-rc').textContent).toBe('未选择报表');
    expect(server.calls(COLS)).toHaveLength(0);
  });
});
