/**
 * The XY curve's own settings (spec section 3, "XY curve has modeX, modeY and two-entry signal arrays"), read as
 * the viewer reads them (runtime/xyChartOptions.ts `xySignalsOf`, `xySettingsOf`):
 *
 * - the two signals, one field each, because the viewer reads `signalArray` by place (X first, then Y), not as a
 *   list: one named "X" and one named "Y" cannot be swapped by mistake, and clearing one leaves an unbound entry
 *   in its place (as binding repair does), so the other keeps its axis;
 * - `modeX` / `modeY`: `adapt` (the default) follows the data; any other value fixes the axis, which the panel
 *   writes as `custom` (the other charts' word): the Y axis to `minVal` / `maxVal` (0 to 100 when first fixed,
 *   kept an open range, since the viewer ignores an empty one), the X axis to start at 0 (the spec names no
 *   bounds for X, so none are offered);
 * - `timeRange`, the minutes a pair stays drawn (60), is the charts' field (./charts.ts): the viewer reads it the
 *   same way.
 */
import { CHART_MODES } from '@/runtime/chartOptions';
import { boundSignalId, type Binding, type Widget } from '@/runtime/document';
import { xySettingsOf } from '@/runtime/xyChartOptions';
import { bindingOf, bound, data, dataExtra, finiteOf } from './helpers';
import type { BindableSignal, FieldDef } from './types';

/** An entry holding an axis' place with no signal: what binding repair leaves of a signal that is gone. */
const UNBOUND: Binding = { type: 'signal', equipId: null, signalId: null, title: '', subTitle: '' };

/** Where each axis' signal sits in `signalArray`. */
const AXIS_PLACE = { x: 0, y: 1 } as const;
type Axis = keyof typeof AXIS_PLACE;

const slot = (w: Widget, axis: Axis): Binding | undefined => w.data.signalArray?.[AXIS_PLACE[axis]];

/** The widget with the signal of `axis` set (or cleared), the other axis' entry and any further ones as they were. */
function withAxisSignal(w: Widget, axis: Axis, signal: BindableSignal | null): Widget {
  const current = slot(w, axis);
  if (!signal && (!current || boundSignalId(current) === null)) return w;
  const list = [...(w.data.signalArray ?? [])];
  while (list.length < 2) list.push(UNBOUND);
  list[AXIS_PLACE[axis]] = signal ? bindingOf(signal) : UNBOUND;
  return data(w, { signalArray: list });
}

const fixedY = (w: Widget) => !xySettingsOf(w.data).adaptY;

function signalField(axis: Axis): FieldDef {
  return {
    id: `${axis}Signal`,
    type: { kind: 'signal' },
    get: (w) => {
      const binding = slot(w, axis);
      return binding ? boundSignalId(binding) : null;
    },
    set: (w, v) => withAxisSignal(w, axis, (v as BindableSignal | null) ?? null),
  };
}

export const XY_FIELDS: readonly FieldDef[] = [
  signalField('x'),
  signalField('y'),
  {
    id: 'modeX',
    type: { kind: 'choice', options: CHART_MODES },
    get: (w) => (xySettingsOf(w.data).adaptX ? 'adapt' : 'custom'),
    set: (w, v) => dataExtra(w, { modeX: v === 'custom' ? 'custom' : 'adapt' }),
  },
  {
    id: 'modeY',
    type: { kind: 'choice', options: CHART_MODES },
    get: (w) => (fixedY(w) ? 'custom' : 'adapt'),
    set: (w, v) => {
      if (v !== 'custom') return dataExtra(w, { modeY: 'adapt' });
      // Fixed again, a range typed before comes back; else the charts' first range.
      const min = finiteOf(w.data.extra.minVal);
      const max = finiteOf(w.data.extra.maxVal);
      const range = min !== undefined && max !== undefined && min < max ? { minVal: min, maxVal: max } : { minVal: 0, maxVal: 100 };
      return dataExtra(w, { modeY: 'custom', ...range });
    },
  },
  {
    id: 'yMinVal',
    type: { kind: 'number', min: -1e12, max: 1e12, step: 1 },
    get: (w) => xySettingsOf(w.data).minY,
    set: (w, v) => dataExtra(w, { minVal: bound(v, 0, finiteOf(w.data.extra.maxVal), 'min') }),
    shown: fixedY,
  },
  {
    id: 'yMaxVal',
    type: { kind: 'number', min: -1e12, max: 1e12, step: 1 },
    get: (w) => xySettingsOf(w.data).maxY,
    set: (w, v) => dataExtra(w, { maxVal: bound(v, 100, finiteOf(w.data.extra.minVal), 'max') }),
    shown: fixedY,
  },
];
