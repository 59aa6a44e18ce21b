import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { buildRouteObjects } from '@/app/router';
import { installSessionLostHandler } from '@/app/sessionLost';
import { createQueryClient } from '@/lib/queryClient';

/** Renders the whole console (providers, route table, guard, shell) at `path`, as main.tsx does in the browser. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(buildRouteObjects(), { initialEntries: [path] });
  installSessionLostHandler(router);
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
