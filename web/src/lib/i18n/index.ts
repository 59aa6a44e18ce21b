/**
 * i18next set-up. Importing this module initialises i18next in the saved language, so non-React code (the API
 * client) can translate too. Texts come in areas (textAreas.ts), each area and language a chunk of its own:
 * `common` for the saved language is fetched before the first render (main.tsx waits for `i18nReady`), a screen's
 * areas with its chunk (`withTexts`), and on a language switch every area shown so far in the new language
 * before anything re-renders. No page carries both languages or another screen's texts. (Not a top-level await:
 * that would turn off the bundler's chunk merging for the whole app.)
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  dayjsLocale,
  isLanguage,
  readSavedLanguage,
  saveLanguage,
  type Language,
} from './language';
import { fetchTexts, type TextArea, type Texts } from './textAreas';

export type { TextArea } from './textAreas';

export const i18n = i18next.createInstance();

const initialLanguage = readSavedLanguage();

/** The areas the console has needed so far: a language switch fetches each of them in the new language first. */
const wanted = new Set<TextArea>(['common']);

/** One fetch per area and language into i18next; a failed fetch is tried again on the next call. */
const adding = new Map<string, Promise<void>>();
function addArea(language: Language, area: TextArea): Promise<void> {
  const key = `${language}/${area}`;
  let pending = adding.get(key);
  if (!pending) {
    pending = fetchTexts(language, area).then(
      (texts) => {
        // The areas' top-level groups are disjoint: merging them builds the one namespace every t() reads.
        i18n.addResourceBundle(language, 'translation', texts, true, true);
      },
      (error: unknown) => {
        adding.delete(key);
        throw error;
      },
    );
    adding.set(key, pending);
  }
  return pending;
}

/**
 * Puts texts in without fetching them (the unit tests load every area at once; see src/test/allTexts.ts), so a
 * later `loadTexts` or language switch finds them there.
 */
export function provideTexts(language: Language, area: TextArea, texts: Texts): void {
  i18n.addResourceBundle(language, 'translation', texts, true, true);
  adding.set(`${language}/${area}`, Promise.resolve());
}

/** The language a switch under way is fetching texts for, until i18next has moved to it. */
let switchingTo: Language | null = null;

/**
 * Fetches `areas` in the current language (once each) and keeps them for later language switches. During a
 * switch they are fetched in the new language too: a screen whose chunk arrives while the switch is still
 * fetching (a click on the login page's switch just as the shell loads) would otherwise render keys once the
 * switch lands, because the switch only fetches the areas it knew of when it started.
 */
export function loadTexts(areas: readonly TextArea[]): Promise<void> {
  for (const area of areas) wanted.add(area);
  const languages = new Set<Language>([currentLanguage()]);
  if (switchingTo) languages.add(switchingTo);
  const adds = [...languages].flatMap((language) => areas.map((area) => addArea(language, area)));
  return Promise.all(adds).then(() => undefined);
}

/** Fetches `areas` in every language, for code that reads texts in a language other than the one shown. */
export function loadTextsInEveryLanguage(areas: readonly TextArea[]): Promise<void> {
  const adds = LANGUAGES.flatMap((language) => areas.map((area) => addArea(language, area)));
  return Promise.all(adds).then(() => undefined);
}

/**
 * Wraps a chunk's loader so it resolves once both the chunk and the texts of `areas` are in, fetched side by
 * side: the screen's first render already has its texts. A failure of either fails the load (LazyScreen then
 * offers Retry, which calls the loader again).
 */
export function withTexts<T>(areas: readonly TextArea[], load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadTexts(areas)]).then(([module]) => module);
}

void i18n.use(initReactI18next).init({
  resources: {},
  lng: initialLanguage,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['zh-CN', 'en'],
  // Keep 'zh-CN' as is; i18next would otherwise also try 'zh'.
  load: 'currentOnly',
  interpolation: { escapeValue: false }, // React escapes already.
  initAsync: false, // texts arrive through addArea; init itself has nothing to wait for.
  showSupportNotice: false, // no advertising in the operators' browser console.
});

applyDocumentLanguage(initialLanguage);

/**
 * Resolves when the saved language's common texts are in. Never rejects: if they cannot be fetched, the console
 * tries the default language (and is shown in it), and starts in any case.
 */
export const i18nReady: Promise<void> = addArea(initialLanguage, 'common').catch(async () => {
  if (initialLanguage === DEFAULT_LANGUAGE) return addArea(DEFAULT_LANGUAGE, 'common').catch(() => undefined);
  await addArea(DEFAULT_LANGUAGE, 'common').catch(() => undefined);
  await i18n.changeLanguage(DEFAULT_LANGUAGE);
  applyDocumentLanguage(DEFAULT_LANGUAGE);
});

/** The language the console shows now. */
export function currentLanguage(): Language {
  const language = i18n.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/**
 * Switches every text (i18next, dayjs, the <html lang>) and saves the choice. antd follows via the provider.
 * Every area needed so far is fetched in the new language first, so nothing shows a key while it loads.
 */
export async function changeLanguage(language: Language): Promise<void> {
  // Saved first: the choice holds for the next page load even if the user navigates away while the texts load.
  saveLanguage(language);
  switchingTo = language;
  try {
    await Promise.all([...wanted].map((area) => addArea(language, area)));
  } finally {
    if (switchingTo === language) switchingTo = null;
  }
  applyDocumentLanguage(language);
  await i18n.changeLanguage(language);
}

function applyDocumentLanguage(language: Language): void {
  dayjs.locale(dayjsLocale(language));
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  // The installed app's name in the language in use (public/manifest.<language>.webmanifest).
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', `/manifest.${language}.webmanifest`);
}
