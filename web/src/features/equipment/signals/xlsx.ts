/**
 * Signal lists as .xlsx files: one row per signal under a header row of column names. The header is written in
 * the current language and read back in either language (or as the wire names: `dataType`, …), so a file
 * exported by a Chinese console imports into an English one. Enumerations are written as their wire values
 * (`holding_register`, `float32`, `big`), which read the same everywhere; their labels in either language are
 * accepted too. The file is written by the console's own writer (lib/xlsx); the reading library is loaded only when a
 * file is imported.
 *
 * Import is all or nothing: every row is checked (cells, then the server's signal rules, then overlaps) and a
 * single refused row imports nothing, with each refusal named by sheet row number, column and reason.
 */
import type { SignalDef } from '@/generated/answers';
import { openSheet } from '@/lib/xlsx/sheet';
import { blobOf } from '@/lib/xlsx/sink';
import { i18n, loadTextsInEveryLanguage } from '@/lib/i18n';
import { LANGUAGES, type Language } from '@/lib/i18n/language';
import {
  AREAS,
  DATA_TYPES,
  MAX_SIGNALS,
  ORDERS,
  SIGNAL_FIELDS,
  checkSignals,
  type SignalField,
} from './model';
import { formatStates, parseStates } from '@/entities/signals/states';

/** The label of a column in `language` (the table uses the same texts). */
export function columnTitle(field: SignalField, language: Language): string {
  return i18n.getFixedT(language)(`equipment.signal.field.${field}`);
}

/** Header cells in `language`, in {@link SIGNAL_FIELDS} order. */
export function headerRow(language: Language): string[] {
  return SIGNAL_FIELDS.map((field) => columnTitle(field, language));
}

type Cell = string | number | boolean | null;

/** One sheet row per signal; empty cells for absent limits; state texts as one cell (entities/signals/states.ts). */
export function signalRows(list: readonly SignalDef[]): Cell[][] {
  return list.map((s) => SIGNAL_FIELDS.map((field) => (field === 'valueMap' ? formatStates(s.valueMap ?? []) || null : (s[field] ?? null))));
}

/** The .xlsx file of `list`, headed in `language`. */
export async function exportSignals(list: readonly SignalDef[], language: Language): Promise<Blob> {
  // Headed in the language shown: its texts came with the screen. A list is at most MAX_SIGNALS rows: the file is
  // made in memory (its compressed bytes) and handed over whole.
  return blobOf(async (sink) => {
    const sheet = await openSheet(sink, { columns: SIGNAL_FIELDS.map(() => ({ width: 16 })) });
    await sheet.addRows([headerRow(language)], { bold: true });
    await sheet.addRows(signalRows(list));
    await sheet.finish();
  });
}

/** Why an imported row (or the header) was refused; the text is `equipment.problem.<reason>`. */
export interface ImportError {
  /** Sheet row number as the spreadsheet program shows it (the header is row 1). */
  row: number;
  field: SignalField | null;
  reason: string;
  params?: Record<string, string | number>;
}

export type ImportResult = { ok: true; signals: SignalDef[] } | { ok: false; errors: ImportError[] };

const normalise = (text: string) => text.trim().toLowerCase().replace(/[\s_-]+/g, '');

/** Header text → field, from both languages' labels and the wire names. */
function headerLookup(): Map<string, SignalField> {
  const map = new Map<string, SignalField>();
  for (const field of SIGNAL_FIELDS) {
    map.set(normalise(field), field);
    for (const language of LANGUAGES) map.set(normalise(columnTitle(field, language)), field);
  }
  return map;
}

/** Accepted text → wire value for an enumeration: the value itself and its label in both languages. */
function choiceLookup<T extends string>(values: readonly T[], labelKey: string): Map<string, T> {
  const map = new Map<string, T>();
  for (const value of values) {
    map.set(normalise(value), value);
    for (const language of LANGUAGES) map.set(normalise(i18n.getFixedT(language)(`${labelKey}.${value}`)), value);
  }
  return map;
}

function booleanLookup(): Map<string, boolean> {
  const map = new Map<string, boolean>([
    ['true', true],
    ['false', false],
    ['1', true],
    ['0', false],
    ['yes', true],
    ['no', false],
  ]);
  for (const language of LANGUAGES) {
    const t = i18n.getFixedT(language);
    map.set(normalise(t('equipment.signal.writableYes')), true);
    map.set(normalise(t('equipment.signal.writableNo')), false);
  }
  return map;
}

function isBlank(cell: unknown): boolean {
  return cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');
}

function cellText(cell: unknown): string {
  if (isBlank(cell)) return '';
  return String(cell).trim();
}

/** A number cell (or numeric text); undefined when blank; NaN when not a number. */
function cellNumber(cell: unknown): number | undefined {
  if (isBlank(cell)) return undefined;
  if (typeof cell === 'number') return cell;
  if (typeof cell === 'boolean') return Number.NaN;
  const text = String(cell).trim();
  return /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text) ? Number(text) : Number.NaN;
}

/**
 * Turns sheet rows (the first being the header) into signal definitions, or the reasons it cannot. Blank rows
 * are skipped; row numbers stay those of the sheet.
 */
export function parseSignalRows(rows: readonly (readonly unknown[])[]): ImportResult {
  const [header, ...body] = rows;
  if (!header) return { ok: false, errors: [{ row: 1, field: null, reason: 'noHeader' }] };
  const lookup = headerLookup();
  const columns = new Map<SignalField, number>();
  header.forEach((cell, index) => {
    const field = lookup.get(normalise(cellText(cell)));
    if (field && !columns.has(field)) columns.set(field, index);
  });
  const missing = (['name', 'area', 'address', 'dataType'] as const).filter((field) => !columns.has(field));
  if (missing.length > 0) {
    return {
      ok: false,
      errors: missing.map((field) => ({ row: 1, field, reason: 'missingColumn' })),
    };
  }

  const areas = choiceLookup(AREAS, 'equipment.signal.area');
  const types = choiceLookup(DATA_TYPES, 'equipment.signal.dataType');
  const orders = choiceLookup(ORDERS, 'equipment.signal.order');
  const booleans = booleanLookup();
  const errors: ImportError[] = [];
  const signals: SignalDef[] = [];
  const rowNumbers: number[] = [];

  body.forEach((cells, offset) => {
    const row = offset + 2;
    if (cells.every(isBlank)) return;
    const cell = (field: SignalField) => {
      const index = columns.get(field);
      return index === undefined ? null : cells[index];
    };
    let rowOk = true;
    const refuse = (field: SignalField, reason: string, params?: ImportError['params']) => {
      errors.push({ row, field, reason, ...(params ? { params } : {}) });
      rowOk = false;
    };
    const choice = <T>(field: SignalField, table: Map<string, T>, fallback?: T): T | undefined => {
      const text = cellText(cell(field));
      if (!text) {
        if (fallback === undefined) refuse(field, 'required');
        return fallback;
      }
      const value = table.get(normalise(text));
      if (value === undefined) refuse(field, 'unknownValue', { value: text });
      return value;
    };
    const number = (field: SignalField, options: { fallback?: number | null; integer?: boolean }) => {
      const value = cellNumber(cell(field));
      if (value === undefined) {
        if (options.fallback === undefined) refuse(field, 'required');
        return options.fallback ?? null;
      }
      if (!Number.isFinite(value)) {
        refuse(field, 'notNumber', { value: cellText(cell(field)) });
        return null;
      }
      if (options.integer && !Number.isInteger(value)) {
        refuse(field, 'notInteger', { value });
        return null;
      }
      return value;
    };

    const name = cellText(cell('name'));
    if (!name) refuse('name', 'required');
    const area = choice('area', areas);
    const address = number('address', { integer: true });
    const dataType = choice('dataType', types);
    const byteOrder = choice('byteOrder', orders, 'big' as const);
    const wordOrder = choice('wordOrder', orders, 'big' as const);
    const scale = number('scale', { fallback: 1 });
    const offsetValue = number('offset', { fallback: 0 });
    const unit = cellText(cell('unit'));
    const decimals = number('decimals', { fallback: 0, integer: true });
    const writableCell = cell('writable');
    let writable = false;
    if (typeof writableCell === 'boolean') writable = writableCell;
    else if (!isBlank(writableCell)) {
      const found = booleans.get(normalise(cellText(writableCell)));
      if (found === undefined) refuse('writable', 'unknownValue', { value: cellText(writableCell) });
      else writable = found;
    }
    const min = number('min', { fallback: null });
    const max = number('max', { fallback: null });
    const valueMap = parseStates(cellText(cell('valueMap')));
    if (valueMap === null) refuse('valueMap', 'notStates', { value: cellText(cell('valueMap')) });
    if (!rowOk || !area || !dataType || address === null || valueMap === null) return;
    signals.push({
      id: 0,
      name,
      area,
      address,
      dataType,
      byteOrder: byteOrder ?? 'big',
      wordOrder: wordOrder ?? 'big',
      scale: scale ?? 1,
      offset: offsetValue ?? 0,
      unit,
      decimals: decimals ?? 0,
      writable,
      min,
      max,
      valueMap,
    });
    rowNumbers.push(row);
  });

  if (errors.length === 0 && signals.length === 0) return { ok: false, errors: [{ row: 2, field: null, reason: 'empty' }] };
  if (signals.length + errors.length > MAX_SIGNALS) {
    return { ok: false, errors: [{ row: 1, field: null, reason: 'tooMany', params: { max: MAX_SIGNALS } }] };
  }
  // The server's rules, on the rows that read cleanly; overlaps are only judged when every row read.
  for (const problem of checkSignals(signals)) {
    if (problem.reason === 'overlap' && errors.length > 0) continue;
    const params = { ...problem.params };
    if (problem.reason === 'overlap') params.row = rowNumbers[Number(problem.params?.row) - 1] ?? '';
    errors.push({ row: rowNumbers[problem.index] ?? 0, field: problem.field, reason: problem.reason, params });
  }
  if (errors.length > 0) return { ok: false, errors: errors.sort((a, b) => a.row - b.row) };
  return { ok: true, signals };
}

/** The bytes of a file (jsdom's Blob has no arrayBuffer(), FileReader works everywhere). */
function readBytes(file: Blob): Promise<ArrayBuffer> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(file);
  });
}

/** Reads the first sheet of an .xlsx file into signal definitions; a file that is no spreadsheet is refused. */
export async function importSignals(file: Blob): Promise<ImportResult> {
  // Headers and labels are read back in either language: the equipment texts of both (the other one is otherwise
  // fetched only when shown).
  const [{ readSheet }] = await Promise.all([
    import('read-excel-file/universal'),
    loadTextsInEveryLanguage(['equipment']),
  ]);
  let rows: unknown[][];
  try {
    rows = (await readSheet(await readBytes(file))) as unknown[][];
  } catch {
    return { ok: false, errors: [{ row: 0, field: null, reason: 'notXlsx' }] };
  }
  return parseSignalRows(rows);
}

/** Keeps the ids of existing signals whose names the imported list repeats, so their history and alarm rules stay. */
export function keepIds(existing: readonly SignalDef[], imported: readonly SignalDef[]): SignalDef[] {
  const byName = new Map<string, number>();
  for (const s of existing) if (s.id > 0 && !byName.has(s.name.trim())) byName.set(s.name.trim(), s.id);
  return imported.map((s) => {
    const id = byName.get(s.name.trim());
    if (id === undefined) return s;
    byName.delete(s.name.trim());
    return { ...s, id };
  });
}
