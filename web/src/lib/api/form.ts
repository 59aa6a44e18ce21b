/**
 * Form encoding with dotted nested keys (spec section 7), the shape the server's parameter binding reads:
 *
 * | value                           | encoded as                          |
 * |---------------------------------|-------------------------------------|
 * | `{a: {b: 1}}`                   | `a.b=1`                             |
 * | `{ids: [1, 2]}` (scalars)       | `ids=1&ids=2` (key repeated)        |
 * | `{rows: [{x: 1}, {x: 2}]}`      | `rows[0].x=1&rows[1].x=2`           |
 * | `{m: [[1, 2]]}` (nested arrays) | `m[0]=1&m[0]=2`                     |
 * | `true` / `false`                | `true` / `false`                    |
 * | `Date`                          | milliseconds since the epoch        |
 * | `null` / `undefined`            | left out                            |
 * | `[]` / `{}`                     | left out (nothing to send)          |
 *
 * Values that are strings are sent as is (so a JSON string, like the user config, stays one field).
 */

export type FormScalar = string | number | boolean | bigint | Date | null | undefined;
export type FormValue = FormScalar | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

/** The pairs, in the order the object lists them. Pure: no DOM types, easy to test. */
export function toDottedPairs(value: FormObject): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const [key, child] of Object.entries(value)) appendValue(pairs, key, child);
  return pairs;
}

/** The same pairs as URLSearchParams: a fetch body (sent as application/x-www-form-urlencoded) or a query. */
export function toDottedForm(value: FormObject): URLSearchParams {
  return new URLSearchParams(toDottedPairs(value));
}

function appendValue(pairs: Array<[string, string]>, key: string, value: FormValue): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      if (isNested(item)) appendValue(pairs, `${key}[${index}]`, item);
      else appendValue(pairs, key, item);
    });
    return;
  }
  if (value instanceof Date) {
    pairs.push([key, String(value.getTime())]);
    return;
  }
  if (typeof value === 'object') {
    for (const [childKey, child] of Object.entries(value)) appendValue(pairs, `${key}.${childKey}`, child);
    return;
  }
  pairs.push([key, String(value)]);
}

/** Arrays and plain objects need an index in the key; scalars in an array repeat the key instead. */
function isNested(value: FormValue): boolean {
  return value !== null && typeof value === 'object' && !(value instanceof Date);
}
