/**
 * The organisation's theme: its title and favicon (POST /org/StyleAction!loadStyle.action). Without a session
 * the server answers the default organisation's theme, with one the user's, so the query is refetched after
 * login and logout. When the call fails or the title is empty the product name is shown.
 */
import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { post } from '@/lib/api/client';

export interface Theme {
  title: string;
  /** URL or data URL; may be empty. */
  faviconIco: string;
}

/** Under 'public': it is kept when a session ends (see clearSessionData in lib/session.ts). */
export const themeKeys = {
  theme: ['public', 'theme'] as const,
};

/** The theme call: public, silent (a failure shows the product name); also the reachability probe's question. */
export function fetchTheme(options: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<Partial<Theme> | null> {
  return post<Partial<Theme> | null>('/org/StyleAction!loadStyle.action', undefined, { silent: true, ...options });
}

export function themeQueryOptions() {
  return queryOptions({
    queryKey: themeKeys.theme,
    queryFn: ({ signal }) => fetchTheme({ signal }),
    staleTime: Infinity,
  });
}

/** The theme with fallbacks applied: never an empty title. */
export function useTheme(): Theme {
  const { t } = useTranslation();
  const { data } = useQuery(themeQueryOptions());
  return {
    title: data?.title?.trim() || t('app.name'),
    faviconIco: data?.faviconIco?.trim() ?? '',
  };
}

/**
 * Sets the window title ("<page> - <theme title>") and the favicon from the theme. Each top-level screen calls it
 * with its own page title.
 */
export function useDocumentHead(pageTitle?: string): Theme {
  const theme = useTheme();
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} - ${theme.title}` : theme.title;
  }, [pageTitle, theme.title]);
  useEffect(() => {
    if (!theme.faviconIco) return;
    let link = document.head.querySelector<HTMLLinkElement>('link[rel~="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = theme.faviconIco;
  }, [theme.faviconIco]);
  return theme;
}
