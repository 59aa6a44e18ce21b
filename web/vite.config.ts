import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './tools/precompress.ts';

/**
 * Where `npm run dev` sends API calls. The console and the server share one origin in production (the server
 * embeds web/dist), so in development the dev server proxies the API prefixes to a locally running server.
 * IRONSIGHT_API overrides the default, e.g. IRONSIGHT_API=http://127.0.0.1:9000 npm run dev.
 */
const apiTarget = process.env.IRONSIGHT_API ?? 'http://127.0.0.1:8080';

/**
 * changeOrigin stays false: the server rejects requests whose Origin does not match their Host (code 1012), and
 * keeping the browser's Host header makes the proxied call look same-origin, as it is in production.
 * ws: the live channels (/lfscada/ws/...) are WebSockets under the same prefix.
 * /userimg: equipment pictures, served by the server (with the session cookie) at the path the API answers.
 */
const apiProxy = { target: apiTarget, changeOrigin: false, ws: true };

export default defineConfig({
  plugins: [react(), leanAntd(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/lfscada': apiProxy,
      '/org': apiProxy,
      '/usual': apiProxy,
      '/userimg': apiProxy,
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // react-dom alone is over 500 kB before compression; that is the floor, not a problem to warn about.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // The texts' chunks (src/locales/<language>/<area>.json) named by language and area, not just by area:
        // `texts-en-login-….js` says what it is in the network panel and in the bundle bench.
        chunkFileNames: (chunk) => {
          const texts = /[\\/]locales[\\/]([^\\/]+)[\\/]([^\\/]+)\.json$/.exec(chunk.facadeModuleId ?? '');
          return texts ? `assets/texts-${texts[1]}-${texts[2]}-[hash].js` : 'assets/[name]-[hash].js';
        },
        codeSplitting: {
          // React and the router are needed by every page: one long-cached chunk with a name that says so.
          // Everything else the entry imports statically (i18n, react-query, antd's core, the route table) is one
          // chunk too: the bundler would otherwise cut it into a dozen small files by which screens share them, all
          // loaded on every page anyway, and each compressed on its own (about 6 KB more gzip in total). The rest
          // (antd's parts above all) is split by the bundler per route, which keeps the login page from carrying
          // the shell's menus and dropdowns.
          groups: [
            { name: 'react-vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 2 },
            { name: 'console', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});

/**
 * Three substitutions in antd's dependency graph, for the production build only (issue 4: the login page and the
 * monitor list under 300 KB of compressed JavaScript). Each drops code no screen runs; none changes behaviour.
 * - antd's form context (imported by every input, select and checkbox) takes only `FormProvider` from
 *   rc-field-form, but through its index, whose property assignments keep the whole form engine and its
 *   validator in any screen with an input (about 14 KB gzip on the monitor list). Screens with a Form still
 *   load it from antd's Form.
 * - rc-resize-observer bundles a ResizeObserver polyfill; every browser the console supports has the real one.
 * - antd's button style takes `isBright` from the colour picker's presets module, which imports Collapse: with
 *   the entry's chunk group above, every page would carry Collapse (about 3 KB gzip). The button gets a copy of
 *   that module without the import.
 * Vitest does not use this (jsdom has no ResizeObserver; tests mock it).
 */
function leanAntd(): Plugin {
  const resizeObserver = '\0ironsight:resize-observer';
  const withoutCollapse = '?without-collapse';
  const from = (importer: string | undefined, path: string) => importer !== undefined && importer.replaceAll('\\', '/').endsWith(path);
  return {
    name: 'ironsight-lean-antd',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source === 'rc-field-form' && from(importer, 'antd/es/form/context.js')) {
        return this.resolve('rc-field-form/es/FormContext', importer, { ...options, skipSelf: true });
      }
      if (source === 'resize-observer-polyfill') return resizeObserver;
      if (source === '../../color-picker/components/ColorPresets' && from(importer, 'antd/es/button/style/token.js')) {
        const presets = await this.resolve(source, importer, { ...options, skipSelf: true });
        return presets ? presets.id + withoutCollapse : null;
      }
      return null;
    },
    load(id) {
      if (id === resizeObserver) return 'export default globalThis.ResizeObserver;';
      if (!id.endsWith(withoutCollapse)) return null;
      const code = readFileSync(id.slice(0, -withoutCollapse.length), 'utf8');
      const lean = code.replace("import Collapse from '../../collapse';", 'const Collapse = () => null;');
      if (lean === code) this.warn('antd ColorPresets no longer imports Collapse as expected: Collapse stays in every page');
      return lean;
    },
  };
}
