/**
 * The dashboard's and the percent fill's own settings (spec section 3): the dashboard monochrome (one colour,
 * the widget's fill colour) or multistage (stages up to a value, each with its colour: 25, 50, 75, 100 by
 * default); the percent fill as a bar, a tank or a doughnut, filling from the side its orientation names, with the
 * percentage, the value or nothing written in it (dataAddon.textType, read as runtime/widgetSettings.ts reads it).
 */
import type { GaugeStep, Orientation, Widget } from '@/runtime/document';
import { PERCENT_TEXT_TYPES, percentTextTypeOf } from '@/runtime/widgetSettings';
import { addon, isRecord, num, style, text } from './helpers';
import type { FieldDef, Row } from './types';

export const GAUGE_TYPES = ['monochrome', 'multistage'] as const;
export const PERCENT_TYPES = ['rectangleChart', 'capacityChart', 'doughnutChart'] as const;
export const ORIENTATIONS: readonly Orientation[] = ['bt', 'tb', 'lr', 'rl'];
/** At most this many stages (the spec names four; a few more still read as stages). */
export const MAX_STEPS = 10;

const multistage = (w: Widget) => w.data.dataAddon.type === 'multistage';

/** Stages as typed: each a finiteOf value and a colour, in the order of their values (the order the viewer reads). */
export function cleanSteps(value: unknown): GaugeStep[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(isRecord)
    .map((step) => ({ value: num(step.value, 0), color: text(step.color) || '#1677FF' }))
    .sort((a, b) => a.value - b.value)
    .slice(0, MAX_STEPS);
}

/** A stage added after the last: 25 further on, in the last one's colour. */
export function nextStep(rows: readonly Row[]): Row {
  const last = rows.at(-1);
  return { value: num(last?.value, 0) + 25, color: text(last?.color) || '#1677FF' };
}

export const GAUGE_FIELDS: readonly FieldDef[] = [
  {
    id: 'gaugeType',
    type: { kind: 'choice', options: GAUGE_TYPES },
    get: (w) => w.data.dataAddon.type,
    set: (w, v) => addon(w, { type: v === 'multistage' ? 'multistage' : 'monochrome' }),
  },
  {
    id: 'gaugeColor',
    type: { kind: 'colour' },
    get: (w) => w.style.fill.color,
    set: (w, v) => style(w, { fill: { ...w.style.fill, color: text(v) } }),
    shown: (w) => !multistage(w),
  },
  {
    id: 'gaugeSteps',
    type: {
      kind: 'rows',
      columns: [
        { key: 'value', kind: 'number' },
        { key: 'color', kind: 'colour' },
      ],
      min: 1,
      max: MAX_STEPS,
      newRow: nextStep,
    },
    get: (w) => w.data.dataAddon.steps,
    set: (w, v) => {
      const steps = cleanSteps(v);
      return steps.length > 0 ? addon(w, { steps }) : w;
    },
    shown: multistage,
  },
  {
    id: 'percentType',
    type: { kind: 'choice', options: PERCENT_TYPES },
    get: (w) => w.data.dataAddon.type,
    set: (w, v) => addon(w, { type: PERCENT_TYPES.find((t) => t === v) ?? 'rectangleChart' }),
  },
  {
    id: 'orientation',
    type: { kind: 'choice', options: ORIENTATIONS },
    get: (w) => w.data.dataAddon.orientation,
    set: (w, v) => addon(w, { orientation: ORIENTATIONS.find((o) => o === v) ?? 'bt' }),
    // A doughnut fills round, whatever the orientation.
    shown: (w) => w.data.dataAddon.type !== 'doughnutChart',
  },
  {
    id: 'textType',
    type: { kind: 'choice', options: PERCENT_TEXT_TYPES },
    get: (w) => percentTextTypeOf(w.data.dataAddon),
    set: (w, v) =>
      addon(w, { extra: { ...w.data.dataAddon.extra, textType: PERCENT_TEXT_TYPES.find((t) => t === v) ?? 'percentage' } }),
  },
];
