/**
 * Reads the console's own source as text, for the tests that check texts against the code that shows them
 * (src/locales/*.test.ts) and the one that checks the layers' imports (src/test/boundaries.test.ts): every source
 * file, the text keys each names, and the modules each imports. Regular expressions over the source rather than a
 * parser: the code names keys and imports in a few plain forms, and a form the scan does not know is missed, never
 * misread.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

export const srcDir = join(__dirname, '..');

/** A test file: `*.test.ts` (Node), `*.test.tsx` and `*.dom.test.ts` (jsdom). */
export function isTestFile(file: string): boolean {
  return /\.test\.tsx?$/.test(file);
}

let everyFile: string[] | undefined;
/** Every .ts and .tsx file under src, tests included (declaration files left out), as paths relative to src. */
export function allSourceFiles(): string[] {
  if (everyFile === undefined) {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) files.push(relative(srcDir, path));
      }
    };
    walk(srcDir);
    everyFile = files.sort();
  }
  return everyFile;
}

/** Every .ts and .tsx file under src, tests excluded, as paths relative to src (`app/routes.tsx`). */
export function sourceFiles(): string[] {
  return allSourceFiles().filter((file) => !isTestFile(file));
}

const sources = new Map<string, string>();
export function source(file: string): string {
  let text = sources.get(file);
  if (text === undefined) {
    text = readFileSync(join(srcDir, file), 'utf8');
    sources.set(file, text);
  }
  return text;
}

/** Whole keys named as literals: in a call of `t`, as a `titleKey` property or a `tipKey` attribute. */
const LITERAL_KEY = /(?:\bt\(\s*|titleKey:\s*|tipKey="|tipKey = ')['"]?([A-Za-z][\w-]*(?:\.[\w-]+)+)['"]/g;
/** Keys built in a template literal whose first group is fixed, passed to `t` or to `getFixedT(language)`. */
const TEMPLATE_KEY = /(?:\bt|\))\(\s*`([A-Za-z][\w-]*)\./g;

/** The literal keys a file names. */
export function literalKeys(file: string): string[] {
  return [...source(file).matchAll(LITERAL_KEY)].map((match) => match[1] as string);
}

/** The top-level text groups a file reads from (`login` for the key `login.submit`), literal keys and templates. */
export function textGroups(file: string): Set<string> {
  const groups = new Set(literalKeys(file).map((key) => key.split('.')[0] as string));
  for (const match of source(file).matchAll(TEMPLATE_KEY)) groups.add(match[1] as string);
  return groups;
}

const STATIC_IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?'([^']+)'/g;
const DYNAMIC_IMPORT = /\bimport\(\s*'([^']+)'\s*\)/g;

/** The source file a specifier names, or undefined for a package, a JSON or a CSS file. */
export function resolveImport(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('@/')) base = specifier.slice(2);
  else if (specifier.startsWith('.')) base = join(dirname(from), specifier);
  else return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && fileExists(candidate)) return candidate;
  }
  return undefined;
}

function fileExists(file: string): boolean {
  try {
    return statSync(join(srcDir, file)).isFile();
  } catch {
    return false;
  }
}

/** Whether an import statement is `import type` or `export type`: gone from the built code. */
const isTypeOnly = (statement: string) => /^\s*(?:import|export)\s+type\s/.test(statement);

/** The source files a file imports, statically (`import … from`) and on demand (`import()`), type imports left out. */
export function imports(file: string): { static: string[]; dynamic: string[] } {
  const text = source(file);
  const resolved = (pattern: RegExp) =>
    [...text.matchAll(pattern)]
      .filter((match) => !isTypeOnly(match[0]))
      .map((match) => resolveImport(file, match[1] as string))
      .filter((path): path is string => path !== undefined);
  return { static: resolved(STATIC_IMPORT), dynamic: resolved(DYNAMIC_IMPORT) };
}

/** One import of a file, as the layer rule reads it. */
export interface Import {
  /** As written: `@/lib/paths`, `./model`, `../locales/en/common.json`. */
  specifier: string;
  /** The file it names, relative to src (a source file, a JSON or CSS file); undefined when none exists. */
  target: string | undefined;
  /** `import type …` or `export type … from`: checked for layers, but no edge of a cycle. */
  typeOnly: boolean;
  /** `import('…')`: loaded on demand. */
  dynamic: boolean;
}

/**
 * Every import of a file that names a file of src (`@/…` or relative; packages left out): static ones, type-only
 * ones and on-demand ones, each with the file it names, whatever its kind.
 */
export function importsOf(file: string): Import[] {
  const text = source(file);
  const found: Import[] = [];
  const add = (specifier: string, typeOnly: boolean, dynamic: boolean) => {
    if (!specifier.startsWith('@/') && !specifier.startsWith('.')) return;
    found.push({ specifier, target: resolveFile(file, specifier), typeOnly, dynamic });
  };
  for (const match of text.matchAll(STATIC_IMPORT)) add(match[1] as string, isTypeOnly(match[0]), false);
  for (const match of text.matchAll(DYNAMIC_IMPORT)) add(match[1] as string, false, true);
  return found;
}

/** The file of any kind a specifier names (the source file first, as the bundler resolves it), or undefined. */
function resolveFile(from: string, specifier: string): string | undefined {
  const path = specifier.replace(/\?.*$/, '');
  const base = path.startsWith('@/') ? path.slice(2) : join(dirname(from), path);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (fileExists(candidate)) return candidate;
  }
  return undefined;
}
