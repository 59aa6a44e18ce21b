/**
 * The animation fields of the property description (spec section 3, animations): visibility, twinkle, rotation
 * and the fill / border / font colour rules, each driven by the widget's bound signal. A part absent from the
 * document is created with the spec's defaults when switched on (symbol ==, value 0; hide; rotation clockwise
 * every 1000 ms; colour rules ==0 red, ==1 yellow).
 */
import { CONDITION_SYMBOLS, type Animation, type ColorRule, type ConditionSymbol, type Widget } from '@/runtime/document';
import { num, symbol } from './fields/helpers';
import type { FieldDef, FieldKind, Row } from './fields/types';

const DEFAULT_CONDITION = { symbol: '==' as ConditionSymbol, value: 0 };
export const DEFAULT_RULES: readonly ColorRule[] = [
  { symbol: '==', value: 0, color: '#FF0000' },
  { symbol: '==', value: 1, color: '#FFFF00' },
];

/** At most this many colour rules in a list. */
export const MAX_RULES = 20;

/** Colour rules as rows: symbol, value and colour; a row added compares with the next value, in the last colour. */
const RULE_ROWS: FieldKind = {
  kind: 'rows',
  columns: [
    { key: 'symbol', kind: 'symbol' },
    { key: 'value', kind: 'number' },
    { key: 'color', kind: 'colour' },
  ],
  min: 0,
  max: MAX_RULES,
  newRow: (rows: readonly Row[]) => ({ symbol: '==', value: rows.length, color: rows.at(-1)?.color ?? '#FF0000' }),
};

type Part = 'visiable' | 'twinkle' | 'rotate';
type RulePart = 'fillColor' | 'borderColor' | 'fontColor';

const DEFAULTS = {
  visiable: { enable: false, ...DEFAULT_CONDITION, visiable: 'hide' as const },
  twinkle: { enable: false, ...DEFAULT_CONDITION, twinkleType: 'visiable' as const, color: '#FF0000' },
  rotate: { enable: false, ...DEFAULT_CONDITION, direction: 1 as const, speed: 1000 },
};

function part<P extends Part>(w: Widget, name: P): NonNullable<Animation[P]> {
  return (w.animation[name] ?? DEFAULTS[name]) as NonNullable<Animation[P]>;
}

function withPart<P extends Part>(w: Widget, name: P, patch: Partial<NonNullable<Animation[P]>>): Widget {
  return { ...w, animation: { ...w.animation, [name]: { ...part(w, name), ...patch } } };
}

const on = (w: Widget, name: Part) => w.animation[name]?.enable === true;

/** The enable switch, the condition's symbol and value of a part. */
function conditionFields(name: Part, prefix: string): FieldDef[] {
  return [
    {
      id: `${prefix}Enable`,
      type: { kind: 'switch' },
      get: (w) => on(w, name),
      set: (w, v) => withPart(w, name, { enable: v === true }),
    },
    {
      id: `${prefix}Symbol`,
      type: { kind: 'choice', options: CONDITION_SYMBOLS, literal: true },
      get: (w) => part(w, name).symbol,
      set: (w, v) => withPart(w, name, { symbol: symbol(v) }),
      shown: (w) => on(w, name),
    },
    {
      id: `${prefix}Value`,
      type: { kind: 'number', min: -1e12, max: 1e12, step: 1 },
      get: (w) => part(w, name).value,
      set: (w, v) => withPart(w, name, { value: num(v, 0) }),
      shown: (w) => on(w, name),
    },
  ];
}

function ruleFields(name: RulePart, prefix: string): FieldDef[] {
  const rules = (w: Widget) => w.animation[name];
  return [
    {
      id: `${prefix}Enable`,
      type: { kind: 'switch' },
      get: (w) => rules(w)?.enable === true,
      set: (w, v) => ({
        ...w,
        animation: { ...w.animation, [name]: { enable: v === true, dataArray: rules(w)?.dataArray ?? [...DEFAULT_RULES] } },
      }),
    },
    {
      id: `${prefix}Rules`,
      type: RULE_ROWS,
      get: (w) => rules(w)?.dataArray ?? [],
      set: (w, v) => ({
        ...w,
        animation: { ...w.animation, [name]: { enable: rules(w)?.enable ?? true, dataArray: cleanRules(v) } },
      }),
      shown: (w) => rules(w)?.enable === true,
    },
  ];
}

/** Colour rules as typed: each with a known symbol, a finite value and a colour. */
export function cleanRules(value: unknown): ColorRule[] {
  if (!Array.isArray(value)) return [];
  return value.slice(0, MAX_RULES).flatMap((r) => {
    if (typeof r !== 'object' || r === null) return [];
    const o = r as Record<string, unknown>;
    return [{ symbol: symbol(o.symbol), value: num(o.value, 0), color: typeof o.color === 'string' && o.color ? o.color : '#FF0000' }];
  });
}

export const ANIMATION_FIELDS: readonly FieldDef[] = [
  ...conditionFields('visiable', 'vis'),
  {
    id: 'visMode',
    type: { kind: 'choice', options: ['hide', 'show'] },
    get: (w) => part(w, 'visiable').visiable,
    set: (w, v) => withPart(w, 'visiable', { visiable: v === 'show' ? 'show' : 'hide' }),
    shown: (w) => on(w, 'visiable'),
  },
  ...conditionFields('twinkle', 'twinkle'),
  {
    id: 'twinkleType',
    type: { kind: 'choice', options: ['visiable', 'fill', 'stroke', 'font'] },
    get: (w) => part(w, 'twinkle').twinkleType,
    set: (w, v) => withPart(w, 'twinkle', { twinkleType: (['visiable', 'fill', 'stroke', 'font'].includes(String(v)) ? v : 'visiable') as 'fill' }),
    shown: (w) => on(w, 'twinkle'),
  },
  {
    id: 'twinkleColor',
    type: { kind: 'colour' },
    get: (w) => part(w, 'twinkle').color,
    set: (w, v) => withPart(w, 'twinkle', { color: typeof v === 'string' ? v : '#FF0000' }),
    shown: (w) => on(w, 'twinkle') && part(w, 'twinkle').twinkleType !== 'visiable',
  },
  ...conditionFields('rotate', 'rotate'),
  {
    id: 'rotateDirection',
    type: { kind: 'choice', options: ['clockwise', 'counterclockwise'] },
    get: (w) => (part(w, 'rotate').direction < 0 ? 'counterclockwise' : 'clockwise'),
    set: (w, v) => withPart(w, 'rotate', { direction: v === 'counterclockwise' ? -1 : 1 }),
    shown: (w) => on(w, 'rotate'),
  },
  {
    id: 'rotateSpeed',
    type: { kind: 'number', min: 50, max: 60_000, step: 100 },
    get: (w) => part(w, 'rotate').speed,
    set: (w, v) => withPart(w, 'rotate', { speed: Math.max(50, num(v, 1000)) }),
    shown: (w) => on(w, 'rotate'),
  },
  ...ruleFields('fillColor', 'fillRule'),
  ...ruleFields('borderColor', 'borderRule'),
  ...ruleFields('fontColor', 'fontRule'),
];
