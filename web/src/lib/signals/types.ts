/**
 * A signal as the monitor screens and the configuration page viewer read it (/lfscada/monitor/multi/signal/query,
 * crates/server/src/api/monitor.rs): the catalogue record plus what formatting and writing need.
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
