/**
 * Texts per area (lib/i18n/textAreas.ts): a screen is shown once its chunk and the areas its route names in
 * `withTexts(...)` are in. These tests walk each screen's imports (static and on-demand: a lazily loaded tab is
 * shown inside the screen) and fail when a module uses a text group of an area the screen does not load, which in
 * the browser would show the raw key. Code the entry reaches may use `common` only.
 */
import { describe, expect, it } from 'vitest';
import { TEXT_AREAS } from '@/lib/i18n/textAreas';
import { textFiles } from '@/test/allTexts';
import { imports, resolveImport, source, textGroups } from '@/test/sourceScan';

/** Top-level group → the area file that holds it (the locales test checks both languages agree). */
const areaOfGroup = new Map<string, string>();
for (const [area, texts] of textFiles['zh-CN']) for (const group of Object.keys(texts)) areaOfGroup.set(group, area);

/** Where the route table names its chunks; their on-demand imports are screens, checked one by one. */
const ROUTE_FILES = ['app/routes.tsx', 'app/router.tsx'];

/** A chunk the route table names, with the areas its `withTexts` loads (none when it is not wrapped). */
interface Screen {
  module: string;
  areas: string[];
}

function screens(): Screen[] {
  const found: Screen[] = [];
  for (const file of ROUTE_FILES) {
    const text = source(file);
    const wrapped = /withTexts\(\s*\[([^\]]*)\]\s*,\s*\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)\s*,?\s*\)/g;
    const areasOf = new Map<string, string[]>();
    for (const match of text.matchAll(wrapped)) {
      const module = resolveImport(file, match[2] as string);
      if (module) areasOf.set(module, [...(match[1] as string).matchAll(/'([\w-]+)'/g)].map((m) => m[1] as string));
    }
    for (const module of new Set(imports(file).dynamic)) found.push({ module, areas: areasOf.get(module) ?? [] });
  }
  return found;
}

/** Every module a root reaches (static and on-demand imports), not entering the route table's screens. */
function reach(root: string): Set<string> {
  const seen = new Set<string>();
  const queue = [root];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const { static: eager, dynamic } = imports(file);
    queue.push(...eager);
    if (!ROUTE_FILES.includes(file)) queue.push(...dynamic);
  }
  return seen;
}

/** "file: group (area)" for each text group a module under `root` uses outside `allowed` areas. */
function outsideAreas(root: string, allowed: string[]): string[] {
  const problems: string[] = [];
  for (const file of reach(root)) {
    for (const group of textGroups(file)) {
      const area = areaOfGroup.get(group);
      if (area === undefined) problems.push(`${file}: ${group} (in no area)`);
      else if (area !== 'common' && !allowed.includes(area)) problems.push(`${file}: ${group} (area ${area})`);
    }
  }
  return problems.sort();
}

describe('texts per area', () => {
  it('every area named in the route table exists', () => {
    const named = screens().flatMap((screen) => screen.areas);
    expect(named.filter((area) => !(TEXT_AREAS as readonly string[]).includes(area))).toEqual([]);
    expect(screens().length).toBeGreaterThan(15);
  });

  it('the entry uses only the common texts', () => {
    expect(outsideAreas('app/main.tsx', [])).toEqual([]);
  });

  it.each(screens().map((screen) => [screen.module, screen] as const))('%s loads the areas it uses', (_, screen) => {
    expect(outsideAreas(screen.module, screen.areas)).toEqual([]);
  });

  it('the login page loads its own texts and nothing else', () => {
    const login = screens().find((screen) => screen.module === 'features/auth/components/LoginPage.tsx');
    expect(login?.areas).toEqual(['login']);
  });
});
