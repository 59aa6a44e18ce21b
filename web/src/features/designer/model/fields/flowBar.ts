/**
 * The flow bar's own settings (UsualScrollbar; spec section 3, "Scrollbar: dataAddon symbol != and value 0"), read
 * as the viewer reads them (runtime/flowBar.ts `flowConditionOf`, widgets/flowBar.tsx): the condition under which
 * the stripes move, `dataAddon.symbol` (one of the six comparisons, `!=` by default) and `dataAddon.value` (0),
 * and the stripes' colour, which is the widget's fill colour whether or not the fill is switched on (the track is
 * a pale tint of it), so the panel offers the colour alone, under its own name, rather than a fill switch the
 * viewer ignores. The bar's border is the shared border fields; its direction is the box's longer side (turn the
 * widget by 180° for the other way), so no field for it.
 */
import { CONDITION_SYMBOLS, type Widget } from '@/runtime/document';
import { DEFAULT_FLOW_CONDITION, flowConditionOf } from '@/runtime/flowBar';
import { addon, num, style, text } from './helpers';
import type { FieldDef } from './types';

/** The widget with `dataAddon.<key>` set where the viewer reads it (the parser keeps it in `dataAddon.extra`). */
const withCondition = (w: Widget, patch: Record<string, unknown>): Widget => addon(w, { extra: { ...w.data.dataAddon.extra, ...patch } });

const condition = (w: Widget) => flowConditionOf(w.data);

export const FLOW_BAR_FIELDS: readonly FieldDef[] = [
  {
    id: 'flowSymbol',
    type: { kind: 'choice', options: CONDITION_SYMBOLS, literal: true },
    get: (w) => condition(w).symbol,
    set: (w, v) => withCondition(w, { symbol: CONDITION_SYMBOLS.find((s) => s === v) ?? DEFAULT_FLOW_CONDITION.symbol }),
  },
  {
    id: 'flowValue',
    type: { kind: 'number', min: -1e12, max: 1e12, step: 1 },
    // A value the viewer cannot read as a number (a condition that never holds) shows as empty, to be typed again.
    get: (w) => (Number.isFinite(condition(w).value) ? condition(w).value : undefined),
    set: (w, v) => withCondition(w, { value: num(v, DEFAULT_FLOW_CONDITION.value) }),
  },
  {
    id: 'flowColor',
    type: { kind: 'colour' },
    get: (w) => w.style.fill.color,
    set: (w, v) => style(w, { fill: { ...w.style.fill, color: text(v) } }),
  },
];
