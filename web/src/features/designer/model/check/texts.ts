/**
 * How a refusal is worded, exactly as the server words it: the reasons' templates are generated from the domain
 * crate's `Reason::text` (`reasonTexts.json`), the message around them is error code 1100's (or 1101's for a bare
 * `required`, as the server answers it) from the generated catalogue.
 */
import reasonTexts from '@/generated/reasonTexts.json';
import { catalogueText } from '@/lib/api/errors';
import { Code } from '@/lib/api/codes';
import type { RefusalReason } from '@/lib/api/fieldErrors';
import { currentLanguage } from '@/lib/i18n';
import { catalogueTag, type Language } from '@/lib/i18n/language';

type Lang = 'zh' | 'en';
type Texts = Record<Lang, string>;
interface LeafTexts extends Texts {
  /** How a list argument's items are joined, per language. */
  lists?: Record<string, Texts>;
}

const leaves = reasonTexts.reasons as Record<string, LeafTexts | undefined>;

/** `template` with each `{{name}}` replaced by `value(name)`; a placeholder without a value stays as written. */
function fill(template: string, value: (name: string) => string | undefined): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => value(name) ?? whole);
}

function args(reason: RefusalReason): Record<string, unknown> {
  return reason.args ?? {};
}

function inner(reason: RefusalReason): RefusalReason {
  return args(reason).reason as RefusalReason;
}

/** The text of `reason` in `lang`, as `Reason::text` renders it. */
export function reasonText(reason: RefusalReason, lang: Lang): string {
  const given = args(reason);
  if (reason.kind === 'field') {
    return fill(reasonTexts.field[lang], (name) => (name === 'reason' ? reasonText(inner(reason), lang) : String(given[name])));
  }
  if (reason.kind === 'widget') {
    const widget = (given.widget ?? {}) as Record<string, unknown>;
    const template = 'id' in widget ? reasonTexts.widget.id : reasonTexts.widget.at;
    return fill(template[lang], (name) => (name === 'reason' ? reasonText(inner(reason), lang) : String(widget[name])));
  }
  const texts = Object.hasOwn(leaves, reason.kind) ? leaves[reason.kind] : undefined;
  if (texts === undefined) return reason.kind;
  return fill(texts[lang], (name) => {
    const value = given[name];
    if (value === undefined) return undefined;
    return Array.isArray(value) ? value.join(texts.lists?.[name]?.[lang] ?? ', ') : String(value);
  });
}

/** The message the server answers a refused document with, in `language` (the user's by default). */
export function refusalMessage(reason: RefusalReason, language: Language = currentLanguage()): string {
  const code = reason.kind === 'required' ? Code.MissingParam : Code.InvalidParam;
  const text = reasonText(reason, catalogueTag(language));
  return catalogueText(code, language, { field: 'document', reason: text }) ?? text;
}
