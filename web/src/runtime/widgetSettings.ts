/**
 * Widget settings the contract's parser keeps in `extra` (spec section 3, "Widget-specific settings"), read the
 * way the renderers use them, with the spec's defaults. The designer reads them through these same functions, so
 * what it shows is what the viewer draws:
 *
 * - UsualPercentFill `dataAddon.textType`: the words in the fill, `percentage` (default), `value` (the signal's
 *   value with its decimals and unit) or `none`.
 * - UsualAnimation `data.cycle: { enable, judgCondition, judgVal, speed }`: while the bound value meets
 *   `judgCondition judgVal`, the widget shows its items in turn, each `speed` ms (default 300); otherwise the
 *   first item whose own condition holds.
 * - UsualDataText `data.valueText`: `state` (default: the state's text where the bound signal's value map names
 *   the value, entities/signals/states.ts) or `number` (always the number).
 * - UsualButton `data.buttonState`: true adds the bound signal's state to the button's words ("Start · Running").
 */
import { CONDITION_SYMBOLS, type Condition, type DataAddon, type WidgetData } from './document';
import { finiteOf, isRecord } from './documentValues';

export const VALUE_TEXTS = ['state', 'number'] as const;
export type ValueText = (typeof VALUE_TEXTS)[number];

/** Whether a data text shows a mapped value as its state's text or as the number. */
export function valueTextOf(data: WidgetData): ValueText {
  return data.extra.valueText === 'number' ? 'number' : 'state';
}

/** Whether a button adds its bound signal's state to its words. */
export function buttonShowsState(data: WidgetData): boolean {
  return data.extra.buttonState === true;
}

export const PERCENT_TEXT_TYPES = ['percentage', 'value', 'none'] as const;
export type PercentTextType = (typeof PERCENT_TEXT_TYPES)[number];

/** What the percent fill writes in its box. */
export function percentTextTypeOf(addon: DataAddon): PercentTextType {
  const raw = addon.extra.textType;
  return PERCENT_TEXT_TYPES.find((type) => type === raw) ?? 'percentage';
}

/** The cycle of a UsualAnimation, as a condition (`judgCondition`, `judgVal`) with its switch and speed. */
export interface AnimationCycle extends Condition {
  enable: boolean;
  /** Milliseconds each item is shown. */
  speed: number;
}

export const DEFAULT_CYCLE_SPEED = 300;
/** Faster than this is a flicker, not a picture. */
export const MIN_CYCLE_SPEED = 50;

/** `data.cycle` with the spec's defaults (off, == 0, 300 ms); a value that is not a number holds nothing. */
export function animationCycleOf(data: WidgetData): AnimationCycle {
  const raw = data.extra.cycle;
  const o = isRecord(raw) ? raw : {};
  const symbol = CONDITION_SYMBOLS.find((s) => s === o.judgCondition) ?? '==';
  const value = o.judgVal === undefined || o.judgVal === null ? 0 : (finiteOf(o.judgVal) ?? Number.NaN);
  const speed = finiteOf(o.speed);
  return {
    enable: o.enable === true || o.enable === 'true',
    symbol,
    value,
    speed: speed === undefined ? DEFAULT_CYCLE_SPEED : Math.max(MIN_CYCLE_SPEED, speed),
  };
}
