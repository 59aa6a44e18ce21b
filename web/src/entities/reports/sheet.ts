/**
 * A report as a spreadsheet (.xlsx): a few heading rows that say what it is (the report's name, the equipment, the
 * view and its span, when it was exported), the columns' titles as on the screen, then a row per period. Values stay
 * numbers rounded to the column's digits (they can be summed in the sheet), an empty period an empty cell (never 0),
 * and a period still running says so in the last column. The file is written as a range's pages arrive
 * ({@link ReportSheet}): each page's rows go into the file (lib/xlsx) and are not kept.
 */
import { formatBaseTime } from '@/lib/chinaTime';
import type { SheetCell } from '@/entities/equipmentRecords/sheetFile';
import { openSheet, type SheetWriter } from '@/lib/xlsx/sheet';
import type { ByteSink } from '@/lib/xlsx/sink';
import type { ReportRow } from '@/generated/answers';
import { cellNumber, columnTitle, periodText, rowState, type ReportLabels, type ShownColumn } from './format';
import type { ViewKind } from './view';

export interface SheetHeading {
  reportName: string;
  equipName: string;
  /** The view's name ("Daily") and its span ("2026-11-28"). */
  viewName: string;
  span: string;
  exportedAt: number;
  /** What `equipName` names ("Project" for a custom report); `labels.equipment` when absent. */
  ownerLabel?: string;
  /** A generated report's "generated at …" line, below the span. */
  note?: string;
}

export interface SheetLabels extends ReportLabels {
  equipment: string;
  view: string;
  span: string;
  exported: string;
  period: string;
  status: string;
  running: string;
  future: string;
}

/** The heading rows and the columns' title row; `titleRow` is the index of the latter. */
export function sheetHead(heading: SheetHeading, columns: readonly ShownColumn[], labels: SheetLabels): { rows: SheetCell[][]; titleRow: number } {
  const rows: SheetCell[][] = [
    [heading.reportName],
    [heading.ownerLabel ?? labels.equipment, heading.equipName],
    [labels.view, heading.viewName],
    [labels.span, heading.span],
    ...(heading.note ? [[heading.note]] : []),
    [labels.exported, formatBaseTime(heading.exportedAt)],
    [null],
    [labels.period, ...columns.map((column) => columnTitle(column, labels)), labels.status],
  ];
  return { rows, titleRow: rows.length - 1 };
}

/** A row per period: its period as text, each column's value (null: none), and "running" where it still runs. */
export function sheetRows(rows: readonly ReportRow[], columns: readonly ShownColumn[], kind: ViewKind, labels: SheetLabels, now: number): SheetCell[][] {
  return rows.map((row) => {
    const state = rowState(row, now);
    return [
      periodText(row, kind, labels),
      ...columns.map((column, i) => cellNumber(row.values[i] ?? null, column)),
      state === 'running' ? labels.running : state === 'future' ? labels.future : null,
    ];
  });
}

/** `<report>_<equipment>_<span>.xlsx`, characters file systems refuse and spaces as `_`. */
export function reportFileName(reportName: string, equipName: string, stamp: string): string {
  const name = [reportName, equipName, stamp].filter((part) => part.trim()).join('_');
  return `${name.replace(/[\\/:*?"<>|\s]+/g, '_')}.xlsx`;
}

/**
 * A report's file being written: the heading (the report's name and the titles bold, the first column wide enough
 * for a period) when opened, then the rows of each page as it comes; `finish` saves it, `abort` drops it.
 */
export class ReportSheet {
  private constructor(
    private readonly sheet: SheetWriter,
    private readonly columns: readonly ShownColumn[],
    private readonly kind: ViewKind,
    private readonly labels: SheetLabels,
  ) {}

  /** Opens the file in `sink` and writes the heading. */
  static async open(sink: ByteSink, heading: SheetHeading, columns: readonly ShownColumn[], kind: ViewKind, labels: SheetLabels): Promise<ReportSheet> {
    const head = sheetHead(heading, columns, labels);
    const widths = Array.from({ length: columns.length + 2 }, (_, i) => ({ width: i === 0 ? 26 : 18 }));
    const sheet = await openSheet(sink, { columns: widths });
    try {
      await sheet.addRows(head.rows.slice(0, 1), { bold: true });
      await sheet.addRows(head.rows.slice(1, head.titleRow));
      await sheet.addRows(head.rows.slice(head.titleRow), { bold: true });
    } catch (error) {
      await sheet.abort(error);
      throw error;
    }
    return new ReportSheet(sheet, columns, kind, labels);
  }

  /** Writes a page's rows; resolves once they are in the file (or its compressor). */
  add(rows: readonly ReportRow[], now: number): Promise<void> {
    return this.sheet.addRows(sheetRows(rows, this.columns, this.kind, this.labels, now));
  }

  /** Rows in the file so far, heading included. */
  get rowCount(): number {
    return this.sheet.rowCount;
  }

  /** Ends the file: saved (the picked file closed, or the download handed over). */
  finish(): Promise<void> {
    return this.sheet.finish();
  }

  /** Drops the file: nothing is saved (a picked file's partial copy removed). */
  abort(reason?: unknown): Promise<void> {
    return this.sheet.abort(reason);
  }
}
