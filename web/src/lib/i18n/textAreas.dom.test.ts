import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * A fresh i18n module for each test: the test set-up provides every area at once (src/test/allTexts.ts), which
 * is exactly what these tests must not have.
 */
async function freshI18n() {
  vi.resetModules();
  return import('./index');
}

const has = (module: Awaited<ReturnType<typeof freshI18n>>, language: string, key: string) =>
  module.i18n.getResource(language, 'translation', key) !== undefined;

beforeEach(() => {
  localStorage.clear();
});

describe('texts per area', () => {
  it('starts with the saved language’s common texts only', async () => {
    const i18n = await freshI18n();
    await i18n.i18nReady;
    expect(i18n.i18n.t('common.loading')).toBe('加载中…');
    expect(has(i18n, 'zh-CN', 'login.submit')).toBe(false);
    expect(has(i18n, 'en', 'common.loading')).toBe(false);
  });

  it('a screen wrapped in withTexts resolves with its areas in, and only those', async () => {
    const i18n = await freshI18n();
    await i18n.i18nReady;
    const screen = { default: 'the screen' };
    const load = i18n.withTexts(['login'], () => Promise.resolve(screen));
    await expect(load()).resolves.toBe(screen);
    expect(i18n.i18n.t('login.submit')).toBe('登录');
    expect(has(i18n, 'zh-CN', 'equipment.search')).toBe(false);
  });

  it('a switch fetches every area needed so far in the new language before it shows it', async () => {
    const i18n = await freshI18n();
    await i18n.i18nReady;
    await i18n.loadTexts(['login']);
    await i18n.changeLanguage('en');
    expect(i18n.i18n.t('login.submit')).toBe('Log in');
    expect(i18n.i18n.t('common.loading')).toBe('Loading…');
    expect(has(i18n, 'en', 'monitorList')).toBe(false);
    expect(localStorage.getItem('langs')).toBe('en');
  });

  it('opens in the saved language, fetching nothing of the other', async () => {
    localStorage.setItem('langs', 'en');
    const i18n = await freshI18n();
    await i18n.i18nReady;
    expect(i18n.currentLanguage()).toBe('en');
    expect(i18n.i18n.t('common.loading')).toBe('Loading…');
    expect(has(i18n, 'zh-CN', 'common.loading')).toBe(false);
  });

  it('loadTextsInEveryLanguage brings an area in both languages (a spreadsheet is read back in either)', async () => {
    const i18n = await freshI18n();
    await i18n.loadTextsInEveryLanguage(['equipment']);
    expect(has(i18n, 'zh-CN', 'equipment.signal.field.name')).toBe(true);
    expect(has(i18n, 'en', 'equipment.signal.field.name')).toBe(true);
  });
});
