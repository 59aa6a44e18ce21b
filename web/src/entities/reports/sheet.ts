/**
 * A report as a spreadsheet (.xlsx): a few heading rows that say what it is (the report's name, the equipment, the
 * view and its span, when it was exported), the columns' titles as on the screen, then a row per period. Values stay
 * numbers rounded to the column's digits (they can be summed in the sheet), an empty period an empty cell (never 0),
 * and a period still running says so in the last column. Rows are built a page at a time as a range's pages arrive
 * ({@link ReportSheet}), and the file is written at the end.
 */
import { formatBaseTime } from '@/lib/chinaTime';
import type { SheetCell } from '@/entities/equipmentRecords/sheetFile';
import { saveBlob } from '@/lib/download';
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

/** A sheet being built: the heading first, then the rows of each page as it comes. */
export class ReportSheet {
  private readonly rows: SheetCell[][];
  private readonly titleRow: number;
  private readonly width: number;

  constructor(heading: SheetHeading, private readonly columns: readonly ShownColumn[], private readonly kind: ViewKind, private readonly labels: SheetLabels) {
    const head = sheetHead(heading, columns, labels);
    this.rows = head.rows;
    this.titleRow = head.titleRow;
    this.width = columns.length + 2;
  }

  add(rows: readonly ReportRow[], now: number): void {
    this.rows.push(...sheetRows(rows, this.columns, this.kind, this.labels, now));
  }

  /** Every row so far, heading included (what the file holds). */
  get data(): readonly (readonly SheetCell[])[] {
    return this.rows;
  }

  /** The .xlsx file: the report's name and the titles bold, the first column wide enough for a period. */
  async blob(): Promise<Blob> {
    const { default: writeExcelFile } = await import('write-excel-file/browser');
    const bold = (value: SheetCell) => (value === null ? null : { value, fontWeight: 'bold' as const });
    const data = this.rows.map((row, i) => (i === 0 || i === this.titleRow ? row.map(bold) : [...row]));
    const columns = Array.from({ length: this.width }, (_, i) => ({ width: i === 0 ? 26 : 18 }));
    return writeExcelFile(data, { columns }).toBlob();
  }

  async save(fileName: string): Promise<void> {
    saveBlob(fileName, await this.blob());
  }
}
