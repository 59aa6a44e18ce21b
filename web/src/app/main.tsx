/**
 * Entry point. Order matters: the React 19 patch for antd first, then i18n (initialised on import; the first
 * render waits for `i18nReady`, so it is in the saved language), then the router and the session-lost reaction
 * the API client calls on 1010 and 1006.
 */
import '@ant-design/v5-patch-for-react-19';
import 'antd/dist/reset.css';
import './global.css';
import { i18nReady } from '@/lib/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '@/lib/queryClient';
import { AppProviders } from './providers';
import { createAppRouter } from './router';
import { installSessionLostHandler } from './sessionLost';

const queryClient = createQueryClient();
const router = createAppRouter();

installSessionLostHandler(router);

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
