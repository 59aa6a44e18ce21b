/**
 * i18next set-up. Importing this module initialises i18next synchronously (resources are bundled, both
 * languages are small), so the first render is already in the saved language and non-React code (the API
 * client) can translate too.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import zhCN from '@/locales/zh-CN.json';
import en from '@/locales/en.json';
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

void i18n.use(initReactI18next).init({
  resources: {
    'zh-CN': { translation: zhCN },
    en: { translation: en },
  },
  lng: initialLanguage,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['zh-CN', 'en'],
  // Keep 'zh-CN' as is; i18next would otherwise also try 'zh'.
  load: 'currentOnly',
  interpolation: { escapeValue: false }, // React escapes already.
  initAsync: false, // resources are in memory: finish init before the first render.
  showSupportNotice: false, // no advertising in the operators' browser console.
});

applyDocumentLanguage(initialLanguage);

/** The language the console shows now. */
export function currentLanguage(): Language {
  const language = i18n.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** Switches every text (i18next, dayjs, the <html lang>) and saves the choice. antd follows via the provider. */
export async function changeLanguage(language: Language): Promise<void> {
  saveLanguage(language);
  applyDocumentLanguage(language);
  await i18n.changeLanguage(language);
}

function applyDocumentLanguage(language: Language): void {
  dayjs.locale(dayjsLocale(language));
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
