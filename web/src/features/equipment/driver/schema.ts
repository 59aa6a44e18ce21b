/**
 * The driver settings form as the server describes it (`/equipment/multi/driver/schema`, built from
 * crates/protocol/src/schema.rs): per driver kind, its fields with a kind, limits, default, unit and labels in
 * both languages. The console renders whatever this says; it knows no driver by name.
 */
import type { Language } from '@/lib/i18n/language';

interface FieldBase {
  /** The key in the driver's JSON. */
  name: string;
  labelZh: string;
  labelEn: string;
  /** Shown beside the input; '' when none. */
  unit: string;
  /** Given in a new form; null when the person must fill it in. */
  default: string | number | null;
}

export type DriverField =
  | (FieldBase & { type: 'text'; max_len: number })
  | (FieldBase & { type: 'integer'; min: number; max: number })
  | (FieldBase & { type: 'choice'; options: string[] })
  | (FieldBase & { type: 'number_choice'; options: number[] })
  /** A kind this console does not know yet: shown as text, the server judges it. */
  | (FieldBase & { type: string });

export interface DriverSchema {
  kind: string;
  labelZh: string;
  labelEn: string;
  fields: DriverField[];
}

/** The label in the console's language. */
export function labelOf(item: { labelZh: string; labelEn: string }, language: Language): string {
  return language === 'en' ? item.labelEn : item.labelZh;
}

/** Form values for a driver: the saved settings where they belong to this kind, else the schema's defaults. */
export function driverValues(
  schema: DriverSchema,
  saved: Record<string, unknown> | null | undefined,
): Record<string, unknown> {
  const sameKind = saved?.kind === schema.kind;
  const values: Record<string, unknown> = { kind: schema.kind };
  for (const field of schema.fields) {
    const own = sameKind ? saved?.[field.name] : undefined;
    values[field.name] = own ?? field.default ?? undefined;
  }
  return values;
}

/** The settings to save: the kind and each field of its schema, texts trimmed. */
export function driverPayload(schema: DriverSchema, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { kind: schema.kind };
  for (const field of schema.fields) {
    const value = values[field.name];
    out[field.name] = typeof value === 'string' ? value.trim() : (value ?? null);
  }
  return out;
}

export function isText(field: DriverField): field is FieldBase & { type: 'text'; max_len: number } {
  return field.type === 'text';
}
export function isInteger(field: DriverField): field is FieldBase & { type: 'integer'; min: number; max: number } {
  return field.type === 'integer';
}
export function isChoice(field: DriverField): field is FieldBase & { type: 'choice'; options: string[] } {
  return field.type === 'choice';
}
export function isNumberChoice(field: DriverField): field is FieldBase & { type: 'number_choice'; options: number[] } {
  return field.type === 'number_choice';
}
