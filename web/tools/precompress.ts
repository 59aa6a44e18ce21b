/**
 * Build step: a brotli (quality 11) and a gzip (level 9) copy next to every compressible file of the build
 * (`app-1a2b.js` → `app-1a2b.js.br`, `app-1a2b.js.gz`). The server sends these copies as they are, by the
 * request's Accept-Encoding (crates/server/src/web.rs), and never compresses the console per request: the best
 * levels are too slow to run on every cold load, and the level a server can afford per request (brotli 4) sends
 * about 15 % more (issue 12: the login page's JavaScript as sent, under 200 kB). Node's own zlib does both, so the
 * build needs no extra package.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Logger, Plugin } from 'vite';

/** Text formats worth compressing; pictures and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export interface Totals {
  files: number;
  raw: number;
  br: number;
  gz: number;
}

/** Writes the `.br` and `.gz` copies of every compressible file under `dir`; answers the byte totals. */
export async function precompressDir(dir: string): Promise<Totals> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const paths = entries.filter((e) => e.isFile() && COMPRESSIBLE.test(e.name)).map((e) => join(e.parentPath, e.name));
  // All at once: zlib runs the work on libuv's thread pool, so the files compress in parallel.
  const sizes = await Promise.all(
    paths.map(async (path) => {
      const raw = await readFile(path);
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gzipped(raw, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
      return { raw: raw.length, br: br.length, gz: gz.length };
    }),
  );
  const totals: Totals = { files: 0, raw: 0, br: 0, gz: 0 };
  for (const size of sizes) {
    totals.files += 1;
    totals.raw += size.raw;
    totals.br += size.br;
    totals.gz += size.gz;
  }
  return totals;
}

/** The Vite plugin: runs {@link precompressDir} on the output folder once the production build has written it. */
export function precompress(): Plugin {
  let outDir = '';
  let logger: Logger | undefined;
  return {
    name: 'ironsight-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const totals = await precompressDir(outDir);
        const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
        logger?.info(
          `precompressed ${totals.files} files: ${kB(totals.raw)} → brotli ${kB(totals.br)}, gzip ${kB(totals.gz)}`,
        );
      },
    },
  };
}
