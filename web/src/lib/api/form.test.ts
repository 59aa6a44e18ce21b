import { describe, expect, it } from 'vitest';
import { toDottedForm, toDottedPairs } from './form';

describe('toDottedForm: form bodies with dotted nested keys (spec section 7)', () => {
  it('sends flat scalars as they are', () => {
    expect(toDottedPairs({ a: 'x', n: 1, ok: true, no: false })).toEqual([
      ['a', 'x'],
      ['n', '1'],
      ['ok', 'true'],
      ['no', 'false'],
    ]);
  });

  it('joins nested object keys with dots', () => {
    expect(toDottedPairs({ a: { b: 1, c: { d: 'e' } } })).toEqual([
      ['a.b', '1'],
      ['a.c.d', 'e'],
    ]);
  });

  it('repeats the key for arrays of scalars', () => {
    expect(toDottedPairs({ ids: [1, 2, 3] })).toEqual([
      ['ids', '1'],
      ['ids', '2'],
      ['ids', '3'],
    ]);
  });

  it('indexes arrays of objects as a[0].b', () => {
    expect(toDottedPairs({ rows: [{ x: 1, y: { z: 2 } }, { x: 3 }] })).toEqual([
      ['rows[0].x', '1'],
      ['rows[0].y.z', '2'],
      ['rows[1].x', '3'],
    ]);
  });

  it('indexes nested arrays and repeats their scalars', () => {
    expect(toDottedPairs({ m: [[1, 2], [3]] })).toEqual([
      ['m[0]', '1'],
      ['m[0]', '2'],
      ['m[1]', '3'],
    ]);
  });

  it('leaves out null, undefined, empty arrays and empty objects but keeps empty strings and zero', () => {
    expect(toDottedPairs({ a: null, b: undefined, c: [], d: {}, e: '', f: 0, g: [null, 1] })).toEqual([
      ['e', ''],
      ['f', '0'],
      ['g', '1'],
    ]);
  });

  it('sends dates as epoch milliseconds (times on the wire are ms)', () => {
    expect(toDottedPairs({ at: new Date(1_700_000_000_123) })).toEqual([['at', '1700000000123']]);
  });

  it('keeps a JSON string as one field', () => {
    expect(toDottedPairs({ config: JSON.stringify({ a: 1 }) })).toEqual([['config', '{"a":1}']]);
  });

  it('encodes as application/x-www-form-urlencoded', () => {
    expect(toDottedForm({ q: { name: 'a b&c' }, ids: [1, 2] }).toString()).toBe('q.name=a+b%26c&ids=1&ids=2');
  });
});
