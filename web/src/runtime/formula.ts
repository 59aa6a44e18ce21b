/**
 * An intermediate variable's formula, as the server reads it (crates/domain/src/mvar.rs; docs/mvars.md): numbers,
 * `${n.m}` placeholders (signal m of equipment n), `+ - * /`, a leading minus and parentheses, spaces between. The
 * viewer computes a project's intermediate variables from the live readings it already has; both sides read the
 * cases of `formulaCases.json`, so a formula is refused at the same character and computed alike.
 */
import type { Calc } from '@/entities/mvars/api';

export const FORMULA_CHARS = 500;
export const MVAR_SIGNALS = 64;
export const FORMULA_DEPTH = 32;

export type FormulaFault =
  | 'empty'
  | 'unexpectedEnd'
  | 'unexpectedCharacter'
  | 'badPlaceholder'
  | 'badNumber'
  | 'unclosedParenthesis'
  | 'tooLong'
  | 'tooManyPlaceholders'
  | 'tooDeep';

/** A refused formula: the fault and where it is, counted in characters (code points) from 1. */
export interface FormulaError {
  at: number;
  fault: FormulaFault;
}

export interface Placeholder {
  equipmentId: number;
  signalId: number;
}

type Expr =
  | { kind: 'number'; value: number }
  | { kind: 'signal'; index: number }
  | { kind: 'negate'; inner: Expr }
  | { kind: 'binary'; op: '+' | '-' | '*' | '/'; left: Expr; right: Expr };

export interface Formula {
  expr: Expr;
  /** In the order they are written, each occurrence once. */
  placeholders: Placeholder[];
}

class Refused extends Error {
  constructor(readonly error: FormulaError) {
    super(error.fault);
  }
}

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

class Parser {
  pos = 0;
  depth = 0;
  readonly placeholders: Placeholder[] = [];
  constructor(readonly chars: readonly string[]) {}

  fault(fault: FormulaFault): Refused {
    const atEnd = this.pos >= this.chars.length && fault === 'unexpectedCharacter';
    return new Refused({ at: this.pos + 1, fault: atEnd ? 'unexpectedEnd' : fault });
  }

  skipSpaces() {
    while (this.chars[this.pos] === ' ' || this.chars[this.pos] === '\t') this.pos += 1;
  }

  peek(): string | undefined {
    this.skipSpaces();
    return this.chars[this.pos];
  }

  sum(): Expr {
    let left = this.product();
    for (let op = this.peek(); op === '+' || op === '-'; op = this.peek()) {
      this.pos += 1;
      left = { kind: 'binary', op, left, right: this.product() };
    }
    return left;
  }

  product(): Expr {
    let left = this.unary();
    for (let op = this.peek(); op === '*' || op === '/'; op = this.peek()) {
      this.pos += 1;
      left = { kind: 'binary', op, left, right: this.unary() };
    }
    return left;
  }

  unary(): Expr {
    if (this.peek() !== '-') return this.atom();
    this.enter();
    this.pos += 1;
    const inner = this.unary();
    this.depth -= 1;
    return { kind: 'negate', inner };
  }

  enter() {
    this.depth += 1;
    if (this.depth > FORMULA_DEPTH) throw this.fault('tooDeep');
  }

  atom(): Expr {
    const c = this.peek();
    if (c === '(') {
      const open = this.pos;
      this.enter();
      this.pos += 1;
      const inner = this.sum();
      if (this.peek() !== ')') {
        if (this.pos >= this.chars.length) throw new Refused({ at: open + 1, fault: 'unclosedParenthesis' });
        throw this.fault('unexpectedCharacter');
      }
      this.pos += 1;
      this.depth -= 1;
      return inner;
    }
    if (c === '$') return this.placeholder();
    if (isDigit(c)) return this.number();
    throw this.fault('unexpectedCharacter');
  }

  digits(): number {
    const start = this.pos;
    while (isDigit(this.chars[this.pos])) this.pos += 1;
    return this.pos - start;
  }

  number(): Expr {
    const start = this.pos;
    const bad = new Refused({ at: start + 1, fault: 'badNumber' });
    this.digits();
    if (this.chars[this.pos] === '.') {
      this.pos += 1;
      if (this.digits() === 0) throw bad;
    }
    const value = Number(this.chars.slice(start, this.pos).join(''));
    if (!Number.isFinite(value)) throw bad;
    return { kind: 'number', value };
  }

  placeholder(): Expr {
    const start = this.pos;
    const bad = new Refused({ at: start + 1, fault: 'badPlaceholder' });
    if (this.placeholders.length >= MVAR_SIGNALS) throw new Refused({ at: start + 1, fault: 'tooManyPlaceholders' });
    this.pos += 1;
    if (this.chars[this.pos] !== '{') throw bad;
    this.pos += 1;
    const equipmentId = this.id();
    if (equipmentId === null || this.chars[this.pos] !== '.') throw bad;
    this.pos += 1;
    const signalId = this.id();
    if (signalId === null || this.chars[this.pos] !== '}') throw bad;
    this.pos += 1;
    this.placeholders.push({ equipmentId, signalId });
    return { kind: 'signal', index: this.placeholders.length - 1 };
  }

  /** A positive whole number of at most 15 digits (exact in a double). */
  id(): number | null {
    const start = this.pos;
    const n = this.digits();
    if (n === 0 || n > 15) return null;
    const id = Number(this.chars.slice(start, this.pos).join(''));
    return id > 0 ? id : null;
  }
}

/** Parses a formula, or says where and why it is refused. */
export function parseFormula(text: string): { formula: Formula } | { error: FormulaError } {
  const chars = Array.from(text);
  if (chars.length > FORMULA_CHARS) return { error: { at: FORMULA_CHARS + 1, fault: 'tooLong' } };
  const parser = new Parser(chars);
  try {
    parser.skipSpaces();
    if (parser.pos === chars.length) return { error: { at: 1, fault: 'empty' } };
    const expr = parser.sum();
    parser.skipSpaces();
    if (parser.pos < chars.length) throw parser.fault('unexpectedCharacter');
    return { formula: { expr, placeholders: parser.placeholders } };
  } catch (e) {
    if (e instanceof Refused) return { error: e.error };
    throw e;
  }
}

function evaluate(expr: Expr, values: readonly (number | null)[]): number | null {
  switch (expr.kind) {
    case 'number':
      return expr.value;
    case 'signal':
      return values[expr.index] ?? null;
    case 'negate': {
      const inner = evaluate(expr.inner, values);
      return inner === null ? null : -inner;
    }
    case 'binary': {
      const a = evaluate(expr.left, values);
      if (a === null) return null;
      const b = evaluate(expr.right, values);
      if (b === null) return null;
      if (expr.op === '+') return a + b;
      if (expr.op === '-') return a - b;
      if (expr.op === '*') return a * b;
      return b === 0 ? null : a / b;
    }
  }
}

/**
 * The formula's value when `reading` gives each named signal's good value (null: not good, or none): null when any
 * is missing, on a division by zero, and for a result that is not a finite number.
 */
export function evaluateFormula(formula: Formula, reading: (p: Placeholder) => number | null): number | null {
  const value = evaluate(
    formula.expr,
    formula.placeholders.map((p) => reading(p)),
  );
  return value !== null && Number.isFinite(value) ? value : null;
}

/** An aggregate over good readings (null for the others); null when none is good, and for `custom`. */
export function aggregate(calc: Calc, readings: readonly (number | null)[]): number | null {
  const good = readings.filter((v): v is number => v !== null && Number.isFinite(v));
  if (good.length === 0 || calc === 'custom') return null;
  const sum = () => good.reduce((a, b) => a + b, 0);
  const value =
    calc === 'sum' ? sum() : calc === 'avg' ? sum() / good.length : calc === 'min' ? Math.min(...good) : Math.max(...good);
  return Number.isFinite(value) ? value : null;
}
