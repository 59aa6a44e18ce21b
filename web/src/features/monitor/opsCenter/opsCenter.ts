/**
 * The operating centre's call and the pure parts of its screen (issue 14: `运营中心`, `monitor/gm/ocInfo`).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { ChartOption } from '@/lib/chartTheme';
import type { EquipmentLoad, OpsCenter } from '@/generated/answers';

/** The centre refreshes this often: open alarms change as they trigger and release. */
export const OPS_CENTER_REFRESH_MS = 30_000;
/** The chart shows the busiest equipment only. */
export const CHART_EQUIPMENT = 10;

/** POST /lfscada/ops/center/query {keyword?} → {totals, equipment}, busiest first. */
export function useOpsCenter(keyword: string) {
  return useQuery<OpsCenter, ApiError>({
    queryKey: ['opsCenter', keyword],
    queryFn: ({ signal }) => post<OpsCenter>('/lfscada/ops/center/query', keyword ? { keyword } : {}, { silent: true, ...(signal ? { signal } : {}) }),
    placeholderData: keepPreviousData,
    refetchInterval: OPS_CENTER_REFRESH_MS,
  });
}

/** The equipment with anything open, busiest first, at most {@link CHART_EQUIPMENT}. */
export function busiest(equipment: readonly EquipmentLoad[]): EquipmentLoad[] {
  return equipment.filter((e) => (e.openAlarms ?? 0) + (e.unconfirmedAlarms ?? 0) + (e.openOrders ?? 0) + (e.overdueWorksheets ?? 0) > 0).slice(0, CHART_EQUIPMENT);
}

/** A horizontal bar chart of the busiest equipment: open and unconfirmed alarms, open repair orders and overdue
 * inspection worksheets side by side. */
export function loadChart(
  equipment: readonly EquipmentLoad[],
  labels: { open: string; unconfirmed: string; orders: string; overdue: string },
): ChartOption {
  const rows = busiest(equipment).reverse(); // the busiest at the top of a horizontal chart
  return {
    animation: false,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 8, right: 24, top: 32, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: rows.map((e) => e.equipName), axisLabel: { width: 120, overflow: 'truncate' } },
    series: [
      { name: labels.open, type: 'bar', data: rows.map((e) => e.openAlarms ?? 0), itemStyle: { color: '#ff4d4f' } },
      { name: labels.unconfirmed, type: 'bar', data: rows.map((e) => e.unconfirmedAlarms ?? 0), itemStyle: { color: '#faad14' } },
      { name: labels.orders, type: 'bar', data: rows.map((e) => e.openOrders ?? 0), itemStyle: { color: '#1677ff' } },
      { name: labels.overdue, type: 'bar', data: rows.map((e) => e.overdueWorksheets ?? 0), itemStyle: { color: '#722ed1' } },
    ],
  };
}
