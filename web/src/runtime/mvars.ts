/**
 * A project page's intermediate variables (spec section 3: an mvar binding `{type: mvar, mvarId, title}`;
 * docs/mvars.md). The viewer fetches the definitions its page binds (entities/mvars/api.ts) and computes each from the
 * live readings of the project's signals it already receives, under the value key `mvar:<id>`, beside the signals'
 * (runtime/systemKeys.ts `valueKeyOf`), so every widget that shows a value shows a variable alike.
 *
 * Only good readings count (spec: "only results coded 200 are counted"): an aggregate over the good ones, a
 * formula only when every reading it names is good. A variable is stale when a reading it used is. A variable
 * without a result reads 0 (spec section 5: "a formula result that is not finite or is empty becomes 0"), marked
 * with why (`zero`: no input, or not a finite result) so the widget can say it is not a measured 0.
 */
import type { Mvar } from '@/generated/answers';
import { allWidgets, type Binding, type PageDocument } from './document';
import type { Calc } from '@/entities/mvars/api';
import { aggregate, evaluateFormula, parseFormula, type Formula } from './formula';
import type { RuntimeSignal, RuntimeValue, ZeroReason } from './types';

/** Where a variable sits in the page's value record. */
export const mvarValueKey = (id: number) => `mvar:${id}`;

/** The variable a binding names, or null. */
export function mvarIdOf(binding: Binding): number | null {
  return binding.type === 'mvar' && typeof binding.mvarId === 'number' && binding.mvarId > 0 ? binding.mvarId : null;
}

/** The variables a page's widgets (group members included) bind, by their binding or a chart's `mvarArray`, each once. */
export function mvarIdsIn(document: PageDocument): number[] {
  const found = new Set<number>();
  for (const widget of allWidgets(document.widgets)) {
    for (const binding of [widget.data, ...(widget.data.mvarArray ?? [])]) {
      const id = mvarIdOf(binding);
      if (id !== null) found.add(id);
    }
  }
  return [...found].sort((a, b) => a - b);
}

/** What a variable is formatted and described as, in place of a signal: its unit and decimals, read-only. */
export function mvarSignal(mvar: Mvar): RuntimeSignal {
  return {
    id: 0,
    equipId: 0,
    title: mvar.name,
    dataType: 'float32',
    unit: mvar.unit,
    decimals: mvar.decimals,
    writable: false,
    min: null,
    max: null,
    valueMap: [],
  };
}

/** The variables as the viewer describes them, by id. */
export function mvarSignals(mvars: readonly Mvar[]): ReadonlyMap<number, RuntimeSignal> {
  return new Map(mvars.map((m) => [m.id, mvarSignal(m)]));
}

/** The equipment whose readings the variables need (each once), by the catalogue's owner of each signal. */
export function mvarEquipment(mvars: readonly Mvar[], catalogue: ReadonlyMap<number, RuntimeSignal>): number[] {
  const found = new Set<number>();
  for (const mvar of mvars) {
    for (const id of mvar.signalIds) {
      const signal = catalogue.get(id);
      if (signal) found.add(signal.equipId);
    }
  }
  return [...found];
}

const formulas = new Map<string, Formula | null>();

/** A formula parsed once per text (the variables are computed at every reading). */
function formulaOf(text: string): Formula | null {
  let formula = formulas.get(text);
  if (formula === undefined) {
    const parsed = parseFormula(text);
    formula = 'formula' in parsed ? parsed.formula : null;
    if (formulas.size > 500) formulas.clear();
    formulas.set(text, formula);
  }
  return formula;
}

/**
 * One variable's value from `values` (the page's readings by signal id). Without a result it is 0 with the reason:
 * `noInput` when a formula lacks a good reading of a signal it names or an aggregate has none at all, `notFinite`
 * when the readings are there but the result is not a finite number (a division by zero, a formula that cannot be
 * read). A 0 without input has no time: it is not a reading (charts draw no point for it).
 */
export function mvarValue(mvar: Mvar, values: Readonly<Record<string, RuntimeValue>>): RuntimeValue {
  let time = 0;
  let stale = false;
  let good = 0;
  let missing = false;
  const reading = (signalId: number): number | null => {
    const v = values[String(signalId)];
    if (!v || !v.good || v.value === null) {
      missing = true;
      return null;
    }
    good += 1;
    time = Math.max(time, v.time);
    stale ||= v.stale;
    return v.value;
  };
  let value: number | null;
  let zero: ZeroReason;
  if (mvar.calc === 'custom') {
    const formula = formulaOf(mvar.formula);
    value = formula === null ? null : evaluateFormula(formula, (p) => reading(p.signalId));
    zero = missing ? 'noInput' : 'notFinite';
  } else {
    value = aggregate(mvar.calc as Calc, mvar.signalIds.map(reading));
    zero = good === 0 ? 'noInput' : 'notFinite';
  }
  if (value !== null) return { value, time, good: true, stale };
  return zero === 'noInput' ? { value: 0, time: 0, good: true, stale: false, zero } : { value: 0, time, good: true, stale, zero };
}

/** Every variable's value under its key (0 with its reason for one without a result). */
export function mvarValues(mvars: readonly Mvar[], values: Readonly<Record<string, RuntimeValue>>): Record<string, RuntimeValue> {
  const out: Record<string, RuntimeValue> = {};
  for (const mvar of mvars) out[mvarValueKey(mvar.id)] = mvarValue(mvar, values);
  return out;
}
