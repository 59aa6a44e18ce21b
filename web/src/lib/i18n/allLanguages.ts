/**
 * Imported for its effect by code that reads texts in a language other than the one shown (a signal spreadsheet
 * is read back in either language), and by the unit tests: every language in i18next at once. The console itself
 * fetches a language only when it is shown (index.ts); importing this module bundles them with the code that needs
 * them.
 */
import en from '@/locales/en.json';
import zhCN from '@/locales/zh-CN.json';
import { i18n } from './index';

if (!i18n.hasResourceBundle('zh-CN', 'translation')) i18n.addResourceBundle('zh-CN', 'translation', zhCN);
if (!i18n.hasResourceBundle('en', 'translation')) i18n.addResourceBundle('en', 'translation', en);
