/**
 * The layers of the console's source (web/README.md, "Layout") and what each may import, checked on every import of
 * every file: a feature never reaches another feature or the app, the page viewer runtime no feature, an entity
 * (the console's domain: what it shows and the server's calls) neither the runtime nor a feature, shared
 * components and lib nothing but lib and the generated files. And no two modules need each other: no cycle of
 * static imports (type imports, gone from the built code, and on-demand imports left out).
 *
 * A test is checked as the folder it sits in, but may also use the helpers of src/test; so may a module only tests
 * import (a test's helper beside it, e.g. features/monitorList/testCards.ts).
 */
import { describe, expect, it } from 'vitest';
import { allSourceFiles, importsOf, isTestFile, type Import } from './sourceScan';

const LAYERS = ['app', 'features', 'runtime', 'entities', 'components', 'lib', 'generated', 'locales', 'test'] as const;
type Layer = (typeof LAYERS)[number];

/** What each layer may import besides itself; `features` only its own feature (checked below). */
const MAY_IMPORT: Record<Layer, readonly Layer[] | 'anything'> = {
  app: 'anything',
  features: ['runtime', 'entities', 'lib', 'components', 'generated', 'locales'],
  runtime: ['entities', 'lib', 'components', 'generated'],
  entities: ['lib', 'components', 'generated'],
  components: ['lib', 'generated'],
  lib: ['generated'],
  generated: [],
  locales: ['lib', 'generated'],
  test: 'anything',
};

const isLayer = (name: string): name is Layer => (LAYERS as readonly string[]).includes(name);
const layerOf = (file: string) => file.split('/')[0] as string;
/** `features/<name>` for a feature's file, else its layer. */
const featureOf = (file: string) => (layerOf(file) === 'features' ? file.split('/').slice(0, 2).join('/') : null);

const files = allSourceFiles();
const imports = new Map<string, Import[]>(files.map((file) => [file, importsOf(file)]));

/** Tests, and the modules only tests import (their helpers), as long as that holds. */
function testCode(): Set<string> {
  const importers = new Map<string, string[]>();
  for (const [file, list] of imports) {
    for (const { target } of list) if (target !== undefined) importers.set(target, [...(importers.get(target) ?? []), file]);
  }
  const tests = new Set(files.filter(isTestFile));
  for (let grew = true; grew; ) {
    grew = false;
    for (const file of files) {
      const by = importers.get(file) ?? [];
      if (!tests.has(file) && by.length > 0 && by.every((importer) => tests.has(importer))) {
        tests.add(file);
        grew = true;
      }
    }
  }
  return tests;
}

/** Why `file` may not import `target`, or null when it may. */
function refusal(file: string, target: string, isTest: boolean): string | null {
  const from = layerOf(file);
  const to = layerOf(target);
  if (!isLayer(from) || !isLayer(to)) return null; // an unknown folder fails its own test below
  if (from === to && from !== 'features') return null;
  if (isTest && to === 'test') return null;
  const allowed = MAY_IMPORT[from];
  if (allowed === 'anything') return null;
  if (from === 'features' && to === 'features') {
    return featureOf(file) === featureOf(target) ? null : `a feature imports another feature (${featureOf(file)} → ${featureOf(target)})`;
  }
  if (allowed.includes(to)) return null;
  return `${from}/ may import only ${[from === 'features' ? 'its own feature' : `${from}/`, ...allowed.map((layer) => `${layer}/`)].join(', ')}`;
}

/** Each cycle of static value imports, as `a → b → … → a` (the shortest through the first module of each). */
function cycles(): string[] {
  const edges = new Map<string, string[]>();
  for (const [file, list] of imports) {
    const targets = list.filter((i) => !i.typeOnly && !i.dynamic && i.target !== undefined && /\.tsx?$/.test(i.target));
    edges.set(file, [...new Set(targets.map((i) => i.target as string))]);
  }
  // Tarjan's strongly connected components.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (edges.get(node) ?? []).includes(node)) components.push(component.sort());
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return components.map((component) => {
    const members = new Set(component);
    const start = component[0] as string;
    // Breadth first from `start` back to it, inside the component.
    const previous = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
      const node = queue.shift() as string;
      for (const next of edges.get(node) ?? []) {
        if (!members.has(next) || previous.has(next)) continue;
        previous.set(next, node);
        if (next === start) queue.length = 0;
        else queue.push(next);
      }
    }
    const path: string[] = [];
    for (let node = previous.get(start) as string; node !== start; node = previous.get(node) as string) path.unshift(node);
    return [start, ...path, start].join(' → ');
  });
}

describe('layers (web/README.md, "Layout")', () => {
  it('every folder of src is a layer', () => {
    const unknown = [...new Set(files.map(layerOf))].filter((name) => !isLayer(name) && !name.includes('.'));
    expect(unknown).toEqual([]);
  });

  it('the scan reads what it checks: static, type-only and on-demand imports, each naming a file of src', () => {
    const all = [...imports.values()].flat();
    expect(all.filter((i) => !i.typeOnly && !i.dynamic).length).toBeGreaterThan(1000);
    expect(all.some((i) => i.typeOnly)).toBe(true);
    expect((imports.get('app/routes.tsx') ?? []).some((i) => i.dynamic && i.target?.startsWith('features/'))).toBe(true);
    const unresolved = [...imports].flatMap(([file, list]) => list.filter((i) => i.target === undefined).map((i) => `${file}: '${i.specifier}'`));
    expect(unresolved).toEqual([]);
  });

  it('no import crosses a layer the wrong way', () => {
    const tests = testCode();
    const refused: string[] = [];
    for (const [file, list] of imports) {
      for (const { target, typeOnly } of list) {
        if (target === undefined) continue;
        const why = refusal(file, target, tests.has(file));
        if (why !== null) refused.push(`${file} imports ${typeOnly ? 'the types of ' : ''}${target}: ${why}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('no cycle of static imports', () => {
    expect(cycles()).toEqual([]);
  });
});
