import { describe, expect, it } from 'vitest';
import { parsePageDocument, type Widget } from '@/runtime/document';
import { chartSourceOf, reportChartOf } from '@/runtime/reportCharts';
import { writeWidget } from '../writeDocument';
import { sectionsOf, withField } from '../properties';
import { chartSourceValueOf } from './reportSource';

const chart = (data: Record<string, unknown>, widgetType = 'ComplexLine'): Widget =>
  parsePageDocument({ widgets: [{ id: 'c', widgetType, data }] }).widgets[0]!;

const LIVE = chart({
  signalArray: [{ type: 'signal', equipId: 3, signalId: 7, title: 'Flow' }],
  mvarArray: [{ type: 'mvar', mvarId: 2, title: 'Total' }],
  timeRange: 30,
});

const REPORT_PICK = {
  source: 'report',
  equipId: 3,
  reportId: 5,
  customReportId: null,
  title: 'Pump daily',
  reportColumns: [
    { equipId: 3, signalId: 7, statistic: 'difference' },
    { equipId: 3, signalId: 7, statistic: 'difference' },
    { equipId: 3, signalId: 8, statistic: 'avg' },
  ],
  customColumns: [],
};

/** The widget's `data` as the designer writes it into the stored document. */
const written = (w: Widget) => (writeWidget(w) as { data: Record<string, unknown> }).data;

describe('a chart’s data source in the designer', () => {
  it('writes a report with its columns and clears the live lists', () => {
    const w = withField(LIVE, 'chartSource', REPORT_PICK);
    const data = written(w);
    expect(data).toMatchObject({ type: 'report', equipId: 3, title: 'Pump daily', reportId: 5, signalArray: [], timeRange: 30 });
    expect(data.reportSignalArray).toEqual([
      { equipId: 3, signalId: 7, statistic: 'difference' },
      { equipId: 3, signalId: 8, statistic: 'avg' },
    ]);
    expect('mvarArray' in data).toBe(false);
    expect('customReportId' in data).toBe(false);
    expect(reportChartOf(w.data)).toMatchObject({ source: 'report', reportId: 5, equipId: 3 });
  });

  it('writes a custom report and clears the report', () => {
    const report = withField(LIVE, 'chartSource', REPORT_PICK);
    const w = withField(report, 'chartSource', {
      ...REPORT_PICK,
      source: 'customReport',
      reportId: null,
      customReportId: 4,
      title: 'Site energy',
      customColumns: [{ mvarId: 2, statistic: 'avg' }, { equipmentId: 3, signalId: 7, statistic: 'sum' }, { signalId: 7, statistic: 'sum' }],
    });
    const data = written(w);
    expect(data).toMatchObject({ customReportId: 4, title: 'Site energy', type: '' });
    expect(data.customArray).toEqual([{ mvarId: 2, statistic: 'avg' }, { equipmentId: 3, signalId: 7, statistic: 'sum' }]);
    expect('reportId' in data).toBe(false);
    expect('reportSignalArray' in data).toBe(false);
    expect(chartSourceOf(w.data)).toBe('customReport');
  });

  it('goes back to live values without the report fields, and a report chosen before a report is picked is still a report', () => {
    const chosen = withField(LIVE, 'chartSource', { ...REPORT_PICK, reportId: null, title: '', reportColumns: [] });
    expect(chartSourceOf(chosen.data)).toBe('report');
    expect(chartSourceValueOf(chosen)).toMatchObject({ source: 'report', reportId: null, equipId: 3, reportColumns: [] });
    const back = withField(withField(LIVE, 'chartSource', REPORT_PICK), 'chartSource', { source: 'live' });
    const data = written(back);
    expect(chartSourceOf(back.data)).toBe('live');
    expect(['reportId', 'reportSignalArray', 'reportView', 'customArray'].filter((k) => k in data)).toEqual([]);
    expect(data.type).toBe('');
  });

  it('shows the signal list and the curve window for live values, the report view for a report', () => {
    const shown = (w: Widget) =>
      sectionsOf(w.widgetType)
        .flatMap((s) => s.fields)
        .filter((f) => f.shown?.(w) ?? true)
        .map((f) => f.id);
    expect(shown(LIVE)).toEqual(expect.arrayContaining(['chartSource', 'signalArray', 'timeRange', 'timeFormat']));
    expect(shown(LIVE)).not.toContain('reportView');
    const report = withField(LIVE, 'chartSource', REPORT_PICK);
    expect(shown(report)).toEqual(expect.arrayContaining(['chartSource', 'reportView', 'mode']));
    expect(shown(report)).not.toContain('signalArray');
    expect(shown(report)).not.toContain('timeRange');
    const month = withField(report, 'reportView', 'month');
    expect(written(month).reportView).toBe('month');
    expect(written(withField(report, 'reportView', 'year')).reportView).toBe('auto');
  });
});
