/**
 * A chart widget bound to a report or a project's custom report (runtime/reportCharts.ts): the line, area and bar
 * kinds draw the periods of the chart's view (today's hours, today's shifts, this month's days), one series per
 * chosen column, the running period marked; the pie, ring and rose the chosen columns' values of the period running
 * now (or the latest over). A caption names the report, the view and the period.
 *
 * It asks the server only where the page runs live and its calls include reports (not the share view): the reads
 * are TanStack Query's (runtime/reportQueries.ts), again every minute while the page is shown. In the designer and
 * still previews it draws a frame naming the report, asking nothing. A failed read is said in the box (the server's
 * message), never drawn as zeros; a column the report no longer has is left out and the caption says so.
 */
import { useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Statistic } from '@/generated/answers';
import { LazyChart } from '@/components/LazyChart';
import { columnTitle, periodText, type ReportLabels } from '@/entities/reports/format';
import { viewSpanText } from '@/entities/reports/view';
import { chartSettingsOf } from '../chartOptions';
import { reportChartOf, sameCustomColumn, sameReportColumn, type CustomReportChart, type ReportChart } from '../reportCharts';
import { pickSeries, reportPeriodsOption, reportSlicesOption, runningIndex, shownPeriod, type ReportSeries } from '../reportChartOptions';
import { customReportChartQuery, reportChartQuery, type ReportChartAnswer } from '../reportQueries';
import { CAPTION_HEIGHT, Caption, ChartBox } from './chartBox';
import { boxOf, type LiveTarget, type WidgetRenderProps } from './common';

export type ReportChartKind = 'line' | 'area' | 'bar' | 'pie' | 'ring' | 'rose';

/** The report texts a chart needs, from the viewer's own texts (the page screens do not load the report screens'). */
function useChartLabels() {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      statistic: (statistic: Statistic) => t(`runtime.reportChart.statistic.${statistic}`),
      hours: t('runtime.reportChart.hours'),
      nextDay: (time: string) => t('runtime.reportChart.nextDay', { time }),
      running: t('runtime.reportChart.running'),
    }),
    [t],
  );
}

/** A line in place of the chart: a note, or a failure (an alert). */
function Note({ widget, text, error }: { widget: WidgetRenderProps['widget']; text: string; error?: boolean }) {
  return (
    <div
      role={error ? 'alert' : undefined}
      data-testid={`chart-note-${widget.id}`}
      style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', textAlign: 'center', padding: 4, fontSize: 12, color: error ? '#CF1322' : '#8C8C8C' }}
    >
      {text}
    </div>
  );
}

/** The series of the chart's columns in an answer, and how many of its columns the answer lacks. */
function seriesOf(answer: ReportChartAnswer, chart: ReportChart | CustomReportChart, labels: ReportLabels) {
  if (answer.source === 'report' && chart.source === 'report') {
    return pickSeries(
      answer.data.cols.map((c) => ({ ...c, title: c.signalTitle })),
      answer.data.rows,
      chart.columns,
      sameReportColumn,
      (c) => columnTitle(c, labels),
    );
  }
  if (answer.source === 'customReport' && chart.source === 'customReport') {
    return pickSeries(answer.data.cols, answer.data.rows, chart.columns, sameCustomColumn, (c) =>
      columnTitle({ signalTitle: c.title, statistic: c.statistic, unit: c.unit }, labels),
    );
  }
  return { series: [] as ReportSeries[], missing: chart.columns.length };
}

interface LiveProps {
  widget: WidgetRenderProps['widget'];
  live: LiveTarget;
  kind: ReportChartKind;
  chart: ReportChart | CustomReportChart;
  id: number;
}

function LiveReportChart({ widget, live, kind, chart, id }: LiveProps) {
  const { t } = useTranslation();
  const labels = useChartLabels();
  const client = useQueryClient();
  const owner = live.page?.owner;
  const query = useQuery(
    chart.source === 'report'
      ? reportChartQuery({ ...chart, reportId: id }, live.calls.scope, client)
      : customReportChartQuery({ ...chart, customReportId: id }, owner?.kind === 'project' ? owner.id : null, live.calls.scope, client),
  );
  const settings = useMemo(() => chartSettingsOf(widget.data), [widget.data]);
  const answer = query.data;
  // Drawn at the answer's time: a new answer (every minute) moves the running period on.
  const drawn = useMemo(() => {
    if (!answer) return null;
    const now = query.dataUpdatedAt || Date.now();
    const { series, missing } = seriesOf(answer, chart, labels);
    const rows = answer.data.rows;
    const view = answer.view.kind;
    const name = answer.data.report.name;
    const span = `${t(`runtime.reportChart.view.${view}`)} ${viewSpanText(answer.view)}`;
    if (kind === 'pie' || kind === 'ring' || kind === 'rose') {
      const index = shownPeriod(rows, now);
      const row = rows[index];
      const period = row ? periodText(row, view, labels) : t('runtime.reportChart.noPeriod');
      const running = index >= 0 && index === runningIndex(rows, now);
      return {
        series,
        missing,
        option: reportSlicesOption(kind, series, index, settings),
        caption: `${name} · ${period}${running ? ` (${labels.running})` : ''}`,
      };
    }
    const running = runningIndex(rows, now) >= 0;
    return {
      series,
      missing,
      option: reportPeriodsOption(kind, rows, series, view, now, settings, labels),
      caption: `${name} · ${span}${running ? ` · ${t('runtime.reportChart.runningMarked')}` : ''}`,
    };
  }, [answer, query.dataUpdatedAt, chart, labels, kind, settings, t]);

  const b = boxOf(widget);
  if (!drawn) {
    return query.error ? (
      <Note widget={widget} text={t('runtime.reportChart.failed', { message: query.error.message })} error />
    ) : (
      <Note widget={widget} text={t('runtime.reportChart.loading')} />
    );
  }
  if (drawn.series.length === 0) return <Note widget={widget} text={t('runtime.reportChart.columnsGone')} />;
  const warning = query.error ? t('runtime.reportChart.refreshFailed', { message: query.error.message }) : null;
  const missing = drawn.missing > 0 ? ` · ${t('runtime.reportChart.missing', { count: drawn.missing })}` : '';
  return (
    <>
      <LazyChart option={drawn.option} height={Math.max(0, b.height - CAPTION_HEIGHT)} testId={`chart-${widget.id}`} />
      <Caption text={warning ?? `${drawn.caption}${missing}`} testId={`chart-caption-${widget.id}`} />
    </>
  );
}

export function ReportChartWidget({ widget, env, kind }: WidgetRenderProps & { kind: ReportChartKind }) {
  const { t } = useTranslation();
  const chart = useMemo(() => reportChartOf(widget.data), [widget.data]);
  const id = chart ? (chart.source === 'report' ? chart.reportId : chart.customReportId) : null;
  let note: string | null = null;
  if (!chart || id === null) note = t('runtime.reportChart.noReport');
  else if (chart.columns.length === 0) note = t('runtime.reportChart.noColumns');
  else if (!env.live) note = t('runtime.reportChart.still', { name: widget.data.title || `#${id}` });
  else if (!env.live.calls.reports) note = t('runtime.reportChart.notHere');
  return (
    <ChartBox widget={widget} kind={kind}>
      {note !== null || !chart || id === null || !env.live ? (
        <Note widget={widget} text={note ?? ''} />
      ) : (
        <LiveReportChart widget={widget} live={env.live} kind={kind} chart={chart} id={id} />
      )}
    </ChartBox>
  );
}
