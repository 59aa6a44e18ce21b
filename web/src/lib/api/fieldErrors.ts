/**
 * Which form field a server refusal names. The server refuses a parameter with 1100 (invalid) or 1101 (missing)
 * and names it in the answer's `data`: `{field, reason}`, the field a dotted path (`driver.port`,
 * `signals.3.address`, `rules.0.level`) and the reason `{kind, args}`. The message is for people; the screens
 * read the path from the data, never from the translated text.
 */
import type { ApiError } from '@/lib/api/errors';
import { Code } from '@/lib/api/codes';

const FIELD_CODES: readonly string[] = [Code.InvalidParam, Code.MissingParam];

/** Why a parameter was refused, as the server sends it (crates/domain's `Reason`). */
export interface RefusalReason {
  kind: string;
  args?: Record<string, unknown>;
}

/** The `data` of a 1100/1101 answer. */
export interface FieldRefusal {
  field: string;
  reason?: RefusalReason;
}

function isFieldRefusal(data: unknown): data is FieldRefusal {
  return typeof data === 'object' && data !== null && typeof (data as { field?: unknown }).field === 'string';
}

/** The refusal a 1100/1101 answer carries; undefined for other errors. */
export function fieldRefusal(error: Pick<ApiError, 'code' | 'data'>): FieldRefusal | undefined {
  if (!FIELD_CODES.includes(error.code) || !isFieldRefusal(error.data)) return undefined;
  return error.data;
}

/** The dotted field path a 1100/1101 refusal names, e.g. `signals.3.address`; undefined for other errors. */
export function refusedField(error: Pick<ApiError, 'code' | 'data'>): string | undefined {
  return fieldRefusal(error)?.field || undefined;
}

/** `prefix.<index>.<field>` (e.g. `signals.3.address`) → {index, field}; field is '' when the entry as a whole. */
export function refusedListEntry(
  error: Pick<ApiError, 'code' | 'data'>,
  prefix: string,
): { index: number; field: string } | undefined {
  const parts = refusedField(error)?.split('.');
  // A field's own parts (`signals.0.valueMap.1.value`) name the entry's field by their first: `valueMap`.
  if (!parts || parts[0] !== prefix || parts.length < 2) return undefined;
  const index = parts[1] ?? '';
  if (!/^\d+$/.test(index)) return undefined;
  return { index: Number(index), field: parts[2] ?? '' };
}

/** `prefix.<field>` (e.g. `driver.port`) → `port`. */
export function refusedSubField(error: Pick<ApiError, 'code' | 'data'>, prefix: string): string | undefined {
  const path = refusedField(error);
  if (!path?.startsWith(`${prefix}.`)) return undefined;
  return path.slice(prefix.length + 1);
}

/** Which of a form's `fields` a refusal names (the path's first part: `auths.2` → `auths`), if any. */
export function refusedFormField<F extends string>(
  error: Pick<ApiError, 'code' | 'data'>,
  fields: readonly F[],
): F | undefined {
  const top = refusedField(error)?.split('.')[0];
  return fields.find((f) => f === top);
}
