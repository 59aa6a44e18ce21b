import { describe, expect, it } from 'vitest';
import type { EquipmentLoad } from '@/generated/answers';
import { busiest, CHART_EQUIPMENT, loadChart } from './opsCenter';

const load = (id: number, openAlarms: number | null, unconfirmedAlarms: number | null, openOrders: number | null = 0, overdueWorksheets: number | null = 0): EquipmentLoad => ({
  id,
  equipName: `E${id}`,
  openAlarms,
  unconfirmedAlarms,
  openOrders,
  overdueWorksheets,
});

describe('the operating centre chart', () => {
  it('shows only equipment with something open, at most ten, busiest at the top', () => {
    const rows = [load(1, 5, 1), load(2, 0, 3), load(3, 0, 0), load(4, null, null, null, null), load(5, 0, 0, 2), load(6, 0, 0, 0, 1)];
    expect(busiest(rows).map((e) => e.id)).toEqual([1, 2, 5, 6]);
    const many = Array.from({ length: 15 }, (_, i) => load(i + 1, 15 - i, 0));
    expect(busiest(many)).toHaveLength(CHART_EQUIPMENT);
    const option = loadChart(rows.slice(0, 2), { open: 'Open', unconfirmed: 'Unconfirmed', orders: 'Orders', overdue: 'Overdue' }) as {
      yAxis: { data: string[] };
      series: Array<{ name: string; data: number[] }>;
    };
    expect(option.yAxis.data).toEqual(['E2', 'E1']);
    expect(option.series.map((s) => [s.name, s.data])).toEqual([
      ['Open', [0, 5]],
      ['Unconfirmed', [3, 1]],
      ['Orders', [0, 0]],
      ['Overdue', [0, 0]],
    ]);
  });
});
