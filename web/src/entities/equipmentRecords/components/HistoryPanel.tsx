/**
 * A history query and its answer, shared by the EG detail's History tab and the project monitor's History view: a
 * UTC+8 time range (end not before start, at most HISTORY_MAX_DAYS days) and up to HISTORY_MAX_SIGNALS signals (the
 * server's limits); the answer drawn as an ECharts line chart with zoom (bucketed signals as min and max lines,
 * ../historySeries.ts) or listed in a table of 10 rows per page (cards on a phone), and exported to Excel.
 *
 * What differs between the two is given: the signals to choose from (a project's grouped by equipment), whose call
 * reads the history (`scope`), and a project's further choices and its table per period (`extraFields`,
 * `onQuery`, `children`).
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, DatePicker, Flex, Pagination, Segmented, Select, Table, Tag, Typography, type SelectProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined, LineChartOutlined, SearchOutlined, TableOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { EQUIPMENT_SCOPE, useHistory, type HistoryRequest, type HistoryScope } from '../history';
import { historyChartOption } from '../chartOptions';
import { formatBaseTime, fromPickerDate, toPickerDate } from '@/lib/chinaTime';
import { formatNumber } from '@/entities/signals/format';
import { stateOf } from '@/entities/signals/states';
import { StateValue, useStateLabel } from '@/entities/signals/components/StateValue';
import { CardList, CardListItem } from '@/components/CardList';
import { useCardLayout } from '@/lib/layout';
import { historyFileName, historySheet } from '../historyExport';
import { capSelection, checkRange, checkSignals, HISTORY_MAX_SIGNALS, rangeProblemText } from '../historyRange';
import { chartLines, historyRows, pointCount, type HistoryRow } from '../historySeries';
import type { HistoryAnswer, SignalEntry } from '@/generated/answers';
import { saveSheet } from '../sheetFile';
import { useDuration } from '../duration';
import { LazyChart, preloadChart } from '@/components/LazyChart';
import { TabEmpty, TabError, TabLoading } from '@/components/LoadState';

const PAGE_SIZE = 10;
const HOUR = 3_600_000;

export interface HistoryPanelProps {
  /** What the export's file is named after: the equipment, or the project. */
  fileName: string;
  /** The signals that may be chosen: their value maps and data types format the values. */
  signals: readonly SignalEntry[];
  /** The chooser's options when not the signals as they are (a project's, grouped by equipment). */
  signalOptions?: SelectProps<number[]>['options'];
  /** Whose call reads the history (the EG monitor's unless said). */
  scope?: HistoryScope;
  /** More choices beside the signals (a project's variables, period and statistic). */
  extraFields?: ReactNode;
  /** A project's variables to draw beside the signals (each query takes those chosen when it is pressed). */
  mvarIds?: readonly number[];
  /** Told of each query the range and signal checks let through (a project's table per period follows it). */
  onQuery?(request: HistoryRequest): void;
  /** Shown below the history once a query ran (a project's table per period). */
  children?: ReactNode;
  /** When the view opened (ms): the range starts as the hour before it. Now when not given. */
  openedAt?: number;
  testId?: string;
}

export function HistoryPanel({ fileName, signals, signalOptions, scope = EQUIPMENT_SCOPE, extraFields, mvarIds, onQuery, children, openedAt, testId = 'history-tab' }: HistoryPanelProps) {
  const { t } = useTranslation();
  const duration = useDuration();
  const [range, setRange] = useState<[number | null, number | null]>(() => {
    const end = openedAt ?? Date.now();
    return [end - HOUR, end];
  });
  const [selected, setSelected] = useState<number[]>([]);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [signalsProblem, setSignalsProblem] = useState<string | null>(null);
  const [request, setRequest] = useState<HistoryRequest | null>(null);
  const [run, setRun] = useState(0);
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const stateText = useStateLabel();
  const cards = useCardLayout();
  const history = useHistory(request, run, scope);
  // The rows of each answer, built on first use (the table or the export): the chart does not need them.
  const [rowsOf] = useState(() => new WeakMap<HistoryAnswer, HistoryRow[]>());
  // ECharts loads while the operator chooses signals and the query runs, rather than after the answer.
  useEffect(preloadChart, []);

  const answer = history.data;
  const lines = useMemo(() => (answer ? chartLines(answer) : []), [answer]);
  const rowsFor = (of: HistoryAnswer): HistoryRow[] => {
    let built = rowsOf.get(of);
    if (!built) {
      built = historyRows(of);
      rowsOf.set(of, built);
    }
    return built;
  };
  const option = useMemo(
    () =>
      historyChartOption(lines, {
        max: t('monitor.history.maxSuffix'),
        min: t('monitor.history.minSuffix'),
        perMinute: t('monitor.history.perMinuteSuffix'),
        perHour: t('monitor.history.perHourSuffix'),
      }),
    [lines, t],
  );

  const byId = new Map(signals.map((s) => [s.id, s]));

  const rangeText = (start: number | null, end: number | null) => {
    const problem = checkRange(start, end);
    return problem ? rangeProblemText(problem, t) : null;
  };

  const query = () => {
    const rangeProblem = rangeText(range[0], range[1]);
    const signalProblem = checkSignals(selected);
    setRangeError(rangeProblem);
    setSignalsProblem(
      signalProblem?.kind === 'none'
        ? t('monitor.history.signalsRequired')
        : signalProblem?.kind === 'tooMany'
          ? t('monitor.history.tooManySignals', { max: signalProblem.max })
          : null,
    );
    if (rangeProblem || signalProblem) return;
    const next: HistoryRequest = {
      signalIds: selected,
      ...(mvarIds?.length ? { mvarIds: [...mvarIds] } : {}),
      startTime: range[0] as number,
      endTime: range[1] as number,
    };
    onQuery?.(next);
    setPage(1);
    setRequest(next);
    setRun((n) => n + 1);
  };

  const exportExcel = async () => {
    if (!answer || !request) return;
    setExporting(true);
    try {
      const sheet = historySheet(rowsFor(answer), {
        time: t('monitor.history.column.time'),
        signal: t('monitor.history.column.signal'),
        value: t('monitor.history.column.value'),
        min: t('monitor.history.column.min'),
        max: t('monitor.history.column.max'),
        unit: t('monitor.history.column.unit'),
        quality: t('monitor.history.column.quality'),
        good: t('monitor.quality.good'),
        bad: t('monitor.quality.bad'),
        state: t('monitor.history.column.state'),
      }, (row) => {
        const state = stateOf(byId.get(row.signalId)?.valueMap, row.value);
        return state ? stateText(state) : null;
      });
      await saveSheet(historyFileName(fileName, request.startTime, request.endTime), sheet);
    } catch (error) {
      showError(error instanceof ApiError ? error : new ApiError('export', t('monitor.history.exportFailed')));
    } finally {
      setExporting(false);
    }
  };

  /** The value of a row as the table and the phone cards show it: a state where mapped, min–max for a bucket. */
  const valueCell = (row: HistoryRow) => {
    const format = { decimals: row.decimals, dataType: byId.get(row.signalId)?.dataType ?? 'float64' };
    const unit = row.unit ? ` ${row.unit}` : '';
    if (row.kind === 'bucket') {
      return t('monitor.history.bucketValue', { min: formatNumber(row.min, format), max: formatNumber(row.max, format), unit });
    }
    const number = `${formatNumber(row.value, format)}${row.value === null ? '' : unit}`;
    const state = stateOf(byId.get(row.signalId)?.valueMap, row.value);
    return state ? <StateValue state={state} number={number} /> : number;
  };
  const qualityCell = (row: HistoryRow) =>
    row.kind === 'raw' ? (
      row.good ? t('monitor.quality.good') : <Typography.Text type="danger">{t('monitor.quality.bad')}</Typography.Text>
    ) : (
      <Tag>{t('monitor.history.bucketOf', { width: duration(row.bucketMs) })}</Tag>
    );

  const columns: ColumnsType<HistoryRow> = [
    {
      title: t('monitor.history.column.time'),
      key: 'time',
      render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{formatBaseTime(row.time)}</span>,
    },
    { title: t('monitor.history.column.signal'), key: 'signal', render: (_, row) => row.signalTitle },
    { title: t('monitor.history.column.value'), key: 'value', align: 'right', render: (_, row) => valueCell(row) },
    { title: t('monitor.history.column.quality'), key: 'quality', render: (_, row) => qualityCell(row) },
  ];

  const pickerValue: [Dayjs | null, Dayjs | null] = [
    range[0] === null ? null : dayjs(toPickerDate(range[0])),
    range[1] === null ? null : dayjs(toPickerDate(range[1])),
  ];

  return (
    <Flex vertical gap={16} data-testid={testId}>
      <Flex gap={16} wrap align="flex-start">
        <Flex vertical gap={4}>
          <Typography.Text strong>{t('monitor.history.range')}</Typography.Text>
          <DatePicker.RangePicker
            id="history-range"
            placeholder={[t('monitor.range.start'), t('monitor.range.end')]}
            showTime
            allowEmpty={[true, true]}
            order={false}
            format="YYYY-MM-DD HH:mm:ss"
            value={pickerValue}
            status={rangeError ? 'error' : undefined}
            onChange={(values) => {
              const next: [number | null, number | null] = [
                values?.[0] ? fromPickerDate(values[0].toDate()) : null,
                values?.[1] ? fromPickerDate(values[1].toDate()) : null,
              ];
              setRange(next);
              setRangeError(rangeText(next[0], next[1]));
            }}
          />
          <Typography.Text type={rangeError ? 'danger' : 'secondary'} role={rangeError ? 'alert' : undefined} data-testid="history-range-error" style={{ fontSize: 12 }}>
            {rangeError ?? t('monitor.history.rangeHint')}
          </Typography.Text>
        </Flex>
        <Flex vertical gap={4} style={{ flex: 1, minWidth: 280 }}>
          <Typography.Text strong>{t('monitor.history.signals', { max: HISTORY_MAX_SIGNALS })}</Typography.Text>
          <Select<number[]>
            id="history-signals"
            mode="multiple"
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('monitor.history.pickSignals')}
            value={selected}
            status={signalsProblem ? 'error' : undefined}
            onChange={(next) => {
              const capped = capSelection(selected, next);
              setSelected(capped.selection);
              setSignalsProblem(capped.refused ? t('monitor.history.tooManySignals', { max: HISTORY_MAX_SIGNALS }) : null);
            }}
            options={signalOptions ?? signals.map((s) => ({ value: s.id, label: s.signalTitle }))}
          />
          <Typography.Text type={signalsProblem ? 'danger' : 'secondary'} role={signalsProblem ? 'alert' : undefined} data-testid="history-signals-error" style={{ fontSize: 12 }}>
            {signalsProblem ?? t('monitor.history.signalsHint', { max: HISTORY_MAX_SIGNALS })}
          </Typography.Text>
        </Flex>
        {extraFields}
        <Flex vertical gap={4}>
          <Typography.Text>&nbsp;</Typography.Text>
          <Button id="history-query" type="primary" icon={<SearchOutlined />} loading={history.isFetching} onClick={query}>
            {t('monitor.history.query')}
          </Button>
        </Flex>
      </Flex>

      {request === null ? (
        <TabEmpty testId="history-idle" description={t('monitor.history.idle')} />
      ) : history.isLoading ? (
        <TabLoading testId="history-loading" />
      ) : history.isError || !answer ? (
        <TabError title={t('monitor.history.loadFailed')} error={history.error} onRetry={() => void history.refetch()} testId="history-error" />
      ) : pointCount(answer) === 0 ? (
        <TabEmpty testId="history-empty" description={t('monitor.history.empty')} />
      ) : (
        <Flex vertical gap={12}>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Segmented
              id="history-view"
              value={view}
              onChange={(v) => setView(v as 'chart' | 'table')}
              options={[
                { value: 'chart', label: t('monitor.history.chart'), icon: <LineChartOutlined /> },
                { value: 'table', label: t('monitor.history.table'), icon: <TableOutlined /> },
              ]}
            />
            <Button id="history-export" icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportExcel()}>
              {t('monitor.history.export')}
            </Button>
          </Flex>
          <Typography.Text type="secondary" data-testid="history-summary">
            {t('monitor.history.summary', { points: pointCount(answer).toLocaleString('en-US'), signals: answer.series.length })}
          </Typography.Text>
          {answer.series
            .filter((s) => s.bucketMs)
            .map((s) => (
              <Alert
                key={s.signalId}
                type="info"
                showIcon
                data-testid="history-bucketed"
                message={t('monitor.history.bucketed', { signal: s.signalTitle, rows: s.rows.toLocaleString('en-US'), width: duration(s.bucketMs) })}
              />
            ))}
          {view === 'chart' ? (
            <LazyChart option={option} height={420} testId="history-chart" />
          ) : cards ? (
            <CardList testId="history-cards">
              {rowsFor(answer)
                .slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)
                .map((row) => (
                  <CardListItem key={row.key} rowKey={row.key} testId="history-card">
                    <Flex justify="space-between" align="baseline" gap={8}>
                      <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                        {row.signalTitle}
                      </Typography.Text>
                      <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>{valueCell(row)}</span>
                    </Flex>
                    <Flex justify="space-between" align="center" gap={8} wrap>
                      <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                        {formatBaseTime(row.time)}
                      </Typography.Text>
                      {qualityCell(row)}
                    </Flex>
                  </CardListItem>
                ))}
              <Flex justify="center">
                <PaginationBar page={page} total={rowsFor(answer).length} onChange={setPage} simple />
              </Flex>
            </CardList>
          ) : (
            <Table<HistoryRow>
              rowKey="key"
              size="small"
              columns={columns}
              dataSource={rowsFor(answer).slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)}
              data-testid="history-table"
              pagination={false}
              footer={() => (
                <Flex justify="flex-end">
                  <PaginationBar page={page} total={rowsFor(answer).length} onChange={setPage} />
                </Flex>
              )}
            />
          )}
        </Flex>
      )}
      {request !== null && children}
    </Flex>
  );
}

/** antd's Pagination for the table: the rows are sliced here so 200,000 rows never reach the Table at once. */
function PaginationBar({ page, total, onChange, simple = false }: { page: number; total: number; onChange: (page: number) => void; simple?: boolean }) {
  const { t } = useTranslation();
  return (
    <Pagination
      simple={simple}
      current={page}
      pageSize={PAGE_SIZE}
      total={total}
      showSizeChanger={false}
      showTotal={(count) => t('monitor.history.rows', { count })}
      onChange={onChange}
    />
  );
}
