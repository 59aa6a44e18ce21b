/**
 * Turns the route table into the router: history mode, scroll to top on navigation, `/` → /login, unknown paths
 * → /404, public routes outside the session guard, everything else behind it, shell areas inside the app shell.
 */
import { useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, ScrollRestoration, createBrowserRouter, useParams, type RouteObject } from 'react-router';
import { LazyScreen, type ScreenLoader } from '@/components/LazyScreen';
import NoPermission from '@/components/NoPermission';
import { RouteErrorPage } from '@/components/RouteErrorPage';
import { meetsRequirement, type Requirement } from '@/lib/access';
import { withTexts } from '@/lib/i18n';
import { useRouteHandle, type RouteHandle } from '@/lib/routeHandle';
import { LOGIN_PATH, NOT_FOUND_PATH } from '@/lib/paths';
import { useUser } from '@/lib/session';
import { useDocumentHead } from '@/lib/theme';
import { useTranslation } from 'react-i18next';
import { SessionGuard } from './SessionGuard';
import { joinPath, routeTable, type RouteDef, type RoutePrefetch, type TopRouteDef } from './routes';

const appShell: ScreenLoader = withTexts(['shell', 'messages'], () => import('./shell/AppShell'));
const fullWindowChrome: ScreenLoader = withTexts(['shell', 'messages'], () => import('./shell/FullWindowChrome'));

/** The route objects for the whole table (exported for tests, which use a memory router). */
export function buildRouteObjects(table: readonly TopRouteDef[] = routeTable): RouteObject[] {
  const toObjects = (routes: readonly TopRouteDef[]) =>
    routes.map((route) => toRouteObject(route, '/', route, route.requires));
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        { index: true, element: <Navigate to={LOGIN_PATH} replace /> },
        ...toObjects(table.filter((route) => route.public)),
        {
          element: <SessionGuard />,
          children: [
            {
              element: <LazyScreen loader={appShell} fullscreen />,
              children: toObjects(table.filter((route) => !route.public && route.frame === 'shell')),
            },
            {
              element: <LazyScreen loader={fullWindowChrome} fullscreen />,
              children: toObjects(table.filter((route) => !route.public && route.frame === 'bare')),
            },
          ],
        },
        { path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRouteObjects());
}

function toRouteObject(route: RouteDef, parentPath: string, top: TopRouteDef, inherited: Requirement | undefined): RouteObject {
  const fullPath = joinPath(parentPath, route.path);
  const requires = route.requires ?? inherited;
  const handle: RouteHandle = { titleKey: route.titleKey, areaTitleKey: top.titleKey, public: top.public ?? false };
  const fullscreen = top.frame === 'bare';
  const own = route.redirectTo ? (
    <Navigate to={route.redirectTo} replace />
  ) : route.screen ? (
    // Keyed by path: two routes showing the same screen must not share its state.
    <Permitted key={fullPath} requires={requires}>
      <Prefetching prefetch={route.prefetch}>
        <LazyScreen loader={route.screen} fullscreen={fullscreen} />
      </Prefetching>
    </Permitted>
  ) : undefined;
  const children = route.children ?? [];
  if (children.length === 0) {
    return { id: route.name, path: route.path, element: own, handle };
  }
  return {
    path: route.path,
    handle,
    children: [
      ...(own ? [{ id: route.name, index: true, element: own, handle } satisfies RouteObject] : []),
      ...children.map((child) => toRouteObject(child, fullPath, top, requires)),
    ],
  };
}

/** The screen when the user meets the route's requirement, "no permission" otherwise (its chunk never loads). */
function Permitted({ requires, children }: { requires: Requirement | undefined; children: ReactNode }) {
  // Routes without a requirement (the public ones among them) never read the user.
  return requires ? <Required requires={requires}>{children}</Required> : children;
}

function Required({ requires, children }: { requires: Requirement; children: ReactNode }) {
  const user = useUser();
  return meetsRequirement(user, requires) ? children : <NoPermission />;
}

/** Starts the route's prefetch (RouteDef.prefetch) once per visit, beside the screen's chunk. */
function Prefetching({ prefetch, children }: { prefetch: RoutePrefetch | undefined; children: ReactNode }) {
  const params = useParams();
  const client = useQueryClient();
  useEffect(() => {
    prefetch?.(params, client);
    // Once per visit: a route with other params is another element (keyed by path above) or a new visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return children;
}

/** Above every route: scroll restoration (top on navigation) and the window title from the current route. */
function RootLayout() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  useDocumentHead(handle ? t(handle.titleKey) : undefined);
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
