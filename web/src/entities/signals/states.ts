/**
 * State texts of a signal (its value map, crates/domain/src/value_map.rs): what a whole value means to an
 * operator, in both languages, with a colour. Presentation only: readings stay numbers; every screen that shows a
 * value asks {@link stateOf} and shows the state's text (and colour) where the map names the value.
 *
 * The spreadsheet form ({@link formatStates} / {@link parseStates}) is one cell: `0=停止|Stopped|#8c8c8c;
 * 1=运行|Running|#52c41a`. A map whose texts hold `;`, `|` or `=` is written as JSON instead, which reads back too.
 */
import type { StateText } from '@/generated/answers';
import { catalogueTag, type Language } from '@/lib/i18n/language';
import { Limits } from '@/lib/api/limits';

export type { StateText };

/** How far a value may be from a state's value and still match it (the server's `MATCH_EPSILON`). */
export const MATCH_EPSILON = 1e-6;
export const STATES_MAX = Limits.StateTextsPerSignal;
export const STATE_TEXT_MAX = Limits.StateTextChars;
/** The largest whole number a state may name (exact in a JavaScript number). */
const VALUE_MAX = Number.MAX_SAFE_INTEGER;

/** The state `value` is in, or null when the map does not name it (or there is no value). */
export function stateOf(map: readonly StateText[] | null | undefined, value: number | null | undefined): StateText | null {
  if (!map || value === null || value === undefined || !Number.isFinite(value)) return null;
  return map.find((s) => Math.abs(s.value - value) <= MATCH_EPSILON) ?? null;
}

/** The state's text in `language`, or the other language's when this one was left empty. */
export function stateLabel(state: StateText, language: Language): string {
  const own = (catalogueTag(language) === 'zh' ? state.zh : state.en).trim();
  return own || (catalogueTag(language) === 'zh' ? state.en : state.zh).trim();
}

/** Why a state is refused; the text is `equipment.problem.<reason>` (the signal checks' table) with `params` filled in. */
export type StateProblemReason =
  | 'stateNotWhole'
  | 'stateOnlyZeroOne'
  | 'stateDuplicate'
  | 'stateTextRequired'
  | 'stateTooLong'
  | 'stateControlCharacters'
  | 'stateNotColour'
  | 'stateTooMany';

export interface StateProblem {
  /** The entry's index; null for the list as a whole. */
  index: number | null;
  field: 'value' | 'zh' | 'en' | 'color' | null;
  reason: StateProblemReason;
  params?: Record<string, number>;
}

const COLOUR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
// Control characters are refused by the server; a text field cannot type them, an import can carry them.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** The first problem of a map, in the server's order (crates/domain/src/value_map.rs `check`); null when sound. */
export function checkStates(map: readonly StateText[], onOff: boolean): StateProblem | null {
  if (map.length > STATES_MAX) return { index: null, field: null, reason: 'stateTooMany', params: { max: STATES_MAX } };
  for (const [index, s] of map.entries()) {
    if (!Number.isInteger(s.value) || Math.abs(s.value) > VALUE_MAX) return { index, field: 'value', reason: 'stateNotWhole' };
    if (onOff && s.value !== 0 && s.value !== 1) return { index, field: 'value', reason: 'stateOnlyZeroOne' };
    if (map.slice(0, index).some((earlier) => earlier.value === s.value)) return { index, field: 'value', reason: 'stateDuplicate' };
    if (!s.zh.trim() && !s.en.trim()) return { index, field: 'zh', reason: 'stateTextRequired' };
    for (const field of ['zh', 'en'] as const) {
      if ([...s[field].trim()].length > STATE_TEXT_MAX) return { index, field, reason: 'stateTooLong', params: { max: STATE_TEXT_MAX } };
      if (CONTROL.test(s[field])) return { index, field, reason: 'stateControlCharacters' };
    }
    if (s.color.trim() && !COLOUR.test(s.color.trim())) return { index, field: 'color', reason: 'stateNotColour' };
  }
  return null;
}

/** The usual states of an on/off signal, offered when a map is started empty. */
export function onOffStates(): StateText[] {
  return [
    { value: 0, zh: '停止', en: 'Stopped', color: '#8c8c8c' },
    { value: 1, zh: '运行', en: 'Running', color: '#52c41a' },
  ];
}

/** The next whole value after the map's highest (0 for an empty map): where a new state starts. */
export function nextStateValue(map: readonly StateText[]): number {
  return map.length === 0 ? 0 : Math.max(...map.map((s) => s.value)) + 1;
}

const SEPARATORS = /[;|=]/;

/** The map as one spreadsheet cell (empty for none); JSON when a text holds a separator. */
export function formatStates(map: readonly StateText[]): string {
  if (map.some((s) => SEPARATORS.test(s.zh) || SEPARATORS.test(s.en))) return JSON.stringify(map);
  return map
    .map((s) => {
      const parts = [s.zh, s.en, s.color].map((p) => p.trim());
      while (parts.length > 1 && !parts[parts.length - 1]) parts.pop();
      return `${s.value}=${parts.join('|')}`;
    })
    .join('; ');
}

/** A cell read back: the map, or null when the cell is not a map (`0=停止|Stopped|#8c8c8c; …` or a JSON list). */
export function parseStates(cell: string): StateText[] | null {
  const text = cell.trim();
  if (!text) return [];
  if (text.startsWith('[')) return parseJsonStates(text);
  const states: StateText[] = [];
  for (const entry of text.split(';')) {
    if (!entry.trim()) continue;
    const at = entry.indexOf('=');
    if (at < 0) return null;
    const valueText = entry.slice(0, at).trim();
    const value = valueText === '' ? Number.NaN : Number(valueText);
    if (!Number.isFinite(value)) return null;
    const [zh = '', en = '', color = ''] = entry.slice(at + 1).split('|').map((p) => p.trim());
    states.push({ value, zh, en, color });
  }
  return states;
}

function parseJsonStates(text: string): StateText[] | null {
  try {
    const list: unknown = JSON.parse(text);
    if (!Array.isArray(list)) return null;
    const states: StateText[] = [];
    for (const item of list) {
      if (typeof item !== 'object' || item === null) return null;
      const { value, zh = '', en = '', color = '' } = item as Record<string, unknown>;
      if (typeof value !== 'number' || typeof zh !== 'string' || typeof en !== 'string' || typeof color !== 'string') return null;
      states.push({ value, zh, en, color });
    }
    return states;
  } catch {
    return null;
  }
}
