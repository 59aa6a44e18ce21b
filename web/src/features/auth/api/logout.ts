import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { post } from '@/lib/api/client';
import { LOGIN_PATH } from '@/lib/paths';

/** POST /lfscada/user/logout. Silent: whatever the server says, the user ends up logged out at /login. */
export function logout(): Promise<null> {
  return post<null>('/lfscada/user/logout', undefined, { silent: true });
}

/**
 * Logs out and goes to /login, whose arrival forgets the session's data (clearSessionData in lib/session.ts):
 * the login flag is cleared on logout (spec section 4).
 */
export function useLogout() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: () => navigate(LOGIN_PATH, { replace: true }),
  });
}
