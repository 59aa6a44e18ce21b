/**
 * Entry point. Order matters: the React 19 patch for antd first, then i18n (initialised on import; the first
 * render waits for `i18nReady`, so it is in the saved language), then the router and the session-lost reaction
 * the API client calls on 1010 and 1006, and the watch on whether the server can be reached (lib/connection.ts).
 */
import '@ant-design/v5-patch-for-react-19';
import 'antd/dist/reset.css';
import './global.css';
import { i18nReady } from '@/lib/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { installConnectionWatch } from '@/lib/connection';
import { createQueryClient } from '@/lib/queryClient';
import { AppProviders } from './providers';
import { createAppRouter } from './router';
import { installSessionLostHandler } from './sessionLost';

const queryClient = createQueryClient();
const router = createAppRouter();

installSessionLostHandler(router);
installConnectionWatch();

// The application shell kept for when the network drops (public/sw.js: the shell only, never data). Only the
// built app registers it: the development server's modules are not hashed files it could keep.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined));
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first render waits for the saved language's texts (English is fetched; Chinese is bundled).
void i18nReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
