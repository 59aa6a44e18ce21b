import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Report } from '@/generated/answers';
import { changeLanguage, loadTexts } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import type { ChartSourceValue } from '../model/fields/reportSource';
import { ChartSourceField } from './ChartSourceField';

const DEFINITIONS = '/lfscada/monitor/multi/report/queryAll';
const REPORT: Report = {
  id: 5,
  equipmentId: 7,
  name: '泵站日报',
  periodMs: 3_600_000,
  columns: [
    { signalId: 11, statistic: 'difference' },
    { signalId: 12, statistic: 'avg' },
  ],
  gmtCreate: 0,
};
const SIGNALS = [
  { id: 11, equipId: 7, title: '电能', equipTitle: '泵站' },
  { id: 12, equipId: 7, title: '流量', equipTitle: '泵站' },
];
const LIVE: ChartSourceValue = { source: 'live', equipId: null, reportId: null, customReportId: null, title: '', reportColumns: [], customColumns: [] };

let server: FakeServer;

beforeEach(async () => {
  await changeLanguage('zh-CN');
  await loadTexts(['designer', 'monitor']);
  server = installFakeServer({ loggedIn: true });
  server.on(DEFINITIONS, ok([REPORT]));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function show(value: ChartSourceValue, onChange: (v: ChartSourceValue) => void) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/manage/eg/7/designer/3']}>
        <Routes>
          <Route path="/manage/eg/:equipId/designer/:pageId" element={<ChartSourceField id="field-chartSource" value={value} signals={SIGNALS} onChange={onChange} />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function options(selectId: string): Promise<HTMLElement[]> {
  const selector = document.getElementById(selectId)?.closest('.ant-select')?.querySelector('.ant-select-selector');
  await act(async () => {
    fireEvent.mouseDown(selector as Element);
  });
  return waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')];
    expect(found.length).toBeGreaterThan(0);
    return found;
  });
}

describe("a chart's data source on an equipment's page", () => {
  it('offers live values and the equipment’s reports, no custom report; choosing a report starts on the page’s equipment', async () => {
    const onChange = vi.fn<(v: ChartSourceValue) => void>();
    show(LIVE, onChange);
    const sources = await options('field-chartSource-source');
    expect(sources.map((o) => o.textContent)).toEqual(['实时信号与中间变量', '设备报表']);
    await act(async () => {
      fireEvent.click(sources[1] as HTMLElement);
    });
    expect(onChange).toHaveBeenCalledWith({ ...LIVE, source: 'report', equipId: 7 });
  });

  it('picks a report with every column ticked, and unticks one', async () => {
    const onChange = vi.fn<(v: ChartSourceValue) => void>();
    const view = show({ ...LIVE, source: 'report', equipId: 7 }, onChange);
    const reports = await options('field-chartSource-report');
    expect(reports.map((o) => o.textContent)).toEqual(['泵站日报']);
    await act(async () => {
      fireEvent.click(reports[0] as HTMLElement);
    });
    const picked: ChartSourceValue = {
      ...LIVE,
      source: 'report',
      equipId: 7,
      reportId: 5,
      title: '泵站日报',
      reportColumns: [
        { equipId: 7, signalId: 11, statistic: 'difference' },
        { equipId: 7, signalId: 12, statistic: 'avg' },
      ],
    };
    expect(onChange).toHaveBeenLastCalledWith(picked);
    expect(server.calls(DEFINITIONS)).toHaveLength(1);
    view.unmount();
    show(picked, onChange);
    const boxes = await screen.findAllByRole('checkbox');
    expect(boxes.map((b) => b.closest('label')?.textContent)).toEqual(['电能 · 差值', '流量 · 平均值']);
    await act(async () => {
      fireEvent.click(boxes[0] as HTMLElement);
    });
    expect(onChange).toHaveBeenLastCalledWith({ ...picked, reportColumns: [{ equipId: 7, signalId: 12, statistic: 'avg' }] });
  });
});
