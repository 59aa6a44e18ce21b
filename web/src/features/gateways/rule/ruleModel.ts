/**
 * A JSON device's data rule (docs/gm-equipment.md, "A JSON device's data rule") as the editor holds it: the rule
 * document the server stores (`RuleDoc`, crates/domain/src/gm/json_rule.rs) ⇄ the editor's rows and fields, where
 * a refusal naming `rule.<field>` belongs in the editor, and the leaves of a pasted sample message a plant engineer
 * may turn into signal rows at once. Pure: no React, no calls.
 */
import type { CommandDoc, RuleDoc, SignalDoc, TimeDoc } from '@/generated/answers';

export type { RuleDoc, SignalDoc, TimeDoc, CommandDoc };

/** The server's bounds (json_rule.rs, json_path.rs). */
export const RULE_MAX = { signals: 200, keyChars: 64, pathChars: 200, templateChars: 2000 } as const;

export type SignalKind = 'number' | 'bool';
export const SIGNAL_KINDS: readonly SignalKind[] = ['number', 'bool'];
export type TimeUnit = 'ms' | 's' | 'iso';
export const TIME_UNITS: readonly TimeUnit[] = ['ms', 's', 'iso'];

/** One signal row of the editor; `id` only tells rows apart while they move (never sent). */
export interface SignalRow {
  id: string;
  key: string;
  path: string;
  kind: SignalKind;
  /** `null`: left empty, sent as 1. */
  scale: number | null;
  /** `null`: left empty, sent as 0. */
  offset: number | null;
  unit: string;
}

/** The editor's whole state. */
export interface RuleForm {
  topic: string;
  signals: SignalRow[];
  /** `server`: the server's clock when a message arrives; `path`: the message says it at `timePath`. */
  timeFrom: 'server' | 'path';
  timePath: string;
  timeUnit: TimeUnit;
  /** Empty: the device takes no writes (the command is left out). */
  template: string;
  replyPath: string;
}

let nextRow = 0;
/** A fresh row id, unique in this page's life. */
export function rowId(): string {
  nextRow += 1;
  return `r${nextRow}`;
}

export function emptySignal(): SignalRow {
  return { id: rowId(), key: '', path: '', kind: 'number', scale: null, offset: null, unit: '' };
}

const kindOf = (kind: string): SignalKind => (kind === 'bool' ? 'bool' : 'number');
const unitOf = (unit: string): TimeUnit => TIME_UNITS.find((u) => u === unit) ?? 'ms';

/** The editor's state for a saved rule; no rule: one empty signal row, the server's clock, no command. */
export function formFromDoc(doc: RuleDoc | null | undefined): RuleForm {
  const signals = (doc?.signals ?? []).map(
    (s): SignalRow => ({
      id: rowId(),
      key: s.key,
      path: s.path,
      kind: kindOf(s.kind),
      scale: s.scale === 1 ? null : s.scale,
      offset: s.offset === 0 ? null : s.offset,
      unit: s.unit,
    }),
  );
  return {
    topic: doc?.topic ?? '',
    signals: signals.length > 0 ? signals : [emptySignal()],
    timeFrom: doc?.time ? 'path' : 'server',
    timePath: doc?.time?.path ?? '',
    timeUnit: unitOf(doc?.time?.unit ?? 'ms'),
    template: doc?.command?.template ?? '',
    replyPath: doc?.command?.replyPath ?? '',
  };
}

/** The document to try or save: texts trimmed (the template as written), empty scale 1 and offset 0. */
export function docFromForm(form: RuleForm): RuleDoc {
  const template = form.template.trim() === '' ? '' : form.template;
  const replyPath = form.replyPath.trim();
  return {
    topic: form.topic.trim(),
    signals: form.signals.map((s) => ({
      key: s.key.trim(),
      path: s.path.trim(),
      kind: s.kind,
      scale: s.scale ?? 1,
      offset: s.offset ?? 0,
      unit: s.unit.trim(),
    })),
    time: form.timeFrom === 'path' ? { path: form.timePath.trim(), unit: form.timeUnit } : null,
    command: template ? { template, replyPath: replyPath || null } : null,
  };
}

/** A row's editable fields, as the server names them. */
export type SignalField = 'key' | 'path' | 'kind' | 'scale' | 'offset' | 'unit';
const SIGNAL_FIELDS: readonly SignalField[] = ['key', 'path', 'kind', 'scale', 'offset', 'unit'];

/** The editor's fields outside the rows. */
export type RuleField = 'topic' | 'time.path' | 'time.unit' | 'command.template' | 'command.replyPath';
const RULE_FIELDS: readonly RuleField[] = ['topic', 'time.path', 'time.unit', 'command.template', 'command.replyPath'];

/** Where a refusal belongs: a row's cell, a field, the signal list as a whole, or the rule as a whole. */
export type RefusedPlace =
  | { at: 'signal'; index: number; field: SignalField }
  | { at: 'field'; field: RuleField }
  | { at: 'signals' }
  | { at: 'rule' };

/**
 * The place of a refusal's field (`rule.signals[1].path` → row 2's path cell, `rule.command.template` → the
 * template); `undefined` when it names no part of the rule (`id`, or another call's field).
 */
export function refusedPlace(field: string | undefined): RefusedPlace | undefined {
  if (field === 'rule') return { at: 'rule' };
  if (!field?.startsWith('rule.')) return undefined;
  const rest = field.slice('rule.'.length);
  const row = /^signals\[(\d+)\]\.(\w+)$/.exec(rest);
  if (row) {
    const named = SIGNAL_FIELDS.find((f) => f === row[2]);
    return named ? { at: 'signal', index: Number(row[1]), field: named } : { at: 'signals' };
  }
  if (rest === 'signals' || rest.startsWith('signals')) return { at: 'signals' };
  const named = RULE_FIELDS.find((f) => f === rest);
  if (named) return { at: 'field', field: named };
  // `time` or `command` as a whole: their first field.
  if (rest.startsWith('time')) return { at: 'field', field: 'time.path' };
  if (rest.startsWith('command')) return { at: 'field', field: 'command.template' };
  return { at: 'rule' };
}

/**
 * A refusal's reason without the field it names (`参数 rule.signals[1].key 无效：与另一项的值重复` → `与另一项的值重复`,
 * `Invalid parameter rule.topic: is not in a valid format` → `is not in a valid format`), for a cell or field that
 * is the field already; the whole message when it is not worded so.
 */
export function reasonOnly(message: string, field: string | undefined): string {
  if (!field) return message;
  const at = message.indexOf(field);
  if (at < 0) return message;
  const rest = message.slice(at + field.length);
  const colon = /[：:]\s*/.exec(rest);
  const reason = colon ? rest.slice(colon.index + colon[0].length).trim() : '';
  return reason === '' ? message : reason;
}

/** A number or true/false in a sample, with the path that reads it. */
export interface SampleLeaf {
  path: string;
  kind: SignalKind;
}

/** A key the path syntax can name: not empty, no `.`, `[`, `]` (json_path.rs splits on them) or outer spaces. */
const nameable = (key: string) => key !== '' && key === key.trim() && !/[.[\]]/.test(key) && !/^\$/.test(key);

/**
 * Every number and true/false value of a sample, in document order, with its path (`d.t`, `list[1].v`); keys the
 * path syntax cannot write are passed over. At most {@link RULE_MAX}.signals.
 */
export function sampleLeaves(sample: unknown): SampleLeaf[] {
  const found: SampleLeaf[] = [];
  const walk = (value: unknown, path: string) => {
    if (found.length >= RULE_MAX.signals) return;
    if (typeof value === 'number') found.push({ path, kind: 'number' });
    else if (typeof value === 'boolean') found.push({ path, kind: 'bool' });
    else if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${path}[${i}]`));
    else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (nameable(key)) walk(child, path === '' ? key : `${path}.${key}`);
      }
    }
  };
  walk(sample, '');
  // A bare number as the whole message has no path to read it by.
  return found.filter((leaf) => leaf.path !== '' && leaf.path.length <= RULE_MAX.pathChars);
}

/** The sample as JSON, or `undefined` when it is not JSON. */
export function parseSample(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

const blank = (row: SignalRow) => row.key.trim() === '' && row.path.trim() === '';

/** The path without its optional `$.`, as the server compares it. */
const plainPath = (path: string) => path.trim().replace(/^\$\./, '');

/**
 * `rows` with a row per leaf whose path no row reads yet (key = the path, cut to the longest key and made unique),
 * blank rows dropped; at most {@link RULE_MAX}.signals rows. Answers the rows and how many were added.
 */
export function addLeaves(rows: readonly SignalRow[], leaves: readonly SampleLeaf[]): { rows: SignalRow[]; added: number } {
  const kept = rows.filter((row) => !blank(row));
  const paths = new Set(kept.map((row) => plainPath(row.path)));
  const keys = new Set(kept.map((row) => row.key.trim()));
  const out = [...kept];
  let added = 0;
  for (const leaf of leaves) {
    if (out.length >= RULE_MAX.signals) break;
    if (paths.has(leaf.path)) continue;
    let key = [...leaf.path].slice(0, RULE_MAX.keyChars).join('');
    for (let n = 2; keys.has(key); n += 1) key = `${[...leaf.path].slice(0, RULE_MAX.keyChars - String(n).length - 1).join('')}_${n}`;
    keys.add(key);
    paths.add(leaf.path);
    out.push({ ...emptySignal(), key, path: leaf.path, kind: leaf.kind });
    added += 1;
  }
  return { rows: out.length > 0 ? out : [emptySignal()], added };
}

/** `rows` with the row at `from` moved to `to`. */
export function moveRow<T>(rows: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= rows.length || from === to) return [...rows];
  const out = [...rows];
  const [moved] = out.splice(from, 1);
  out.splice(to, 0, moved as T);
  return out;
}

/** The topic data comes on, as shown: the device's prefix, then the rule's levels (none: the prefix and below). */
export function dataTopic(prefix: string, topic: string): string {
  const levels = topic.trim();
  return levels === '' ? prefix : `${prefix}/${levels}`;
}
