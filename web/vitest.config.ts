import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/**
 * Two kinds of test file (docs/testing.md, "Vitest"):
 * - `*.test.ts`: pure models, rules and runtimes, in Node's own environment: no DOM to build per file.
 * - `*.test.tsx` (components) and `*.dom.test.ts` (plain code that reads the DOM, storage or `window`): jsdom, with
 *   the browser APIs antd needs (src/test/setup.ts).
 * A `.test.ts` that reaches for the DOM fails with "document is not defined": rename it `.dom.test.ts`.
 *
 * Every core runs test files: Vitest's default on a run is one worker fewer than the cores, which is one worker on
 * the 2-core machines CI uses. Threads, not forks: a worker thread starts faster than a child process, and nothing
 * here needs a process of its own (no native modules, no process.chdir).
 */
const DOM_FILES = ['src/**/*.test.tsx', 'src/**/*.dom.test.ts'];

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      pool: 'threads',
      maxWorkers: 2,
      // A guard against a hung test, not a measure of speed: component tests render antd, and on a 2-core machine
      // shared with other work (a second run, the bench) a test that takes 5 s alone took 20 (docs/testing.md).
      testTimeout: 60_000,
      projects: [
        {
          extends: true,
          test: {
            name: 'node',
            environment: 'node',
            include: ['src/**/*.test.ts', 'tools/**/*.test.ts'],
            exclude: ['src/**/*.dom.test.ts'],
            setupFiles: ['./src/test/setupNode.ts'],
            isolate: false,
          },
        },
        {
          extends: true,
          test: {
            name: 'dom',
            environment: 'jsdom',
            include: DOM_FILES,
            setupFiles: ['./src/test/setup.ts'],
          },
        },
      ],
    },
  }),
);
