/**
 * i18next set-up. Importing this module initialises i18next in the saved language, so non-React code (the API
 * client) can translate too. Each language's texts are their own chunk (about 10 KB compressed each), fetched for
 * the saved language at start and for another when the user switches to it: no page carries both languages, and
 * the texts do not weigh on every screen's first load (issue 4: the login page and the monitor list under 300 KB of
 * compressed JavaScript, in either language). main.tsx renders once `i18nReady` resolves, so the first render is in
 * the saved language. (Not a top-level await: that would turn off the bundler's chunk merging for the whole app.)
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import {
  DEFAULT_LANGUAGE,
  dayjsLocale,
  isLanguage,
  readSavedLanguage,
  saveLanguage,
  type Language,
} from './language';

export const i18n = i18next.createInstance();

const initialLanguage = readSavedLanguage();

type Texts = Record<string, unknown>;

/** Where each language's texts come from (one chunk each). */
const textChunks: Record<Language, () => Promise<{ default: Texts }>> = {
  'zh-CN': () => import('@/locales/zh-CN.json'),
  en: () => import('@/locales/en.json'),
};

/** Fetches a language's texts once into i18next; a failed fetch is tried again on the next call. */
const adding = new Map<Language, Promise<void>>();
function addLanguage(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return Promise.resolve();
  let pending = adding.get(language);
  if (!pending) {
    pending = textChunks[language]().then(
      (module) => {
        i18n.addResourceBundle(language, 'translation', module.default);
      },
      (error: unknown) => {
        adding.delete(language);
        throw error;
      },
    );
    adding.set(language, pending);
  }
  return pending;
}

void i18n.use(initReactI18next).init({
  resources: {},
  lng: initialLanguage,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['zh-CN', 'en'],
  // Keep 'zh-CN' as is; i18next would otherwise also try 'zh'.
  load: 'currentOnly',
  interpolation: { escapeValue: false }, // React escapes already.
  initAsync: false, // texts arrive through addLanguage; init itself has nothing to wait for.
  showSupportNotice: false, // no advertising in the operators' browser console.
});

applyDocumentLanguage(initialLanguage);

/**
 * Resolves when the saved language's texts are in. Never rejects: if they cannot be fetched, the console tries
 * the default language (and is shown in it), and starts in any case.
 */
export const i18nReady: Promise<void> = addLanguage(initialLanguage).catch(async () => {
  if (initialLanguage === DEFAULT_LANGUAGE) return addLanguage(DEFAULT_LANGUAGE).catch(() => undefined);
  await addLanguage(DEFAULT_LANGUAGE).catch(() => undefined);
  await i18n.changeLanguage(DEFAULT_LANGUAGE);
  applyDocumentLanguage(DEFAULT_LANGUAGE);
});

/** The language the console shows now. */
export function currentLanguage(): Language {
  const language = i18n.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** Switches every text (i18next, dayjs, the <html lang>) and saves the choice. antd follows via the provider. */
export async function changeLanguage(language: Language): Promise<void> {
  // Saved first: the choice holds for the next page load even if the user navigates away while the texts load.
  saveLanguage(language);
  await addLanguage(language);
  applyDocumentLanguage(language);
  await i18n.changeLanguage(language);
}

function applyDocumentLanguage(language: Language): void {
  dayjs.locale(dayjsLocale(language));
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
