/**
 * The console's two languages and where the choice is kept. Chinese is the default (spec section 1); the
 * choice is saved in localStorage under `langs` so it survives reloads and is shared by all tabs.
 */

export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** localStorage key holding the saved language ('zh-CN' or 'en'). */
export const LANGUAGE_STORAGE_KEY = 'langs';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The saved language, or the default when nothing (or something unknown) is saved or storage is blocked. */
export function readSavedLanguage(): Language {
  try {
    const saved = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function saveLanguage(language: Language): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage can be disabled (private mode, policy); the switch still applies to this page.
  }
}

/** The other language: what the language switch offers. */
export function otherLanguage(language: Language): Language {
  return language === 'zh-CN' ? 'en' : 'zh-CN';
}

/** The tag the generated error catalogue uses for a language. */
export function catalogueTag(language: Language): 'zh' | 'en' {
  return language === 'en' ? 'en' : 'zh';
}

/** The dayjs locale name for a language. */
export function dayjsLocale(language: Language): 'zh-cn' | 'en' {
  return language === 'en' ? 'en' : 'zh-cn';
}
