/**
 * A signal as the monitor screens and the configuration page viewer read it (/lfscada/monitor/multi/signal/query,
 * crates/server/src/api/monitor.rs): the catalogue record plus what formatting and writing need.
 */
import type { SignalEntry } from '@/generated/answers';

/** Modbus data types of a signal (protocol crate, `DataType`). */
export type SignalDataType = 'bool' | 'int16' | 'uint16' | 'int32' | 'uint32' | 'float32' | 'float64';

/** A row of /lfscada/monitor/multi/signal/query: the catalogue record plus what writing and formatting need. */
export type MonitorSignal = SignalEntry;
