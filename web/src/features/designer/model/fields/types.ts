/**
 * The kinds of field the property description (../properties.ts) is made of. Each kind is drawn by one generic
 * input of the panel (editor/FieldInput.tsx), whatever the widget type.
 */
import type { Widget } from '@/runtime/document';

/** One column of a list edited as rows (colour rules, dashboard stages, state items). */
export type RowColumn =
  /** A comparison symbol (==, !=, >, >=, <, <=), shown as it is. */
  | { key: string; kind: 'symbol' }
  | { key: string; kind: 'number' }
  | { key: string; kind: 'colour' }
  /** `valid`: a text it refuses is marked and not committed. */
  | { key: string; kind: 'text'; max: number; valid?(text: string): boolean }
  /** A picture address, as the `picture` field kind (typed, or picked from the image library). */
  | { key: string; kind: 'picture'; max: number };

/** One row of such a list: its columns' values by key. */
export type Row = Record<string, unknown>;

export type FieldKind =
  | { kind: 'number'; min: number; max: number; step: number }
  | { kind: 'colour' }
  /**
   * `suggestions`: values offered as the engineer types (any other text is taken too); `valid`: a text it
   * refuses is marked and not committed.
   */
  | { kind: 'text'; max: number; multiline?: boolean; suggestions?: readonly string[]; valid?(text: string): boolean }
  | { kind: 'switch' }
  /** `literal`: the options are shown as they are (comparison symbols), not as texts. */
  | { kind: 'choice'; options: readonly string[]; literal?: boolean }
  /**
   * A list edited as rows of `columns`, between `min` and `max` rows; a row added is `newRow` of the rows so
   * far. The value is the whole list (one history step per change).
   */
  | { kind: 'rows'; columns: readonly RowColumn[]; min: number; max: number; newRow(rows: readonly Row[]): Row }
  /** A signal of the page's equipment (only those that may be written, for a write). */
  | { kind: 'signal'; writableOnly?: boolean }
  /**
   * Several signals of the page's equipment, in order (a chart's): added from the catalogue, moved, removed.
   * `max`: no more are added past it (a history table queries at most 10).
   */
  | { kind: 'signals'; max?: number }
  /** Another page of the equipment. */
  | { kind: 'page' }
  /**
   * A picture address (`/userimg/…`, an http(s) address, a data:image picture), at most `max` characters: typed,
   * marked and not committed when the viewer would not draw it (`drawnPicture`), or picked from the organisation's
   * image library, where pictures are also uploaded and deleted (editor/PictureField.tsx).
   */
  | { kind: 'picture'; max: number };

export interface FieldDef {
  /** Also names its label: `designer.field.<id>` (and `designer.option.<id>.<option>` for a choice). */
  id: string;
  type: FieldKind;
  get(w: Widget): unknown;
  set(w: Widget, value: unknown): Widget;
  /** Whether the field applies to the widget as it is now (a write's value only for a fixed write, …). */
  shown?(w: Widget): boolean;
}

/** A signal as the binding pickers offer it. */
export interface BindableSignal {
  id: number;
  equipId: number;
  title: string;
  equipTitle: string;
  /** How the picker lists it (name, unit, read/write); the title when absent. */
  label?: string;
  writable?: boolean;
}
