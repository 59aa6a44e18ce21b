/**
 * Readings saved as a spreadsheet (.xlsx), shared by the EG detail screen's history export and the configuration
 * pages' history and alarm tables: the file's name (what it holds and the time range, characters file systems refuse
 * replaced), numbers rounded to a signal's decimals but kept numbers (so they can be summed in the sheet), and the
 * writing itself, by the console's streaming writer (lib/xlsx): into the file the user picks where the browser lets a
 * page write one, else into the download (lib/xlsx/save.ts).
 */
import { formatBaseTime } from '@/lib/chinaTime';
import { clampDecimals } from '@/entities/signals/format';
import { openSheet } from '@/lib/xlsx/sheet';
import { blobOf, type ByteSink } from '@/lib/xlsx/sink';
import { openSaveSink, SaveCancelled } from '@/lib/xlsx/save';

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

/** Rows handed to the writer at a time: the XML of a few thousand rows, not of the whole table, is made at once. */
const BATCH = 2000;

/** Writes `rows` (the first being the header, written bold) into `sink` as an .xlsx file and closes it. */
export async function writeSheet(sink: ByteSink, rows: readonly (readonly SheetCell[])[]): Promise<void> {
  const sheet = await openSheet(sink);
  try {
    if (rows.length > 0) await sheet.addRows(rows.slice(0, 1), { bold: true });
    for (let at = 1; at < rows.length; at += BATCH) await sheet.addRows(rows.slice(at, at + BATCH));
    await sheet.finish();
  } catch (error) {
    await sheet.abort(error);
    throw error;
  }
}

/** The .xlsx file of `rows` (the first being the header, written bold). */
export async function sheetBlob(rows: readonly (readonly SheetCell[])[]): Promise<Blob> {
  return blobOf((sink) => writeSheet(sink, rows));
}

/**
 * Writes `rows` into an .xlsx file saved as `fileName` (the picked file or the download); false when the user closed
 * the save dialog (nothing is saved).
 */
export async function saveSheet(fileName: string, rows: readonly (readonly SheetCell[])[]): Promise<boolean> {
  let sink: ByteSink;
  try {
    sink = await openSaveSink(fileName);
  } catch (error) {
    if (error instanceof SaveCancelled) return false;
    throw error;
  }
  await writeSheet(sink, rows);
  return true;
}
