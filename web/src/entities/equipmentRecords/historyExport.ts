/**
 * The history as a spreadsheet: the table's rows (newest first), times as UTC+8 text so the file reads like the
 * screen, values rounded to each signal's decimals as numbers (so they can be summed in the sheet) with their state
 * text beside them, min and max for bucketed signals.
 */
import { formatBaseTime } from '@/lib/chinaTime';
import { sheetFileName, sheetNumber as rounded, type SheetCell } from '@/entities/equipmentRecords/sheetFile';
import type { HistoryRow } from './historySeries';

export type { SheetCell } from '@/entities/equipmentRecords/sheetFile';

export interface ExportLabels {
  time: string;
  signal: string;
  value: string;
  min: string;
  max: string;
  unit: string;
  quality: string;
  good: string;
  bad: string;
  state: string;
}

/** A raw reading's state text (its signal's value map, entities/signals/states.ts), or null. */
export type StateTextOf = (row: Extract<HistoryRow, { kind: 'raw' }>) => string | null;

/**
 * The sheet: the value stays a number (it can be summed), and the state it names, where the signal has state
 * texts, sits in its own column beside it.
 */
export function historySheet(rows: HistoryRow[], labels: ExportLabels, stateText: StateTextOf = () => null): SheetCell[][] {
  const header = [labels.time, labels.signal, labels.value, labels.state, labels.min, labels.max, labels.unit, labels.quality];
  const body = rows.map((row): SheetCell[] =>
    row.kind === 'raw'
      ? [formatBaseTime(row.time), row.signalTitle, rounded(row.value, row.decimals), stateText(row), null, null, row.unit, row.good ? labels.good : labels.bad]
      : [formatBaseTime(row.time), row.signalTitle, null, null, rounded(row.min, row.decimals), rounded(row.max, row.decimals), row.unit, null],
  );
  return [header, ...body];
}

/** The file name: equipment and range, characters file systems refuse replaced. */
export function historyFileName(equipment: string, start: number, end: number): string {
  return sheetFileName(equipment || 'history', start, end);
}
