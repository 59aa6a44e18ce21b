import type { createBrowserRouter } from 'react-router';
import { setSessionLostHandler } from '@/lib/api/client';
import { isPublicPath } from '@/lib/access';
import { LOGIN_PATH } from '@/lib/paths';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Spec section 6: on 1010 or 1006 the session is cleared and the user goes to /login. This only navigates; the
 * login page clears the session's data when it mounts (see clearSessionData), once no guarded screen is left to
 * refetch it. On a public page there is nothing to leave.
 */
export function installSessionLostHandler(router: AppRouter): void {
  setSessionLostHandler(() => {
    if (isPublicPath(router.state.location.pathname)) return;
    void router.navigate(LOGIN_PATH, { replace: true });
  });
}
