/**
 * What an equipment's alarm and history calls answer, read by the EG detail screen's tabs and by the
 * configuration pages' alarm and history tables (typed from crates/server/src/api/monitor.rs and alarms.rs).
 */
import type { AlarmRecord } from '@/generated/answers';

export interface AlarmPage {
  total: number;
  list: AlarmRecord[];
}

/** A history point as the server sends it: time (ms), value, good quality. */
export type HistoryPoint = [number, number | null, boolean];

/** One signal's history (bucketMs set: the points are min/max pairs, see model/historySeries.ts). */
export interface HistorySeriesAnswer {
  signalId: number;
  signalTitle: string;
  equipId: number;
  equipTitle: string;
  unit: string;
  decimals: number;
  /** Rows stored in the range (may exceed the points answered). */
  rows: number;
  bucketMs: number | null;
  points: HistoryPoint[];
}

/** /lfscada/monitor/multi/history/query. */
export interface HistoryAnswer {
  startTime: number;
  endTime: number;
  series: HistorySeriesAnswer[];
}
