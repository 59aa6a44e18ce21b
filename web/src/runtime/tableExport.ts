/**
 * A page's table as a spreadsheet (`exportExcel`), pure so it is tested without a browser: the same columns, headings
 * and row order as the table on screen, every row of the window (not only the page shown), numbers as numbers (to the
 * signal's decimals, so they can be summed) and the texts in the console's language. The file is named after the widget
 * (its name, else the equipment's, else the table kind) and the time range. Written by
 * entities/equipmentRecords/sheetFile.ts, the EG detail screen's history export's writer.
 */
import type { AlarmRecord } from '@/generated/answers';
import { sheetFileName, sheetNumber, type SheetCell } from '@/entities/equipmentRecords/sheetFile';
import { formatTimer } from './format';
import { PERIOD_FORMATS, type HistoryTableRow, type TableSettings } from './tables';

/** A history column: the heading as shown (name and unit) and how its numbers are rounded. */
export interface ExportColumn {
  key: string;
  heading: string;
  decimals: number;
}

/** The time column's text of a row: the instant, or the minute, hour or day of a period row. */
export function rowTimeText(time: number, settings: Pick<TableSettings, 'dimensionType' | 'timeUnit'>): string {
  return settings.dimensionType === 'unit' ? formatTimer(time, PERIOD_FORMATS[settings.timeUnit]) : formatTimer(time);
}

/**
 * The history sheet: the time heading and one column per signal, then every row newest first. A min/max bucket (a
 * signal the server thinned) is written as its text "min – max", as the table shows it.
 */
export function historyExportRows(
  rows: readonly HistoryTableRow[],
  columns: readonly ExportColumn[],
  timeHeading: string,
  settings: Pick<TableSettings, 'dimensionType' | 'timeUnit'>,
): SheetCell[][] {
  const header: SheetCell[] = [timeHeading, ...columns.map((c) => c.heading)];
  const body = rows.map((row): SheetCell[] => [
    rowTimeText(row.time, settings),
    ...columns.map((c): SheetCell => {
      const cell = row.cells[c.key];
      if (!cell) return null;
      if (cell.kind === 'raw') return sheetNumber(cell.value, c.decimals);
      const min = sheetNumber(cell.min, c.decimals);
      const max = sheetNumber(cell.max, c.decimals);
      return min === null && max === null ? null : `${min ?? ''} – ${max ?? ''}`;
    }),
  ]);
  return [header, ...body];
}

/** The texts an alarm row is written with, in the console's language (as the table shows them). */
export interface AlarmExportTexts {
  headings: readonly string[];
  type(record: AlarmRecord): string;
  active: string;
  confirmedBy(user: string): string;
  unconfirmed: string;
}

/** The alarm sheet: the spec's columns (equipTitle, type, gmtTrigger, gmtRelease, value, msg, opration). */
export function alarmExportRows(list: readonly AlarmRecord[], texts: AlarmExportTexts): SheetCell[][] {
  const body = list.map((r): SheetCell[] => [
    r.equipTitle,
    texts.type(r),
    formatTimer(r.gmtTrigger),
    r.gmtRelease !== null ? formatTimer(r.gmtRelease) : texts.active,
    r.value === null || !Number.isFinite(r.value) ? null : sheetNumber(r.value, 6),
    r.msg || null,
    r.confirmed ? texts.confirmedBy(r.confirmUser ?? '—') : texts.unconfirmed,
  ]);
  return [[...texts.headings], ...body];
}

/** `<widget or equipment name>_<start>_<end>.xlsx`; `fallback` (the table's kind) when both are blank. */
export function tableFileName(names: readonly string[], fallback: string, start: number, end: number): string {
  const name = names.map((n) => n.trim()).find((n) => n !== '') ?? fallback;
  return sheetFileName(name, start, end);
}
