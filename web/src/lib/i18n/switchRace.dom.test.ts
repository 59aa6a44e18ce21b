import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from './language';
import type { TextArea, Texts } from './textAreas';

/** Each fetch the module under test makes, answered by the test when it chooses. */
interface Fetch {
  language: Language;
  area: TextArea;
  answer: () => void;
}

async function freshI18n() {
  const fetches: Fetch[] = [];
  vi.resetModules();
  vi.doMock('./textAreas', () => ({
    fetchTexts: (language: Language, area: TextArea) =>
      new Promise<Texts>((resolve) => {
        fetches.push({ language, area, answer: () => resolve({ [area]: { word: `${area} in ${language}` } }) });
      }),
  }));
  const module = await import('./index');
  return { module, fetches };
}

const answered = (fetches: Fetch[], language: Language, area: TextArea) => {
  const fetch = fetches.find((f) => f.language === language && f.area === area);
  if (!fetch) throw new Error(`${area} in ${language} was never fetched`);
  fetch.answer();
};

afterEach(() => {
  vi.doUnmock('./textAreas');
  vi.resetModules();
});

describe('a language switch while a screen is loading its texts', () => {
  it('fetches the screen’s texts in the new language too, so nothing shows a key after the switch', async () => {
    localStorage.setItem('langs', 'zh-CN');
    const { module, fetches } = await freshI18n();
    answered(fetches, 'zh-CN', 'common');
    await module.i18nReady;

    const switching = module.changeLanguage('en');
    // The shell's chunk arrives while the switch is still fetching `common` in English.
    const shell = module.loadTexts(['shell']);
    for (const fetch of [...fetches]) fetch.answer();
    await Promise.all([switching, shell]);
    for (const fetch of [...fetches]) fetch.answer();

    expect(module.currentLanguage()).toBe('en');
    expect(fetches.map((f) => `${f.language}/${f.area}`).sort()).toEqual(
      ['en/common', 'en/shell', 'zh-CN/common', 'zh-CN/shell'].sort(),
    );
    expect(module.i18n.t('shell.word')).toBe('shell in en');
  });
});
