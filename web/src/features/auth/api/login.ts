import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { sessionKeys, type UserInfo } from '@/lib/session';
import { themeKeys } from '@/lib/theme';

export interface Credentials {
  loginname: string;
  password: string;
  vcode: string;
}

/**
 * POST /lfscada/user/login with the payload as query parameters and an empty body (spec section 7). Silent:
 * the login form shows failures inline.
 */
export function login(credentials: Credentials): Promise<UserInfo | null> {
  return post<UserInfo | null>('/lfscada/user/login', undefined, { query: { ...credentials }, silent: true });
}

/**
 * Logs in and sets the login flag (the cached user). The theme is refetched: with a session the server answers
 * the user's organisation's theme.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation<UserInfo | null, ApiError, Credentials>({
    mutationFn: login,
    onSuccess: (user) => {
      if (user) queryClient.setQueryData(sessionKeys.user, user);
      void queryClient.invalidateQueries({ queryKey: themeKeys.theme });
    },
  });
}
