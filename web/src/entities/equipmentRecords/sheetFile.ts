/**
 * Readings saved as a spreadsheet (.xlsx), shared by the EG detail screen's history export and the configuration
 * pages' history and alarm tables: the file's name (what it holds and the time range, characters file systems refuse
 * replaced), numbers rounded to a signal's decimals but kept numbers (so they can be summed in the sheet), and the
 * writing itself. The spreadsheet library is loaded only when a file is saved.
 */
import { saveBlob } from '@/lib/download';
import { formatBaseTime } from '@/lib/chinaTime';
import { clampDecimals } from '@/entities/signals/format';

export type SheetCell = string | number | null;

/** `value` to `decimals` places as a number; null (an empty cell) for none. */
export function sheetNumber(value: number | null, decimals: number): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  return Number(value.toFixed(clampDecimals(decimals)));
}

/** `<name>_<start>_<end>.xlsx`, times in UTC+8 as the console shows them; unsafe characters and spaces as `_`. */
export function sheetFileName(name: string, start: number, end: number): string {
  const stamp = (ms: number) => formatBaseTime(ms, 'YYYYMMDD-HHmmss');
  return `${`${name}_${stamp(start)}_${stamp(end)}`.replace(/[\\/:*?"<>|\s]+/g, '_')}.xlsx`;
}

/** The .xlsx file of `rows` (the first being the header, written bold). */
export async function sheetBlob(rows: readonly (readonly SheetCell[])[]): Promise<Blob> {
  const { default: writeExcelFile } = await import('write-excel-file/browser');
  const [header = [], ...body] = rows;
  const data = [header.map((value) => (value === null ? null : { value, fontWeight: 'bold' as const })), ...body.map((row) => [...row])];
  return writeExcelFile(data).toBlob();
}

/** Writes `rows` into an .xlsx file and hands it to the browser's download as `fileName`. */
export async function saveSheet(fileName: string, rows: readonly (readonly SheetCell[])[]): Promise<void> {
  saveBlob(fileName, await sheetBlob(rows));
}
