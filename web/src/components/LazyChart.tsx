/** The chart, loaded on first use so ECharts stays out of the calling screen's chunk (and the entry); a spinner meanwhile. */
import { lazy, Suspense, useState } from 'react';
import { Flex, Spin } from 'antd';
import type { EChartProps } from './EChart';

type ChartModule = typeof import('./EChart');

let chartModule: Promise<ChartModule> | undefined;
/** Set once ECharts is in: the chart then renders at once, without suspending a first time as React.lazy does. */
let loadedChart: ChartModule['default'] | undefined;
function loadChart(): Promise<ChartModule> {
  chartModule ??= import('./EChart').then(
    (module) => {
      loadedChart = module.default;
      return module;
    },
    (error: unknown) => {
      chartModule = undefined; // a later render tries again
      throw error;
    },
  );
  return chartModule;
}

/**
 * Starts loading ECharts without drawing yet, e.g. when a tab that draws a chart opens: the library (about 200 KB
 * compressed) then loads while the operator chooses and the query runs, not after the answer.
 */
export function preloadChart(): void {
  void loadChart().catch(() => undefined); // a failure shows when the chart renders
}

const EChart = lazy(loadChart);

export function LazyChart(props: EChartProps) {
  // Chosen once per chart: switching from the lazy path to the loaded one would remount (and reset) the chart.
  const [Loaded] = useState(() => loadedChart);
  if (Loaded) return <Loaded {...props} />;
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
