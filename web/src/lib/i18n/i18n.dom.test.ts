import dayjs from 'dayjs';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage, currentLanguage, i18n } from './index';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, otherLanguage, readSavedLanguage } from './language';

beforeEach(async () => {
  await changeLanguage('zh-CN');
  localStorage.clear();
});

describe('language (spec section 1: saved under `langs`, zh-CN by default)', () => {
  it('defaults to zh-CN when nothing or something unknown is saved', () => {
    expect(DEFAULT_LANGUAGE).toBe('zh-CN');
    expect(readSavedLanguage()).toBe('zh-CN');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(readSavedLanguage()).toBe('zh-CN');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    expect(readSavedLanguage()).toBe('en');
  });

  it('a switch saves the choice and moves i18next, dayjs and <html lang> together', async () => {
    await changeLanguage('en');
    expect(localStorage.getItem('langs')).toBe('en');
    expect(currentLanguage()).toBe('en');
    expect(i18n.t('login.submit')).toBe('Log in');
    expect(dayjs.locale()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    await changeLanguage('zh-CN');
    expect(localStorage.getItem('langs')).toBe('zh-CN');
    expect(i18n.t('login.submit')).toBe('登录');
    expect(dayjs.locale()).toBe('zh-cn');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('the switch offers the other language', () => {
    expect(otherLanguage('zh-CN')).toBe('en');
    expect(otherLanguage('en')).toBe('zh-CN');
  });
});
