import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/**
 * Two kinds of test file (docs/testing.md, "Vitest"):
 * - `*.test.ts`: pure models, rules and runtimes, in Node's own environment: no DOM to build per file.
 * - `*.test.tsx` (components) and `*.dom.test.ts` (plain code that reads the DOM, storage or `window`): jsdom, with
 *   the browser APIs antd needs (src/test/setup.ts).
 * A `.test.ts` that reaches for the DOM fails with "document is not defined": rename it `.dom.test.ts`.
 *
 * The DOM files share their worker's environment and module cache (`isolate: false`): a fresh jsdom and a fresh
 * import of antd, React and the app for each of ~80 files was about half of the DOM project's CPU time. What a file
 * could leave behind is reset before each (src/test/setup.ts: the document, storage, the language). A file that
 * replaces a module (`vi.mock`, `vi.doMock`) or empties the module cache (`vi.resetModules`) runs isolated (the
 * `dom-isolated` project, found by reading the files): a shared cache would hand its mock to the files after it,
 * and an emptied one makes the next file import a second copy of a module whose first copy still listens on the
 * shared `window` (the connection watch's second 'offline' listener started a second probe: two calls where one
 * was due, a failure that came and went with which files shared a worker).
 *
 * Every core runs test files: Vitest's default on a run is one worker fewer than the cores, which is one worker on
 * the 2-core machines CI uses. Threads, not forks: a worker thread starts faster than a child process, and nothing
 * here needs a process of its own (no native modules, no process.chdir).
 */
const DOM_FILES = ['src/**/*.test.tsx', 'src/**/*.dom.test.ts'];

/** What a file does to the module cache that the files sharing its worker must not inherit. */
const MODULE_CACHE_CHANGES = ['vi.mock(', 'vi.doMock(', 'vi.resetModules('];

/** The DOM test files that replace modules or empty the module cache, relative to web/. */
function domFilesThatMock(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/(\.test\.tsx|\.dom\.test\.ts)$/.test(entry.name)) {
        const text = readFileSync(path, 'utf8');
        if (MODULE_CACHE_CHANGES.some((call) => text.includes(call))) found.push(relative(import.meta.dirname, path));
      }
    }
  };
  walk(join(import.meta.dirname, 'src'));
  return found.sort();
}
const MOCKING_FILES = domFilesThatMock();

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
            exclude: MOCKING_FILES,
            setupFiles: ['./src/test/setup.ts'],
            isolate: false,
          },
        },
        {
          extends: true,
          test: {
            name: 'dom-isolated',
            environment: 'jsdom',
            include: MOCKING_FILES,
            setupFiles: ['./src/test/setup.ts'],
          },
        },
      ],
    },
  }),
);
