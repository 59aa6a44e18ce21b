/**
 * A one-sheet .xlsx file written row by row into a {@link ByteSink} as the rows come (a report's range page by
 * page), never held whole: the fixed parts first (parts.ts), then the worksheet's XML streamed through the ZIP
 * writer (zip.ts), each batch of rows turned into XML, encoded, compressed and handed to the sink before the next is
 * taken. Strings are inline (`t="inlineStr"`), so no shared-strings table grows with the file; numbers stay numbers;
 * null (and '') is an empty cell.
 *
 * ```ts
 * const sheet = await openSheet(sink, { columns: [{ width: 26 }, { width: 18 }] });
 * await sheet.addRows([['Time', 'Flow']], { bold: true });
 * await sheet.addRows(page.rows);          // as each page arrives
 * await sheet.finish();                    // or sheet.abort() on cancel: nothing is saved
 * ```
 */
import { BOLD_STYLE, CONTENT_TYPES, ROOT_RELS, SHEET_END, STYLES, WORKBOOK_RELS, sheetStart, workbook } from './parts';
import type { ByteSink } from './sink';
import { cellText, columnName } from './xml';
import { ZipWriter, type ZipEntry } from './zip';

export type Cell = string | number | boolean | null | undefined;

/** The most rows a spreadsheet program opens (Excel's 1,048,576). */
export const MAX_ROWS = 1_048_576;
/** The most characters a cell holds (Excel's 32,767); longer text is cut there. */
export const MAX_CELL_TEXT = 32_767;

export class SheetLimitError extends Error {
  constructor(what: string) {
    super(`the sheet is too large: ${what}`);
    this.name = 'SheetLimitError';
  }
}

export interface SheetOptions {
  /** Column widths in characters, from the first column; a column without one keeps the default. */
  columns?: readonly { width?: number }[];
  /** The sheet's tab name (31 characters at most). */
  sheetName?: string;
  /** Deflate the parts (the default where the browser can), or store them. */
  deflate?: boolean;
  /** The files' time inside the archive; now by default. */
  modified?: Date;
  /** The largest file in bytes (zip.ts: 4 GiB − 1 at most); smaller only in tests. */
  limit?: number;
}

export interface RowOptions {
  /** The rows' cells written bold (a header). */
  bold?: boolean;
}

export interface SheetWriter {
  /** Appends rows after those written; resolves once they are handed to the sink. */
  addRows(rows: Iterable<readonly Cell[]>, options?: RowOptions): Promise<void>;
  /** Rows written so far. */
  readonly rowCount: number;
  /** Ends the sheet and the archive; the sink closes (the file is saved). */
  finish(): Promise<void>;
  /** Drops the file: the sink aborts, nothing is saved. */
  abort(reason?: unknown): Promise<void>;
}

/** One cell's XML, or '' for an empty cell (not written: the next cell's reference says where it is). */
function cellXml(value: Cell, ref: string, style: string): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"${style}><v>${value}</v></c>` : '';
  if (typeof value === 'boolean') return `<c r="${ref}"${style} t="b"><v>${value ? 1 : 0}</v></c>`;
  const text = cellText(value.length > MAX_CELL_TEXT ? value.slice(0, MAX_CELL_TEXT) : value);
  const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${style} t="inlineStr"><is><t${space}>${text}</t></is></c>`;
}

/** Opens the file in `sink`: writes the fixed parts and the worksheet's start. */
export async function openSheet(sink: ByteSink, options: SheetOptions = {}): Promise<SheetWriter> {
  const zip = new ZipWriter(sink, { deflate: options.deflate, modified: options.modified, limit: options.limit });
  const encoder = new TextEncoder();
  let data: ZipEntry;
  try {
    await zip.add('[Content_Types].xml', encoder.encode(CONTENT_TYPES));
    await zip.add('_rels/.rels', encoder.encode(ROOT_RELS));
    await zip.add('xl/workbook.xml', encoder.encode(workbook((options.sheetName ?? 'Sheet1').slice(0, 31))));
    await zip.add('xl/_rels/workbook.xml.rels', encoder.encode(WORKBOOK_RELS));
    await zip.add('xl/styles.xml', encoder.encode(STYLES));
    data = await zip.entry('xl/worksheets/sheet1.xml');
    await data.write(encoder.encode(sheetStart((options.columns ?? []).map((c) => c.width))));
  } catch (error) {
    await zip.abort(error);
    throw error;
  }

  let rowCount = 0;
  // Column letters, made once per column index.
  const letters: string[] = [];
  const letter = (i: number) => (letters[i] ??= columnName(i));
  // One write at a time: a second addRows waits for the first (the rows stay in order).
  let queue: Promise<void> = Promise.resolve();
  let state: 'open' | 'finished' | 'aborted' = 'open';

  const writeRows = async (rows: Iterable<readonly Cell[]>, bold: boolean) => {
    const style = bold ? ` s="${BOLD_STYLE}"` : '';
    // Rows are encoded in batches of about 256 KiB of XML, so a large page is not one huge string.
    let xml = '';
    for (const row of rows) {
      if (state !== 'open') throw new Error(`the sheet is ${state}`);
      if (rowCount >= MAX_ROWS) throw new SheetLimitError(`over ${MAX_ROWS} rows`);
      rowCount += 1;
      let cells = '';
      for (let i = 0; i < row.length; i++) cells += cellXml(row[i], `${letter(i)}${rowCount}`, style);
      xml += `<row r="${rowCount}">${cells}</row>`;
      if (xml.length >= 262_144) {
        await data.write(encoder.encode(xml));
        xml = '';
      }
    }
    if (xml) await data.write(encoder.encode(xml));
  };

  const fail = async (error: unknown) => {
    if (state === 'open') {
      state = 'aborted';
      await zip.abort(error).catch(() => {});
    }
    throw error;
  };

  return {
    get rowCount() {
      return rowCount;
    },
    addRows(rows, rowOptions = {}) {
      const next = queue.then(() => writeRows(rows, rowOptions.bold ?? false)).catch(fail);
      queue = next.catch(() => {});
      return next;
    },
    finish() {
      const next = queue
        .then(async () => {
          if (state !== 'open') throw new Error(`the sheet is ${state}`);
          await data.write(encoder.encode(SHEET_END));
          await data.close();
          await zip.finish();
          state = 'finished';
        })
        .catch(fail);
      queue = next.catch(() => {});
      return next;
    },
    async abort(reason) {
      if (state !== 'open') return;
      state = 'aborted';
      await zip.abort(reason);
    },
  };
}
