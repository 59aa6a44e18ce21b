/**
 * The scroll bar (UsualScrollbar) as the viewer reads it: a flow bar, like a pipe's moving stripes, that moves
 * while its bound signal's value meets `data.dataAddon.symbol` / `value` (spec section 3, "Scrollbar: dataAddon
 * symbol != and value 0": by default it moves while the value is not 0) and stands still otherwise, with no value
 * included (conditions.ts: no reading holds no condition, so a bar never shows a flow it has no reading for).
 *
 * The fields stay in `dataAddon.extra` (the parser's place for what it does not name; the designer writes `extra`
 * back as it is), so they are read here with the spec's defaults. The stripes' layout is a pure function of the
 * box, tested here; the motion is CSS (runtimeStyles.ts), so a moving bar costs no JavaScript per frame.
 */
import { holds } from './conditions';
import { CONDITION_SYMBOLS, type Condition, type WidgetData } from './document';
import type { RuntimeValue } from './types';
import { finiteOf } from './documentValues';

export const DEFAULT_FLOW_CONDITION: Readonly<Condition> = Object.freeze({ symbol: '!=', value: 0 });

/**
 * The bar's condition: `dataAddon.symbol` (one of the six comparisons, else `!=`) and `dataAddon.value` (absent:
 * 0; present but not a number: a condition that never holds, as for every other condition of the document).
 */
export function flowConditionOf(data: WidgetData): Condition {
  const { extra } = data.dataAddon;
  const symbol = CONDITION_SYMBOLS.find((s) => s === extra.symbol) ?? DEFAULT_FLOW_CONDITION.symbol;
  const raw = extra.value;
  const value = raw === undefined || raw === null ? DEFAULT_FLOW_CONDITION.value : (finiteOf(raw) ?? Number.NaN);
  return { symbol, value };
}

/** Whether the bar moves for `value`. */
export function isFlowing(data: WidgetData, value: RuntimeValue | undefined): boolean {
  return holds(flowConditionOf(data), value);
}

export interface FlowLayout {
  /** The stripes run along the box's longer side: left to right, or top to bottom when the box is taller. */
  horizontal: boolean;
  /** Along the flow and across it, in canvas units. */
  length: number;
  thickness: number;
  /** One stripe and one gap; the stripes move by this much per cycle, so the loop is seamless. */
  period: number;
  /** Each stripe as a parallelogram's four corners in the bar's own axes (u along the flow, v across). */
  stripes: Array<Array<[number, number]>>;
}

/** A period below this is a blur, not stripes. */
const MIN_PERIOD = 8;

/** The stripes of a bar `width` by `height`, one period beyond each end so the moving row never shows a gap. */
export function flowLayout(width: number, height: number): FlowLayout {
  const horizontal = width >= height;
  const length = horizontal ? width : height;
  const thickness = horizontal ? height : width;
  const period = Math.max(MIN_PERIOD, thickness * 1.2);
  const stripe = period / 2;
  const slant = thickness * 0.5;
  const stripes: Array<Array<[number, number]>> = [];
  for (let u = -2 * period; u < length + period; u += period) {
    stripes.push([
      [u + slant, 0],
      [u + slant + stripe, 0],
      [u + stripe, thickness],
      [u, thickness],
    ]);
  }
  return { horizontal, length, thickness, period, stripes };
}
