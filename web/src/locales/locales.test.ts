/**
 * The texts themselves: both languages have the same area files with exactly the same keys, every value is a
 * non-empty string with the same {{placeholders}} in both, each top-level group lives in one area, and every key
 * the source names exists.
 */
import { describe, expect, it } from 'vitest';
import { TEXT_AREAS, type Texts } from '@/lib/i18n/textAreas';
import { textFiles } from '@/test/allTexts';
import { literalKeys, sourceFiles } from '@/test/sourceScan';

/** Every leaf key as a dotted path, with its value. */
function leaves(tree: Texts, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) for (const [k, v] of leaves(value, path)) out.set(k, v);
    else out.set(path, value);
  }
  return out;
}

const languages = ['zh-CN', 'en'] as const;

/** Each language's texts, all areas together, leaf key → value. */
const locales = Object.fromEntries(
  languages.map((language) => {
    const all = new Map<string, unknown>();
    for (const texts of textFiles[language].values()) for (const [key, value] of leaves(texts)) all.set(key, value);
    return [language, all];
  }),
) as Record<(typeof languages)[number], Map<string, unknown>>;

describe('locales', () => {
  it('each language has one file per area, and no other', () => {
    for (const language of languages) expect([...textFiles[language].keys()].sort()).toEqual([...TEXT_AREAS].sort());
  });

  it('zh-CN and en have exactly the same keys, area by area', () => {
    for (const area of TEXT_AREAS) {
      const zh = leaves(textFiles['zh-CN'].get(area) ?? {});
      const en = leaves(textFiles.en.get(area) ?? {});
      expect([...zh.keys()].filter((key) => !en.has(key)), `keys of ${area} only in zh-CN`).toEqual([]);
      expect([...en.keys()].filter((key) => !zh.has(key)), `keys of ${area} only in en`).toEqual([]);
    }
  });

  it('each top-level group lives in one area', () => {
    for (const language of languages) {
      const seen = new Map<string, string>();
      const twice: string[] = [];
      for (const [area, texts] of textFiles[language]) {
        for (const group of Object.keys(texts)) {
          const other = seen.get(group);
          if (other !== undefined) twice.push(`${language}: ${group} in ${other} and ${area}`);
          seen.set(group, area);
        }
      }
      expect(twice).toEqual([]);
    }
  });

  it('no value is empty or anything but a string', () => {
    for (const [name, table] of Object.entries(locales)) {
      const bad = [...table].filter(([, value]) => typeof value !== 'string' || value.trim() === '');
      expect(bad.map(([key]) => `${name}:${key}`)).toEqual([]);
    }
  });

  it('both languages use the same {{placeholders}} in each text', () => {
    const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const mismatched = [...locales['zh-CN']].filter(
      ([key, value]) => placeholders(value).join() !== placeholders(locales.en.get(key)).join(),
    );
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });

  it('every literal key the source passes to t() or names as a titleKey exists', () => {
    const missing: string[] = [];
    let found = 0;
    for (const file of sourceFiles()) {
      for (const key of literalKeys(file)) {
        found++;
        // A counted text (t(key, {count})) exists as its plural forms, as i18next looks them up.
        const forms = [key, `${key}_one`, `${key}_other`];
        if (!forms.some((form) => locales['zh-CN'].has(form))) missing.push(`${file}: ${key}`);
      }
    }
    expect(found).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });
});
