/**
 * Every area's texts in every language, bundled, for the unit tests: component tests render screens without the
 * loaders that fetch their areas (`withTexts`), and expect their texts on the first render, as in the browser
 * once a screen's chunk is in. Importing this module puts them all into i18next (test/setup.ts does).
 */
import { provideTexts } from '@/lib/i18n';
import { LANGUAGES, isLanguage, type Language } from '@/lib/i18n/language';
import { TEXT_AREAS, type TextArea, type Texts } from '@/lib/i18n/textAreas';

const files = import.meta.glob<Texts>('../locales/*/*.json', { import: 'default', eager: true });

/** Each language's files by area, as found on disk (the locales test checks both have every area). */
export const textFiles: Record<Language, Map<string, Texts>> = { 'zh-CN': new Map(), en: new Map() };
for (const [path, texts] of Object.entries(files)) {
  const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  const [, language, area] = match ?? [];
  if (!isLanguage(language) || area === undefined) throw new Error(`unexpected locale file ${path}`);
  textFiles[language].set(area, texts);
}

/** All of a language's texts in one tree, as i18next holds them once every area is loaded. */
export function allTexts(language: Language): Texts {
  return Object.assign({}, ...textFiles[language].values()) as Texts;
}

const isArea = (area: string): area is TextArea => (TEXT_AREAS as readonly string[]).includes(area);
for (const language of LANGUAGES) {
  for (const [area, texts] of textFiles[language]) if (isArea(area)) provideTexts(language, area, texts);
}
