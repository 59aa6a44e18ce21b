/**
 * The driver settings form as the server describes it (`/equipment/multi/driver/schema`, built from
 * crates/protocol/src/schema.rs): per driver kind, its fields with a kind, limits, default, unit and labels in
 * both languages. The types are the generated `DriverSchema` and `FieldSchema`; the console renders whatever the
 * schema says and knows no driver by name. Shared by the equipment's driver form and the system screens' driver
 * catalogue.
 */
import type { DriverSchema, FieldSchema } from '@/generated/answers';
import type { Language } from '@/lib/i18n/language';

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

export function isText(field: FieldSchema): field is Extract<FieldSchema, { type: 'text' }> {
  return field.type === 'text';
}
export function isInteger(field: FieldSchema): field is Extract<FieldSchema, { type: 'integer' }> {
  return field.type === 'integer';
}
export function isChoice(field: FieldSchema): field is Extract<FieldSchema, { type: 'choice' }> {
  return field.type === 'choice';
}
export function isNumberChoice(field: FieldSchema): field is Extract<FieldSchema, { type: 'number_choice' }> {
  return field.type === 'number_choice';
}
