/**
 * The page's tables, drawn as HTML in the widget's box (a <foreignObject>, like the charts): the frame every
 * table shares (headings that stay put while the rows scroll, a footer with the window, the roll and the pager,
 * a note in place of the rows) and the history table (ComplexHistory). The alarm table is widgets/alarmTable.tsx.
 *
 * A table asks the server only where the page runs live (`env.live`, see widgets/common.tsx): in the designer
 * and in still previews it draws its frame and headings with a note, and no query hook is even mounted. Live,
 * the query is TanStack Query's (tableQueries.ts: one cache entry per widget, repeated every rollTime seconds
 * while the page is shown). A failed query shows the server's message in the box; rows already shown stay, and
 * the footer says the refresh failed. With `filterTime` or `exportExcel` a bar above the rows holds the range picker
 * and the export button (widgets/tableTools.tsx); a picked range replaces the rolling window until "back to live".
 *
 * The look: the widget's font size and text colour; its fill colour (when on) behind the rows and the headings; its
 * stroke (when on) as the border and the lines between rows. Off, the defaults drawn since the first version (white,
 * a light grey border and lines), so a page saved before these settings looks as it did.
 */
import { useCallback, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { Pagination } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { chartSignalsOf, type ChartSignal } from '../chartOptions';
import { formatTimer } from '../format';
import type { RecordCalls } from '../recordCalls';
import { historyTableQuery } from '../tableQueries';
import { historyExportRows, rowTimeText, tableFileName } from '../tableExport';
import { saveSheet } from '@/entities/equipmentRecords/sheetFile';
import { TOOLS_HEIGHT, TableTools } from './tableTools';
import {
  MAX_HISTORY_SIGNALS,
  TABLE_PAGE_SIZE,
  headingOf,
  historyCellText,
  lastPage,
  pageOf,
  tableRowsOf,
  tableSettingsOf,
  type FixedRange,
  type TableSettings,
} from '../tables';
import { boxOf, type WidgetRenderProps } from './common';

const FOOTER_HEIGHT = 24;

/** A line of the table (headings or a row) in canvas units, for "the newest rows that fit" when not paged. */
export function rowHeightOf(fontSize: number): number {
  return Math.ceil(fontSize * 1.5715) + 5;
}

/** How many rows fit under the headings (and the tools' bar, when shown) above the footer (at least one). */
export function rowsThatFit(height: number, fontSize: number, tools = false): number {
  const row = rowHeightOf(fontSize);
  return Math.max(1, Math.floor((height - FOOTER_HEIGHT - (tools ? TOOLS_HEIGHT : 0) - row) / row));
}

/** Whether the settings put the tools' bar above the rows. */
export const hasTools = (settings: Pick<TableSettings, 'filterTime' | 'exportExcel'>) => settings.filterTime || settings.exportExcel;

/** What stands in place of the rows: a note (designer, empty, loading) or a failure. */
export interface TableNote {
  text: string;
  tone: 'note' | 'error';
}

export interface TableFrameProps extends Pick<WidgetRenderProps, 'widget'> {
  kind: 'history' | 'alarm';
  headings: ReactNode;
  rows: ReactNode;
  note: TableNote | null;
  caption: string;
  /** A refresh failed while older rows are still shown. */
  warning?: string | undefined;
  pager?: { page: number; total: number; onChange(page: number): void } | undefined;
  /** The range picker and export bar above the rows (widgets/tableTools.tsx), when switched on. */
  tools?: ReactNode;
}

/** The box every table shares, with the widget's font, colours and border. */
export function TableFrame({ widget, kind, headings, rows, note, caption, warning, pager, tools }: TableFrameProps) {
  const b = boxOf(widget);
  const { style } = widget;
  const background = style.fill.enable ? style.fill.color : '#FFFFFF';
  const box: CSSProperties = {
    width: b.width,
    height: b.height,
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    overflow: 'hidden',
    background,
    color: style.color,
    fontSize: style.font.size,
    fontFamily: style.font.family || undefined,
    lineHeight: 1.5715,
    border: style.stroke.enable ? `${style.stroke.width}px solid ${style.stroke.color}` : '1px solid #D9D9D9',
    borderRadius: style.radius || 2,
    // Sticky headings need a solid background (rows scroll under them): the box's.
    ['--rt-table-bg' as string]: background,
    // The lines between rows in the border's colour when the border is on (runtimeStyles.ts); else the light grey.
    ...(style.stroke.enable ? { ['--rt-table-line' as string]: style.stroke.color } : {}),
  };
  return (
    <foreignObject x={b.x} y={b.y} width={b.width} height={b.height} data-table={kind}>
      <div style={box} data-testid={`table-${widget.id}`}>
        {tools}
        <div style={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
          <table className="rt-table">
            <thead>{headings}</thead>
            <tbody>{rows}</tbody>
          </table>
          {note && (
            <div
              role={note.tone === 'error' ? 'alert' : undefined}
              data-testid={`table-note-${widget.id}`}
              style={{ padding: '8px 6px', textAlign: 'center', color: note.tone === 'error' ? '#CF1322' : '#8C8C8C', whiteSpace: 'normal' }}
            >
              {note.text}
            </div>
          )}
        </div>
        <div
          style={{ height: FOOTER_HEIGHT, flex: 'none', display: 'flex', alignItems: 'center', gap: 8, padding: '0 6px', fontSize: 11, color: '#8C8C8C', borderTop: '1px solid var(--rt-table-line, rgba(5, 5, 5, 0.06))' }}
        >
          <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} data-testid={`table-caption-${widget.id}`}>
            {warning ? <span style={{ color: '#CF1322' }} role="alert">{warning}</span> : caption}
          </span>
          {pager && pager.total > TABLE_PAGE_SIZE && (
            <Pagination
              size="small"
              simple
              current={pager.page}
              pageSize={TABLE_PAGE_SIZE}
              total={pager.total}
              showSizeChanger={false}
              onChange={pager.onChange}
              data-testid={`table-pager-${widget.id}`}
            />
          )}
        </div>
      </div>
    </foreignObject>
  );
}

/**
 * A live table's window and page: the range the operator fixed (null: the rolling window of its settings), the page
 * shown (back to the first when the range changes) and the footer's words for it. The history and alarm tables
 * share it.
 */
export function useTableWindow(settings: TableSettings, periods = false) {
  const [page, setPage] = useState(1);
  const [fixed, setFixed] = useState<FixedRange | null>(null);
  const caption = useWindowCaption(settings, fixed, periods);
  const chooseFixed = useCallback((range: FixedRange | null) => {
    setFixed(range);
    setPage(1);
  }, []);
  return { page, setPage, fixed, chooseFixed, caption };
}

/**
 * The footer's words: the window and the roll ("近 12 小时 · 每 30 秒刷新"), or the picked range (which does not
 * roll); rows per period say their period ("每小时一行").
 */
export function useWindowCaption(settings: TableSettings, fixed: FixedRange | null = null, periods = false): string {
  const { t } = useTranslation();
  const { timeRange, rollTime } = settings;
  const window = fixed
    ? t('runtime.table.tools.fixedCaption', { start: formatTimer(fixed.startTime, 'YYYY-MM-DD HH:mm'), end: formatTimer(fixed.endTime, 'YYYY-MM-DD HH:mm') })
    : timeRange % 60 === 0
      ? t('runtime.table.lastHours', { hours: timeRange / 60, seconds: rollTime })
      : t('runtime.table.lastMinutes', { minutes: Math.round(timeRange * 10) / 10, seconds: rollTime });
  return periods && settings.dimensionType === 'unit' ? `${window} · ${t(`runtime.table.perUnit.${settings.timeUnit}`)}` : window;
}

/**
 * The heading cells (sticky, on the box's background: runtimeStyles.ts `.rt-table th`); the headings of number
 * columns (`numeric`, by index) sit right, above their numbers.
 */
export function Headings({ titles, numeric = [] }: { titles: string[]; numeric?: readonly number[] }) {
  return (
    <tr>
      {titles.map((title, i) => (
        <th key={i} className={numeric.includes(i) ? 'rt-num' : undefined}>
          {title}
        </th>
      ))}
    </tr>
  );
}

/** The history table's number columns: every one after the time. */
function signalColumns(signals: readonly ChartSignal[]): number[] {
  return signals.map((_, i) => i + 1);
}

function historyHeadings(time: string, signals: readonly ChartSignal[]): string[] {
  return [time, ...signals.map((s) => headingOf(s.name, s.signal.unit))];
}

/**
 * The history table: time and one column per signal of `data.signalArray` (the page's equipment's; at most the
 * history call's 10), newest first, over the last timeRange minutes (or the range picked), re-queried every
 * rollTime seconds; a row per reading instant or, with dimensionType "unit", per timeUnit period.
 */
export function ComplexHistory({ widget, env }: WidgetRenderProps) {
  const { t } = useTranslation();
  const signals = useMemo(() => chartSignalsOf(widget.data, env.signals).slice(0, MAX_HISTORY_SIGNALS), [widget.data, env.signals]);
  const settings = useMemo(() => tableSettingsOf(widget.data), [widget.data]);
  const caption = useWindowCaption(settings, null, true);
  if (env.live && signals.length > 0) return <LiveHistory widget={widget} signals={signals} settings={settings} calls={env.live.calls} />;
  return (
    <TableFrame
      widget={widget}
      kind="history"
      tools={<TableTools widgetId={widget.id} settings={settings} live={null} />}
      headings={<Headings titles={historyHeadings(t('runtime.table.time'), signals)} numeric={signalColumns(signals)} />}
      rows={null}
      note={{ text: signals.length === 0 ? t('runtime.chart.noSignals') : t('runtime.table.still'), tone: 'note' }}
      caption={caption}
    />
  );
}

interface LiveHistoryProps extends Pick<WidgetRenderProps, 'widget'> {
  signals: ChartSignal[];
  settings: TableSettings;
  /** Where the history is asked for (the console's call, or the share view's). */
  calls: RecordCalls;
}

function LiveHistory({ widget, signals, settings, calls }: LiveHistoryProps) {
  const { t } = useTranslation();
  const ids = useMemo(() => signals.map((s) => Number(s.key)), [signals]);
  const { page, setPage, fixed, chooseFixed, caption } = useTableWindow(settings, true);
  const query = useQuery(historyTableQuery(widget.id, ids, settings, Date.now, fixed, calls));
  const rows = useMemo(() => (query.data ? tableRowsOf(query.data, settings) : []), [query.data, settings]);
  const shownPage = Math.min(page, lastPage(rows.length, TABLE_PAGE_SIZE));
  const tools = hasTools(settings);
  const shown = settings.paged ? pageOf(rows, shownPage, TABLE_PAGE_SIZE) : rows.slice(0, rowsThatFit(boxOf(widget).height, widget.style.font.size, tools));
  const titles = historyHeadings(t('runtime.table.time'), signals);

  // The file holds what the table covers now: every row of the answer shown, in the table's columns.
  const exportRows = async () => {
    const answer = query.data;
    if (!answer) return;
    const columns = signals.map((s, i) => ({ key: s.key, heading: titles[i + 1] ?? s.name, decimals: s.signal.decimals }));
    const sheet = historyExportRows(rows, columns, titles[0] ?? '', settings);
    const equipment = answer.series[0]?.equipTitle ?? '';
    await saveSheet(tableFileName([widget.widgetName, equipment], t('runtime.table.tools.historyFile'), answer.startTime, answer.endTime), sheet);
  };

  let note: TableNote | null = null;
  if (!query.data) {
    note = query.error
      ? { text: t('runtime.table.failed', { message: query.error.message }), tone: 'error' }
      : { text: t('runtime.table.loading'), tone: 'note' };
  } else if (rows.length === 0) {
    note = { text: t('runtime.table.historyEmpty'), tone: 'note' };
  }
  const warning = query.data && query.error ? t('runtime.table.refreshFailed', { message: query.error.message }) : undefined;
  return (
    <TableFrame
      widget={widget}
      kind="history"
      tools={
        <TableTools
          widgetId={widget.id}
          settings={settings}
          live={{
            fixed,
            onFixed: chooseFixed,
            onExport: exportRows,
            exportDisabled: !query.data,
          }}
        />
      }
      headings={<Headings titles={titles} numeric={signalColumns(signals)} />}
      rows={shown.map((row) => (
        <tr key={row.time} data-row-key={row.time}>
          <td>{rowTimeText(row.time, settings)}</td>
          {signals.map((s) => {
            const cell = row.cells[s.key];
            const bad = cell?.kind === 'raw' && !cell.good;
            return (
              <td
                key={s.key}
                className={bad ? 'rt-num rt-bad' : 'rt-num'}
                title={bad ? t('runtime.value.bad') : cell?.kind === 'bucket' ? t('runtime.table.bucket') : undefined}
              >
                {historyCellText(cell, s.signal)}
              </td>
            );
          })}
        </tr>
      ))}
      note={note}
      caption={caption}
      warning={warning}
      pager={settings.paged ? { page: shownPage, total: rows.length, onChange: setPage } : undefined}
    />
  );
}
