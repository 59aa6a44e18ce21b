/**
 * Typed reads of a document's fields, each naming the field's path in the refusal it gives: the mirror of
 * crates/domain/src/page/fields.rs, read for read.
 */
import widgetTypes from '@/generated/widgetTypes.json';
import { asciiLower, isHttpUrl, refusedInLink } from '@/runtime/addressRules';
import { at, reason, refuse } from './reasons';

export type Obj = Record<string, unknown>;

export function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `parent.key`, or `key` at the top. */
export function join(parent: string, key: string): string {
  return parent === '' ? key : `${parent}.${key}`;
}

/** The value at `key`; JSON null reads as absent, as the server reads it. */
export function present(parent: Obj, key: string): unknown {
  const value = Object.hasOwn(parent, key) ? parent[key] : undefined;
  return value === null ? undefined : value;
}

export function object(parent: Obj, key: string, parentPath: string): Obj | undefined {
  const value = present(parent, key);
  if (value === undefined || isObject(value)) return value;
  return refuse(at(join(parentPath, key), reason('notObject')));
}

export function array(parent: Obj, key: string, parentPath: string): unknown[] | undefined {
  const value = present(parent, key);
  if (value === undefined || Array.isArray(value)) return value;
  return refuse(at(join(parentPath, key), reason('notArray')));
}

export function text(parent: Obj, key: string, parentPath: string): string | undefined {
  const value = present(parent, key);
  if (value === undefined || typeof value === 'string') return value;
  return refuse(at(join(parentPath, key), reason('notText')));
}

export function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** A JSON number (not a text of digits), finite. */
export function number(parent: Obj, key: string, parentPath: string): number | undefined {
  const value = present(parent, key);
  if (value === undefined || isFiniteNumber(value)) return value;
  return refuse(at(join(parentPath, key), reason('notNumber')));
}

/** How many characters (code points, as the server counts them) `value` has. */
export function characters(value: string): number {
  return [...value].length;
}

export function boundedText(parent: Obj, key: string, max: number): string | undefined {
  const value = text(parent, key, '');
  if (value !== undefined && characters(value) > max) refuse(at(key, reason('tooLong', { max })));
  return value;
}

/** Text at `key` that must be one of `allowed` when present. */
export function oneOf(parent: Obj, key: string, parentPath: string, allowed: readonly string[]): string | undefined {
  const value = text(parent, key, parentPath);
  if (value !== undefined && !allowed.includes(value)) refuse(at(join(parentPath, key), reason('oneOf', { allowed: [...allowed] })));
  return value;
}

const HEX_DIGITS = /^[0-9A-Fa-f]*$/;

/** `#` and a generated number of hex digits (`#RGB`, `#RRGGBB`, `#RRGGBBAA`). */
export function isColour(value: string): boolean {
  if (!value.startsWith('#')) return false;
  const hex = value.slice(1);
  return widgetTypes.colourDigits.includes(hex.length) && HEX_DIGITS.test(hex);
}

/** A colour at `key` when present. */
export function colour(parent: Obj, key: string, parentPath: string): void {
  const value = present(parent, key);
  if (value !== undefined && !(typeof value === 'string' && isColour(value))) refuse(at(join(parentPath, key), reason('notColour')));
}

/** The link rule lives with the viewer (runtime/addressRules.ts), which plays video addresses by it too. */
export { asciiLower, isHttpUrl, refusedInLink };
