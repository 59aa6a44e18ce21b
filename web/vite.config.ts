import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

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
  plugins: [react()],
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
        codeSplitting: {
          // React and the router are needed by every page: one long-cached chunk with a name that says so. The
          // rest (antd's parts above all) is split by the bundler per route, which keeps the login page from
          // carrying the shell's menus and dropdowns.
          groups: [{ name: 'react-vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
});
