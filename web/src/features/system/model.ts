/**
 * The management area's system screens: the driver catalogue (the server's driver schema, built from
 * crates/protocol/src/schema.rs, read through entities/drivers), gateway hardware in use, equipment models (reusable
 * signal lists) and system announcements. The answers' types are the generated ones (web/src/generated/answers.ts);
 * the limits the server checks are repeated so a mistake shows while typing; the server stays the authority.
 */
import { Limits } from '@/lib/api/limits';
import type * as answers from '@/generated/answers';

/** What a field accepts, as data for a translated text: a range, a length, or a list of options. */
export type Accepts =
  | { kind: 'range'; min: number; max: number }
  | { kind: 'length'; max: number }
  | { kind: 'options'; options: string }
  | { kind: 'unknown' };

export function acceptsOf(field: answers.FieldSchema): Accepts {
  if (field.type === 'integer' && typeof field.min === 'number' && typeof field.max === 'number') {
    return { kind: 'range', min: field.min, max: field.max };
  }
  if (field.type === 'text' && typeof field.max_len === 'number') return { kind: 'length', max: field.max_len };
  if ((field.type === 'choice' || field.type === 'number_choice') && Array.isArray(field.options)) {
    return { kind: 'options', options: field.options.join(', ') };
  }
  // Kept although the generated union is closed: a kind a newer server adds is named by no case above.
  return { kind: 'unknown' };
}

/** A gateway model and firmware in use (`/gateway/hardware/query`). Empty texts: never reported. */
export type Hardware = answers.Hardware;

/** An equipment model as listed (`/equipment/model/query`). */
export type ModelSummary = answers.ModelSummary;

/**
 * `/equipment/model/info`. The generated `Model` leaves its signals `unknown` (stored as JSON); they are the
 * protocol's signal definitions, the generated `SignalDef` (ids 0: a template's signals belong to no equipment).
 */
export type ModelInfo = Omit<answers.Model, 'signals'> & { signals: answers.SignalDef[] };

/** The server's limits of a library model (crates/domain/src/limits.rs). */
export const MODEL_NAME_MAX = Limits.ModelNameChars;
export const MANUFACTURER_MAX = Limits.ManufacturerChars;
export const REMARK_MAX = Limits.RemarkChars;

export const ANNOUNCEMENT_STATUSES = ['draft', 'published', 'withdrawn'] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];

export type Announcement = answers.Announcement;
export type AnnouncementPage = answers.Listed<Announcement>;

/** The server's limits of an announcement. */
export const TITLE_MAX = Limits.AnnouncementTitleChars;
export const CONTENT_MAX = Limits.AnnouncementContentChars;
export const ANNOUNCEMENT_PAGE_SIZE = 10;

/** What an announcement may undergo in its status (the server's rules). */
export function announcementActions(status: AnnouncementStatus) {
  return {
    edit: status === 'draft',
    publish: status === 'draft',
    withdraw: status === 'published',
    delete: status === 'draft' || status === 'withdrawn',
  };
}

export type TextProblem = 'required' | 'tooLong' | 'controlCharacters';

/** A required text (trimmed) of at most `max` characters; `multiline` allows line breaks and tabs. */
export function textProblem(value: string | undefined, max: number, multiline = false): TextProblem | undefined {
  const text = (value ?? '').trim();
  if (!text) return 'required';
  if ([...text].length > max) return 'tooLong';
  // eslint-disable-next-line no-control-regex
  const control = multiline ? /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/ : /[\u0000-\u001F\u007F]/;
  if (control.test(text)) return 'controlCharacters';
  return undefined;
}
