/**
 * Test environment for the pure `*.test.ts` files, in Node without a DOM (vitest.config.ts): the texts in both
 * languages and Chinese as the starting language, as for the component tests (setup.ts), so a model's messages read
 * as the console shows them.
 */
import '@/lib/i18n';
import '@/test/allTexts';
