import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import zhCN from './zh-CN.json';
import en from './en.json';

type Tree = { [key: string]: string | Tree };

/** Every leaf key as a dotted path, with its value. */
function leaves(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) for (const [k, v] of leaves(value, path)) out.set(k, v);
    else out.set(path, value);
  }
  return out;
}

const locales = { 'zh-CN': leaves(zhCN as Tree), en: leaves(en as Tree) };

describe('locales', () => {
  it('zh-CN and en have exactly the same keys', () => {
    const zhKeys = [...locales['zh-CN'].keys()];
    const enKeys = [...locales.en.keys()];
    expect(zhKeys.filter((key) => !locales.en.has(key)), 'keys only in zh-CN').toEqual([]);
    expect(enKeys.filter((key) => !locales['zh-CN'].has(key)), 'keys only in en').toEqual([]);
  });

  it('no value is empty or anything but a string', () => {
    for (const [name, table] of Object.entries(locales)) {
      const bad = [...table].filter(([, value]) => typeof value !== 'string' || value.trim() === '');
      expect(bad.map(([key]) => `${name}:${key}`)).toEqual([]);
    }
  });

  it('both languages use the same {{placeholders}} in each text', () => {
    const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const mismatched = [...locales['zh-CN']].filter(
      ([key, value]) => placeholders(value).join() !== placeholders(locales.en.get(key)).join(),
    );
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });

  it('every literal key the source passes to t() or names as a titleKey exists', () => {
    const srcDir = join(__dirname, '..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(path);
      }
    };
    walk(srcDir);
    const pattern = /(?:\bt\(\s*|titleKey:\s*|tipKey="|tipKey = ')['"]?([A-Za-z][\w-]*(?:\.[\w-]+)+)['"]/g;
    const missing: string[] = [];
    let found = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(pattern)) {
        found++;
        const key = match[1] as string;
        if (!locales['zh-CN'].has(key)) missing.push(`${relative(srcDir, file)}: ${key}`);
      }
    }
    expect(found).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });
});
