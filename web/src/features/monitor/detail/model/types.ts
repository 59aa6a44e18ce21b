/**
 * What the EG equipment detail screen reads from the server, typed from the handlers in
 * crates/server/src/api/monitor.rs and alarms.rs (the spec leaves most shapes open; these are the answers as
 * the server sends them).
 */

import type { Gateway } from '@/lib/gateway';

/** /lfscada/monitor/multi/gateway/info: the bound gateway's state. */
export type GatewayDetails = Gateway;

/** /lfscada/monitor/multi/equipment/detailInfo {equipmentId}: the equipment, its gateway, its signal count. */
export type { EquipmentDetail } from '@/generated/answers';
/** The equipment as /equipment/detailInfo answers it. */
export type { Equipment as EquipmentRecord } from '@/generated/answers';

/** One alarm record of /lfscada/monitor/multi/alarm/query (message already in the caller's language). */
export type { AlarmRecord } from '@/generated/answers';
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
