/**
 * What the EG equipment detail screen reads from the server, typed from the handlers in
 * crates/server/src/api/monitor.rs and alarms.rs (the spec leaves most shapes open; these are the answers as
 * the server sends them).
 */

/** Modbus data types of a signal (protocol crate, `DataType`). */
export type SignalDataType = 'bool' | 'int16' | 'uint16' | 'int32' | 'uint32' | 'float32' | 'float64';

/** A row of /lfscada/monitor/multi/signal/query: the catalogue record plus what writing and formatting need. */
export interface MonitorSignal {
  id: number;
  signalTitle: string;
  equipId: number;
  equipTitle: string;
  area: string;
  dataType: SignalDataType | string;
  unit: string;
  /** Digits after the decimal point when shown. */
  decimals: number;
  /** False for read-only signals (input registers, discrete inputs, or not marked writable). */
  writable: boolean;
  min: number | null;
  max: number | null;
}

/** /lfscada/monitor/multi/gateway/info: the bound gateway's state (the store's `Gateway`, never its secret). */
export interface GatewayDetails {
  id: number;
  sn: string;
  name: string;
  model: string;
  firmware: string;
  online: boolean;
  vpn: boolean;
  signalStrength: number | null;
  /** Reporting interval while a monitor window is open, ms. */
  interval: number;
  /** Period of the history sample outside monitor windows, ms. */
  sampleInterval: number;
  economizeOpen: boolean;
  lastSeenMs: number | null;
  configVersion: number;
  appliedVersion: number;
  configError: string | null;
  gmtCreate: number;
}

/** The equipment as /equipment/detailInfo answers it. */
export interface EquipmentRecord {
  id: number;
  equipName: string;
  display: string;
  ruleType: string;
  model: string;
  manufacturer: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  remark: string;
  gatewaySn: string | null;
  driver: unknown;
  gmtCreate: number;
  gmtModified: number;
}

/** /lfscada/monitor/multi/equipment/detailInfo {equipmentId}. */
export interface EquipmentDetail {
  equipment: EquipmentRecord;
  gateway: GatewayDetails | null;
  signalCount: number;
}

/** One alarm record of /lfscada/monitor/multi/alarm/query (message already in the caller's language). */
export interface AlarmRecord {
  id: number;
  equipId: number;
  equipTitle: string;
  signalId: number | null;
  signalTitle: string;
  /** `signal` (a rule fired) or `no_data` (the signal went silent). */
  type: string;
  level: number;
  gmtTrigger: number;
  gmtRelease: number | null;
  value: number | null;
  msg: string;
  confirmUser: string | null;
  gmtConfirm: number | null;
  released: boolean;
  confirmed: boolean;
}

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
