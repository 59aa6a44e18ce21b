/**
 * Which form field a server refusal names. The server reports a refused parameter as 1100 ("invalid parameter
 * {field}: {reason}") or 1101 ("missing parameter {field}") with a dotted path (`driver.port`,
 * `signals.3.address`, `rules.0.level`). The message is already in the caller's language; the path is read
 * back out of it with the catalogue's own templates, so the screens never guess at the wording.
 */
import catalogue from '@/generated/errorCatalogue.json';
import type { ApiError } from '@/lib/api/errors';

const FIELD_CODES = ['1100', '1101'] as const;

type Entry = { zh: string; en: string };
const entries = catalogue as Record<string, Entry | undefined>;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** One pattern per code and language: `{field}` captures a dotted path, `{reason}` matches anything. */
const patterns: RegExp[] = FIELD_CODES.flatMap((code) => {
  const entry = entries[code];
  if (!entry) return [];
  return [entry.zh, entry.en].map(
    (template) =>
      new RegExp(
        `^${escapeRegExp(template)
          .replace(escapeRegExp('{field}'), '([A-Za-z0-9_.\\[\\]]+)')
          .replace(escapeRegExp('{reason}'), '[\\s\\S]*')}$`,
      ),
  );
});

/** The dotted field path a 1100/1101 refusal names, e.g. `signals.3.address`; undefined for other errors. */
export function refusedField(error: Pick<ApiError, 'code' | 'message'>): string | undefined {
  if (!(FIELD_CODES as readonly string[]).includes(error.code)) return undefined;
  for (const pattern of patterns) {
    const match = pattern.exec(error.message.trim());
    if (match?.[1]) return match[1];
  }
  return undefined;
}

/** `prefix.<index>.<field>` (e.g. `signals.3.address`) → {index, field}; field is '' when the entry as a whole. */
export function refusedListEntry(
  error: Pick<ApiError, 'code' | 'message'>,
  prefix: string,
): { index: number; field: string } | undefined {
  const path = refusedField(error);
  const match = path ? new RegExp(`^${escapeRegExp(prefix)}\\.(\\d+)(?:\\.(\\w+))?$`).exec(path) : null;
  if (!match) return undefined;
  return { index: Number(match[1]), field: match[2] ?? '' };
}

/** `prefix.<field>` (e.g. `driver.port`) → `port`. */
export function refusedSubField(error: Pick<ApiError, 'code' | 'message'>, prefix: string): string | undefined {
  const path = refusedField(error);
  if (!path?.startsWith(`${prefix}.`)) return undefined;
  return path.slice(prefix.length + 1);
}
