/**
 * UsualAnimation's own settings (spec section 3): a picture or a text per state (imgItems / textItems, each
 * shown while its condition on the bound signal holds; 0 "off" and 1 "on" by default, as the viewer's parser
 * fills them), and the cycle (`data.cycle: { enable, judgCondition, judgVal, speed 300 }`): while its condition
 * holds, every item in turn, each for `speed` ms (read as runtime/widgetSettings.ts reads it).
 */
import type { StateItem, Widget } from '@/runtime/document';
import { CONDITION_SYMBOLS } from '@/runtime/document';
import { MIN_CYCLE_SPEED, animationCycleOf, type AnimationCycle } from '@/runtime/widgetSettings';
import { PICTURE_MAX, drawnPicture } from './base';
import { data, dataExtra, isRecord, num, symbol, text } from './helpers';
import type { FieldDef, Row, RowColumn } from './types';

/** At most this many states. */
export const MAX_ITEMS = 20;
const TEXT_MAX = 100;

/** States as typed: a known symbol, a finiteOf value, a picture the viewer draws (else none) and a text. */
export function cleanItems(value: unknown): StateItem[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(isRecord)
    .slice(0, MAX_ITEMS)
    .map((item) => {
      const url = text(item.url).trim();
      return { symbol: symbol(item.symbol), value: num(item.value, 0), url: drawnPicture(url) ? url : '', text: text(item.text).slice(0, TEXT_MAX) };
    });
}

/** A state added after the last: == the last value plus 1, with nothing to show yet. */
export function nextItem(rows: readonly Row[]): Row {
  const last = rows.at(-1);
  return { symbol: '==', value: last ? num(last.value, 0) + 1 : 0, url: '', text: '' };
}

const cycle = (w: Widget) => animationCycleOf(w.data);
const cycling = (w: Widget) => cycle(w).enable;

/** The widget with its cycle changed, written under the spec's names. */
function withCycle(w: Widget, patch: Partial<AnimationCycle>): Widget {
  const next = { ...cycle(w), ...patch };
  const raw = isRecord(w.data.extra.cycle) ? w.data.extra.cycle : {};
  return dataExtra(w, {
    cycle: { ...raw, enable: next.enable, judgCondition: next.symbol, judgVal: next.value, speed: next.speed },
  });
}

/** The state rows of one display (`imgItems` for pictures, `textItems` for texts): condition, then what is shown. */
function stateRows(id: 'imgItems' | 'textItems', display: 'image' | 'text', shown: RowColumn): FieldDef {
  return {
    id,
    type: {
      kind: 'rows',
      columns: [{ key: 'symbol', kind: 'symbol' }, { key: 'value', kind: 'number' }, shown],
      min: 1,
      max: MAX_ITEMS,
      newRow: nextItem,
    },
    get: (w) => w.data[id],
    set: (w, v) => data(w, { [id]: cleanItems(v) }),
    shown: (w) => w.data.display === display,
  };
}

export const STATE_ITEM_FIELDS: readonly FieldDef[] = [
  {
    id: 'display',
    type: { kind: 'choice', options: ['image', 'text'] },
    get: (w) => w.data.display,
    set: (w, v) => data(w, { display: v === 'text' ? 'text' : 'image' }),
  },
  stateRows('imgItems', 'image', { key: 'url', kind: 'picture', max: PICTURE_MAX }),
  stateRows('textItems', 'text', { key: 'text', kind: 'text', max: TEXT_MAX }),
  {
    id: 'cycleEnable',
    type: { kind: 'switch' },
    get: (w) => cycle(w).enable,
    set: (w, v) => withCycle(w, { enable: v === true }),
  },
  {
    id: 'cycleSymbol',
    type: { kind: 'choice', options: CONDITION_SYMBOLS, literal: true },
    get: (w) => cycle(w).symbol,
    set: (w, v) => withCycle(w, { symbol: symbol(v) }),
    shown: cycling,
  },
  {
    id: 'cycleValue',
    type: { kind: 'number', min: -1e12, max: 1e12, step: 1 },
    get: (w) => (Number.isFinite(cycle(w).value) ? cycle(w).value : undefined),
    set: (w, v) => withCycle(w, { value: num(v, 0) }),
    shown: cycling,
  },
  {
    id: 'cycleSpeed',
    type: { kind: 'number', min: MIN_CYCLE_SPEED, max: 60_000, step: 50 },
    get: (w) => cycle(w).speed,
    set: (w, v) => withCycle(w, { speed: Math.min(60_000, Math.max(MIN_CYCLE_SPEED, num(v, 300))) }),
    shown: cycling,
  },
];
