import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

let dir = '';

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('precompress', () => {
  it('writes a brotli and a gzip copy of every text file, in sub-folders too, that decode to the file', async () => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'assets'));
    const script = 'export const answer = 42;\n'.repeat(200);
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>x</title>');
    writeFileSync(join(dir, 'assets', 'app-1a2b.js'), script);
    writeFileSync(join(dir, 'assets', 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));

    const totals = await precompressDir(dir);

    expect(totals.files).toBe(2);
    const br = readFileSync(join(dir, 'assets', 'app-1a2b.js.br'));
    const gz = readFileSync(join(dir, 'assets', 'app-1a2b.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(gz).toString()).toBe(script);
    expect(br.length).toBeLessThan(gz.length);
    expect(gunzipSync(readFileSync(join(dir, 'index.html.gz'))).toString()).toBe('<!doctype html><title>x</title>');
    expect(existsSync(join(dir, 'index.html.br'))).toBe(true);
    // Pictures are compressed already: no copies.
    expect(existsSync(join(dir, 'assets', 'logo.png.br'))).toBe(false);
    expect(existsSync(join(dir, 'assets', 'logo.png.gz'))).toBe(false);
  });
});
