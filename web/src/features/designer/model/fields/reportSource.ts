/**
 * Where a chart's data comes from (runtime/reportCharts.ts; docs/page-document.md, "Charts on reports"): the live
 * values (the signal list: signals, on a project page statistics and intermediate variables too), a report of the
 * page's equipment (a project page: of any of its equipment) with the columns ticked, or on a project page one of its
 * custom reports with its columns ticked. One source is written and the others cleared, so the viewer never has to
 * choose between two.
 *
 * The value the panel edits (editor/ChartSourceField.tsx) is a {@link ChartSourceValue}; choosing "report" before
 * a report is picked already writes the source (`type: "report"`, no columns), so the panel shows the report's
 * pickers and not the signal list, and the viewer says no report is chosen.
 */
import type { Widget } from '@/runtime/document';
import {
  CHART_SOURCES,
  REPORT_VIEWS,
  chartSourceOf,
  customColumnsOf,
  reportChartOf,
  reportColumnsOf,
  reportViewOf,
  type ChartSource,
  type CustomColumnRef,
  type ReportColumnRef,
} from '@/runtime/reportCharts';
import type { FieldDef } from './types';

export interface ChartSourceValue {
  source: ChartSource;
  /** Report: the report's equipment. */
  equipId: number | null;
  /** The report or custom report chosen, and its name (written as the binding's title). */
  reportId: number | null;
  customReportId: number | null;
  title: string;
  reportColumns: ReportColumnRef[];
  customColumns: CustomColumnRef[];
}

/** The report fields a source leaves out. */
const REPORT_KEYS = ['reportId', 'reportSignalArray'] as const;
const CUSTOM_KEYS = ['customReportId', 'customArray'] as const;

export function chartSourceValueOf(w: Widget): ChartSourceValue {
  const chart = reportChartOf(w.data);
  return {
    source: chart?.source ?? 'live',
    equipId: chart?.source === 'report' ? chart.equipId : null,
    reportId: chart?.source === 'report' ? chart.reportId : null,
    customReportId: chart?.source === 'customReport' ? chart.customReportId : null,
    title: chart ? w.data.title : '',
    reportColumns: chart?.source === 'report' ? chart.columns : [],
    customColumns: chart?.source === 'customReport' ? chart.columns : [],
  };
}

function isSourceValue(value: unknown): value is ChartSourceValue {
  return typeof value === 'object' && value !== null && (CHART_SOURCES as readonly unknown[]).includes((value as { source?: unknown }).source);
}

const positive = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null);

/**
 * The widget drawing `value`'s source, the others cleared: the live lists emptied (`signalArray: []`, the project
 * lists left out), or the report's fields, or the custom report's; `reportView` kept only with a report.
 */
export function withChartSource(w: Widget, value: unknown): Widget {
  if (!isSourceValue(value)) return w;
  const extra = { ...w.data.extra };
  for (const key of [...REPORT_KEYS, ...CUSTOM_KEYS]) delete extra[key];
  const cleared = { signalArray: [], systemArray: undefined, mvarArray: undefined };
  const unbound = { type: '', equipId: null, signalId: null, title: '', subTitle: '' };
  if (value.source === 'live') {
    delete extra.reportView;
    // Back to live values: the lists as they are (empty after a report), the report binding gone.
    const wasReport = chartSourceOf(w.data) !== 'live';
    return { ...w, data: { ...w.data, ...(wasReport ? unbound : {}), extra } };
  }
  if (value.source === 'report') {
    const reportId = positive(value.reportId);
    if (reportId !== null) extra.reportId = reportId;
    extra.reportSignalArray = reportColumnsOf(value.reportColumns).map((c) => ({ equipId: c.equipId ?? value.equipId, signalId: c.signalId, statistic: c.statistic }));
    return {
      ...w,
      data: { ...w.data, ...cleared, ...unbound, type: 'report', equipId: positive(value.equipId), title: value.title, extra },
    };
  }
  const customReportId = positive(value.customReportId);
  if (customReportId !== null) extra.customReportId = customReportId;
  extra.customArray = customColumnsOf(value.customColumns);
  return { ...w, data: { ...w.data, ...cleared, ...unbound, title: value.title, extra } };
}

const reportSourced = (w: Widget) => chartSourceOf(w.data) !== 'live';

export const REPORT_SOURCE_FIELDS: readonly FieldDef[] = [
  {
    id: 'chartSource',
    type: { kind: 'chartSource' },
    get: chartSourceValueOf,
    set: withChartSource,
  },
  {
    id: 'reportView',
    type: { kind: 'choice', options: REPORT_VIEWS },
    get: (w) => reportViewOf(w.data),
    set: (w, v) => ({ ...w, data: { ...w.data, extra: { ...w.data.extra, reportView: (REPORT_VIEWS as readonly unknown[]).includes(v) ? v : 'auto' } } }),
    shown: reportSourced,
  },
];

/** The live-value fields (the signal list, the curves' window and time format) apply only to a chart of live values. */
export const liveSourced = (w: Widget) => !reportSourced(w);
