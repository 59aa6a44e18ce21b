import { describe, expect, it } from 'vitest';
import table from './formulaCases.json';
import { CALCS, type Calc } from '@/entities/mvars/api';
import { aggregate, evaluateFormula, parseFormula } from './formula';

// The cases the server reads too (crates/domain/src/mvar/tests.rs): a failure here or there is a drift between them.
describe('formulas, as the server reads them', () => {
  it.each(table.valid.map((c) => [c.formula.slice(0, 60), c] as const))('accepts %s', (_, c) => {
    const parsed = parseFormula(c.formula);
    if (!('formula' in parsed)) throw new Error(`${c.formula}: ${JSON.stringify(parsed.error)}`);
    expect(parsed.formula.placeholders.map((p) => [p.equipmentId, p.signalId])).toEqual(c.placeholders);
    for (const { given, result } of c.values) {
      const readings = given as Record<string, number>;
      expect(evaluateFormula(parsed.formula, (p) => readings[String(p.signalId)] ?? null)).toBe(result);
    }
  });

  it.each(table.invalid.map((c) => [c.formula.slice(0, 60), c] as const))('refuses %s', (_, c) => {
    expect(parseFormula(c.formula)).toEqual({ error: { at: c.at, fault: c.fault } });
  });

  it.each(table.aggregates.map((c) => [c.calc, c] as const))('aggregates %s over good readings', (_, c) => {
    expect(CALCS).toContain(c.calc);
    expect(aggregate(c.calc as Calc, c.readings)).toBe(c.result);
  });

  it('never throws on text of the grammar’s characters and strangers', () => {
    const alphabet = Array.from('0.${}()+-*/ 9x温');
    const walk = (text: string, left: number) => {
      const parsed = parseFormula(text);
      if ('formula' in parsed) evaluateFormula(parsed.formula, () => 1);
      if (left > 0) for (const c of alphabet) walk(text + c, left - 1);
    };
    expect(() => walk('', 3)).not.toThrow();
  });
});
