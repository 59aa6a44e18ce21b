/** The chart, loaded on first use so ECharts stays out of the screen's own chunk; a spinner meanwhile. */
import { lazy, Suspense } from 'react';
import { Flex, Spin } from 'antd';
import type { EChartProps } from './EChart';

const EChart = lazy(() => import('./EChart'));

export function LazyChart(props: EChartProps) {
  return (
    <Suspense
      fallback={
        <Flex justify="center" align="center" style={{ height: props.height }} data-testid="chart-loading">
          <Spin />
        </Flex>
      }
    >
      <EChart {...props} />
    </Suspense>
  );
}
