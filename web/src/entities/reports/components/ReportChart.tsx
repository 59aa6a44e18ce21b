/**
 * The chart of one report column, chosen by the operator (the first until they choose): bars or a line by its
 * statistic (../chart.ts); a column without a value in the view says so instead of drawing empty axes. ECharts
 * loads with the first chart, not with the screen.
 */
import { useMemo, useState } from 'react';
import { Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LazyChart } from '@/components/LazyChart';
import { TabEmpty } from '@/components/LoadState';
import { reportChartOption } from '../chart';
import { columnTitle } from '../format';
import { chartKind } from '../statistics';
import type { ShownTable } from '../table';
import { useReportLabels } from '../labels';
import type { ViewKind } from '../view';

export function ReportChart({ data, kind }: { data: ShownTable; kind: ViewKind }) {
  const { t } = useTranslation();
  const labels = useReportLabels();
  const [chosen, setChosen] = useState(0);
  // A column index past the columns (another report's) falls back to the first.
  const index = chosen < data.cols.length ? chosen : 0;
  const column = data.cols[index];
  const option = useMemo(
    () => (column ? reportChartOption(data.rows, column, index, kind, labels) : null),
    [data.rows, column, index, kind, labels],
  );
  if (!column || !option) return null;
  return (
    <Flex vertical gap={8} data-testid="report-chart-pane" data-column={index} data-chart-type={chartKind(column.statistic)}>
      <Flex align="center" gap={8} wrap>
        <Typography.Text>{t('reports.chartColumn')}</Typography.Text>
        <Select<number>
          id="report-chart-column"
          value={index}
          onChange={setChosen}
          style={{ minWidth: 280 }}
          popupMatchSelectWidth={false}
          showSearch
          optionFilterProp="label"
          options={data.cols.map((c, i) => ({ value: i, label: columnTitle(c, labels) }))}
        />
      </Flex>
      {data.rows.some((row) => typeof row.values[index] === 'number') ? (
        <LazyChart option={option} height={320} testId="report-chart" />
      ) : (
        <TabEmpty testId="report-chart-empty" description={t('reports.noValues')} />
      )}
    </Flex>
  );
}
