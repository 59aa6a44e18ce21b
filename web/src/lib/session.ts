/**
 * The logged-in user (spec section 3). The cached user info is the console's login flag: set once user info
 * loads, cleared on logout or when the server reports the session lost (1010 / 1006). It lives in lib, not in
 * the auth feature, because the guard, the shell and every feature's permission checks read it.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { get } from '@/lib/api/client';
import { apiErrorFor } from '@/lib/api/errors';
import { themeKeys } from '@/lib/theme';
import { Code } from '@/lib/api/codes';

export interface UserInfo {
  userId: string | number;
  loginname: string;
  tel?: string | null;
  email?: string | null;
  styleId?: string | number | null;
  orgId?: string | number | null;
  deptId?: string | number | null;
  roleId?: string | number | null;
  roleType?: string | number | null;
  authRegion?: unknown;
  dataRange?: unknown;
  /** How new messages are announced: any of 'sound', 'title', 'alter'. */
  prompType?: string[] | null;
  scadaAdaption?: unknown;
  equipDisplay?: unknown;
  /** Permission codes; see lib/access.ts. */
  auths?: string[] | null;
  /** An administrator asked for a new password: the session guard opens the security wizard's password step. */
  mustChangePassword?: boolean | null;
}

export const sessionKeys = {
  user: ['session', 'user'] as const,
};

/** User info refreshes every 1,000,000 ms (spec section 4). */
export const USER_REFRESH_MS = 1_000_000;

/** Code for "Failed to get permission information, please log in again" (empty user info). */
const PERMISSION_INFO_FAILED = Code.PermissionInfoFailed;

/**
 * GET /lfscada/user/info?t=<now>. The first load is silent: arriving without a session is normal and leads to
 * the login page, not to an error toast. Later refreshes are not, so an operator whose session ends mid-shift is
 * told why they are back at the login page.
 */
export async function fetchUserInfo(options: { silent: boolean; signal?: AbortSignal }): Promise<UserInfo> {
  const user = await get<UserInfo | null>('/lfscada/user/info', { t: Date.now() }, options);
  if (!user) throw apiErrorFor(PERMISSION_INFO_FAILED);
  return user;
}

export function userInfoQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.user,
    queryFn: ({ client, signal }) =>
      fetchUserInfo({ silent: client.getQueryData(sessionKeys.user) === undefined, signal }),
    staleTime: Infinity,
    retry: false,
    refetchInterval: USER_REFRESH_MS,
    refetchIntervalInBackground: true,
  });
}

/** The user info query (fetches when not loaded). Components under the session guard always have data. */
export function useUserQuery() {
  return useQuery(userInfoQueryOptions());
}

/** The logged-in user, or undefined while loading or when logged out. */
export function useUser(): UserInfo | undefined {
  return useUserQuery().data;
}

/** First query-key segment of data that belongs to no session (theme, captcha) and survives a logout. */
export const PUBLIC_QUERY_SCOPE = 'public';

/**
 * Forgets everything an ended session loaded (the user first of all: the login flag) and, if there was a session,
 * refetches the theme, which is the default organisation's again. Public queries stay, so a captcha already on
 * screen is not replaced under the user's eyes.
 *
 * The login page calls it when it mounts, which is after every guarded screen has unmounted: removing their data
 * earlier would make a still-mounted screen refetch it without a session (and fail with 1010 again).
 */
export function clearSessionData(queryClient: QueryClient): void {
  const hadSession = queryClient.getQueryData(sessionKeys.user) !== undefined;
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== PUBLIC_QUERY_SCOPE });
  if (hadSession) void queryClient.invalidateQueries({ queryKey: themeKeys.theme });
}
