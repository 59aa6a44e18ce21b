import { useEffect } from 'react';
import { Button } from 'antd';
import { DisconnectOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoading } from '@/components/PageLoading';
import { StatusMessage } from '@/components/StatusMessage';
import { decideAccess } from '@/lib/access';
import { ApiError, ClientErrorCode } from '@/lib/api/errors';
import { useConnection } from '@/lib/connection';
import { LOGIN_PATH } from '@/lib/paths';
import { useUserQuery } from '@/lib/session';

/** Where an account that must change its password is sent, and the paths it may still open meanwhile. */
const SECURITY_PREFIX = '/account/security';
const MUST_CHANGE_PATH = '/account/security/sms/setup/validate/password?next=password';

/** Failures that say nothing about the session: the server did not answer (the network, a timeout, a proxy). */
const NO_ANSWER: readonly string[] = [ClientErrorCode.Network, ClientErrorCode.Timeout, ClientErrorCode.BadResponse];

/**
 * Wraps every route that needs a session (spec section 2). With the user loaded the route renders; otherwise
 * user info is fetched first, and if the server refuses it the route is never shown and the user goes to /login.
 * When the server does not answer at all (an operator whose network dropped opens the console from the kept
 * shell), the session may well be valid: the guard says the server cannot be reached and asks again as soon as it
 * answers (lib/connection.ts), instead of sending a logged-in user to the login page.
 */
export function SessionGuard() {
  const { pathname } = useLocation();
  const user = useUserQuery();
  const { reachable } = useConnection();
  const unanswered = user.isError && user.error instanceof ApiError && NO_ANSWER.includes(user.error.code);
  const { refetch } = user;
  useEffect(() => {
    if (unanswered && reachable) void refetch();
  }, [unanswered, reachable, refetch]);
  const decision = decideAccess(pathname, user.data !== undefined);
  // An administrator asked for a new password: the security wizard's password step comes before anything else
  // (the server answers 1330 to every other call until then).
  if (decision === 'allow' && user.data?.mustChangePassword && !pathname.startsWith(SECURITY_PREFIX)) {
    return <Navigate to={MUST_CHANGE_PATH} replace />;
  }
  if (decision === 'allow') return <Outlet />;
  if (unanswered) return <ServerUnreachable onRetry={() => void refetch()} />;
  if (user.isError) return <Navigate to={LOGIN_PATH} replace />;
  return <PageLoading fullscreen tipKey="session.checking" />;
}

function ServerUnreachable({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <div data-testid="server-unreachable" role="alert" style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16 }}>
      <StatusMessage
        icon={<DisconnectOutlined style={{ color: '#faad14' }} />}
        title={t('session.unreachableTitle')}
        description={t('session.unreachable')}
        actions={
          <Button type="primary" size="large" onClick={onRetry} data-testid="server-unreachable-retry">
            {t('common.retry')}
          </Button>
        }
      />
    </div>
  );
}
