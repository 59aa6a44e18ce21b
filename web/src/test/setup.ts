/**
 * Test environment for jsdom: the browser APIs antd relies on that jsdom lacks, a clean DOM and storage between
 * tests, and Chinese as the starting language (the product default).
 */
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { fixedMediaQuery } from './viewport';
import { installAntdStyleSink } from './antdStyleSink';
// The app initialises i18n in main.tsx; component tests render parts of it without main.
import { changeLanguage } from '@/lib/i18n';
// Every area's texts in every language at once, so components render their texts on the first render, as in the
// browser once a screen's chunk and its texts are in.
import '@/test/allTexts';

// `findBy…` and `waitFor` wait 1 s by default; a lazily loaded screen on a loaded 2-core CI machine can take
// longer to import than that. Waiting longer never makes a passing test slower, only a failing one. 5 s was not
// enough with the machine shared three ways (a screen's first antd table took longer to appear), so the wait is a
// guard against a hang, not a measure of speed.
configure({ asyncUtilTimeout: 15_000 });

installAntdStyleSink();

if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => fixedMediaQuery(query, false);
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
}

// Most DOM files share one environment and module cache (vitest.config.ts, `isolate: false`); this runs before each
// of them, so a file starts as it would in an environment of its own: an empty document (antd's pop-ups and
// messages mount outside the tree that `cleanup` unmounts: one file's rename field was found by the next file's
// query), empty storage, and the product's default language whatever the file before switched to.
beforeAll(async () => {
  document.body.replaceChildren();
  sessionStorage.clear();
  await changeLanguage('zh-CN');
  localStorage.clear();
});

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
});
