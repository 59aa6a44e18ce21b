/**
 * What every route of the table carries in its router `handle`, so shared components (window title, the
 * not-available notice) can name the current screen without importing the app's route table.
 */
import { useMatches } from 'react-router';

export interface RouteHandle {
  /** i18n key of the screen's title. */
  titleKey: string;
  /** i18n key of the area the screen belongs to (its top-level route's title). */
  areaTitleKey: string;
  /** Reachable without a session. */
  public: boolean;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'titleKey' in value && 'areaTitleKey' in value;
}

/** The handle of the deepest matched route that has one; undefined outside the route table (e.g. redirects). */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}
