/**
 * App-wide providers: react-query, i18next, and antd (locale following the language switch, the console's
 * theme tokens, no motion when the user's system asks for reduced motion). The API client's error toast is wired
 * to antd's message here; message.useMessage keeps the toasts inside the ConfigProvider (theme, locale) without
 * antd's App wrapper, which would also pull the modal and notification code into the first download. antd's message itself is loaded with the first toast
 * (ErrorToastHost.tsx): no page needs it to show (issue 4: under 300 KB of compressed JavaScript).
 */
import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { ConfigProvider, type ThemeConfig } from 'antd';
// The ES build of the locales: the CommonJS re-export at 'antd/locale/*' reached the production bundle without
// its default export, so antd's own texts (pagination, date picker) stayed English in the Chinese console.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { setErrorNotifier } from '@/lib/api/client';
import { i18n } from '@/lib/i18n';
import { useReducedMotion } from '@/lib/layout';
import type { Toast } from './ErrorToastHost';

const ErrorToastHost = lazy(() => import('./ErrorToastHost'));

/** Calm, legible defaults for a console that stays open all shift. */
const consoleTheme: ThemeConfig = {
  token: {
    colorPrimary: '#1668dc',
    borderRadius: 6,
    colorBgLayout: '#eef1f5',
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerBg: '#0f2236', siderBg: '#ffffff' },
    Menu: { darkItemBg: 'transparent', darkItemSelectedBg: '#1668dc' },
  },
};

/** The same theme without antd's motion, for users whose system asks for reduced motion: dialogs, drawers, pop-ups
 * and menus appear and go at once. */
const stillTheme: ThemeConfig = { ...consoleTheme, token: { ...consoleTheme.token, motion: false } };

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <LocalisedAntd>{children}</LocalisedAntd>
      </I18nextProvider>
    </QueryClientProvider>
  );
}

function LocalisedAntd({ children }: { children: ReactNode }) {
  const { i18n: current } = useTranslation();
  const locale = current.language === 'en' ? enUS : zhCN;
  const still = useReducedMotion();
  return (
    <ConfigProvider locale={locale} theme={still ? stillTheme : consoleTheme}>
      <ErrorToasts />
      {children}
    </ConfigProvider>
  );
}

/**
 * Wires the API client's error toasts (the client must not import React itself): the first one loads the host,
 * which shows the toasts that came while it loaded and then takes the client's toasts itself.
 */
function ErrorToasts() {
  const [early, setEarly] = useState<Toast[]>([]);
  useEffect(() => {
    setErrorNotifier((text, key) => setEarly((queued) => [...queued, { text, key }]));
  }, []);
  if (early.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ErrorToastHost early={early} />
    </Suspense>
  );
}
