/**
 * The kinds of field the property description (../properties.ts) is made of. Each kind is drawn by one generic
 * input of the panel (editor/FieldInput.tsx), whatever the widget type.
 */
import type { SystemKey } from '@/runtime/systemKeys';
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
  /** `statistics`: a project page's statistics may be listed too (a chart's `systemArray`). */
  | { kind: 'signals'; max?: number; statistics?: boolean }
  /** Another page of the equipment. */
  | { kind: 'page' }
  /**
   * Where a chart's data comes from: the live values, a report of the page's equipment and its columns, or a
   * project's custom report and its columns (./reportSource.ts, editor/ChartSourceField.tsx).
   */
  | { kind: 'chartSource' }
  /**
   * Equipment of the organisation the engineer may see, several, as `{equipmentId, title}` (a map's markers):
   * chosen from the real equipment list (editor/EquipmentListField.tsx), at most `max`.
   */
  | { kind: 'equipments'; max: number }
  /**
   * A picture address (`/userimg/…`, an http(s) address, a data:image picture), at most `max` characters: typed,
   * marked and not committed when the viewer would not draw it (`drawnPicture`), or picked from the organisation's
   * image library, where pictures are also uploaded and deleted (editor/PictureField.tsx).
   */
  | { kind: 'picture'; max: number }
  /**
   * A 3D model address (http(s), or a `.glb` of the image library), at most `max` characters: typed, marked and not
   * committed when the viewer would not load it (`isModelUrl`), or picked from the library (PictureField's model
   * kind).
   */
  | { kind: 'model'; max: number }
  /**
   * A place in China: province, city, county, picked in a searchable cascade of the server's division table
   * (GET /lfscada/weather/regions; editor/RegionField.tsx). The value is the path of GB/T 2260 codes, `[]` for none.
   */
  | { kind: 'region' }
  /**
   * A list of choices that each run a click event (a drop-down's items): text, what choosing it does (write a
   * value, open a page, open a link) and whether it is shown disabled, between 1 and `max` items, texts of at most
   * `textMax` characters; an item added is `newItem` of the items so far (editor/ChoiceItemsField.tsx).
   */
  | { kind: 'choiceItems'; max: number; textMax: number; newItem(items: readonly ChoiceItem[]): ChoiceItem };

/**
 * One choice as the `choiceItems` field edits it. `raw` is the item as stored, so fields the editor does not name
 * (its question, delay, feedback, a signal of its own) are written back as they were.
 */
export interface ChoiceItem {
  indexId: string | number;
  text: string;
  action: 'write' | 'page' | 'link';
  writeValue: number | null;
  pageId: number | null;
  link: string;
  target: '_self' | '_blank';
  pressDisabled: boolean;
  /** Shown as chosen when the view opens, while the select is unbound (its `indexId` in `selectDatas`). */
  initial: boolean;
  raw: Record<string, unknown>;
}

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

/** A project page's statistic picked for a binding (runtime/systemKeys.ts), with its name as the binding's title. */
export interface StatisticPick {
  systemKey: SystemKey;
  title: string;
}

/** A project page's intermediate variable picked for a binding (runtime/mvars.ts), with its name as the title. */
export interface MvarPick {
  mvarId: number;
  title: string;
}

/**
 * An equipment a page's widgets may bind: an equipment page's own, or one of a project page's equipment (the
 * binding picker of a project page picks one of them first, then its signal).
 */
export interface EquipmentChoice {
  id: number;
  title: string;
}
