/**
 * How the viewer reads a loose value of a page document (settings kept as they were saved, `data.extra`), one
 * definition for every renderer and for the designer's fields, so what the designer writes is read the same way.
 */

/** A number, or numeric text (older pages saved numbers as text); undefined for anything else or not finite. */
export function finiteOf(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

/** A plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
