/**
 * Entry point. Order matters: the React 19 patch for antd first, then i18n (initialised on import, so the first
 * render is in the saved language), then the router and the session-lost reaction the API client calls on 1010
 * and 1006.
 */
import '@ant-design/v5-patch-for-react-19';
import 'antd/dist/reset.css';
import './global.css';
import '@/lib/i18n';
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

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
