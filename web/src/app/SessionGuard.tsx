import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoading } from '@/components/PageLoading';
import { decideAccess } from '@/lib/access';
import { LOGIN_PATH } from '@/lib/paths';
import { useUserQuery } from '@/lib/session';

/**
 * Wraps every route that needs a session (spec section 2). With the user loaded the route renders; otherwise
 * user info is fetched first, and if that fails the route is never shown and the user goes to /login.
 */
export function SessionGuard() {
  const { pathname } = useLocation();
  const user = useUserQuery();
  const decision = decideAccess(pathname, user.data !== undefined);
  if (decision === 'allow') return <Outlet />;
  if (user.isError) return <Navigate to={LOGIN_PATH} replace />;
  return <PageLoading fullscreen tipKey="session.checking" />;
}
