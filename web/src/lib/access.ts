/**
 * Who may open what (spec sections 2 and 6).
 *
 * Public: Login, 404, the password-recovery wizard (FindPwd and its steps) and the share link's page (`/share/{id}`,
 * docs/share.md: a visitor without an account, who gives the share password); /login.jsp passes through. Every
 * other route needs a session: when the user is not loaded yet, user info is fetched first, and when that fails
 * the navigation stops and the user goes to /login. The guard component applies this decision; the route table's
 * `public` flags are checked against it by a test, so the two cannot drift apart.
 */

import contract from '@/generated/contract.json';

export type AccessDecision = 'allow' | 'fetchUser';

/** The steps of the password-recovery wizard, below /findpwd. */
export const FINDPWD_STEPS = [
  'account',
  'validate',
  'validate/tel',
  'validate/email',
  'validate/question',
  'password',
  'finish',
] as const;

const PUBLIC_PATHS: ReadonlySet<string> = new Set([
  '/login',
  '/login.jsp',
  '/404',
  '/findpwd',
  ...FINDPWD_STEPS.map((step) => `/findpwd/${step}`),
]);

/** The share link's page: `/share/{equipId}`, one path segment after it. */
const SHARE_PATH = /^\/share\/[^/]+$/;

/** True for the paths reachable without a session. Trailing slashes and case of the path do not matter. */
export function isPublicPath(path: string): boolean {
  const normalised = normalisePath(path);
  return PUBLIC_PATHS.has(normalised) || SHARE_PATH.test(normalised);
}

/** 'allow' when the path is public or the user is loaded; otherwise user info must be fetched first. */
export function decideAccess(path: string, userLoaded: boolean): AccessDecision {
  return userLoaded || isPublicPath(path) ? 'allow' : 'fetchUser';
}

function normalisePath(path: string): string {
  const withoutQuery = path.split(/[?#]/, 1)[0] ?? '';
  const trimmed = withoutQuery.replace(/\/+$/, '');
  return (trimmed === '' ? '/' : trimmed).toLowerCase();
}

/**
 * Permission codes held in the user's `auths` list (spec section 6), by name, generated from
 * crates/domain/src/permission.rs (`make generate`).
 */
export const Permission = contract.permissions;

export type PermissionCode = (typeof Permission)[keyof typeof Permission];

/**
 * The permission that shows the alarms of equipment of `ruleType` (spec section 6: `monitor_equipinfo_menu_alarm` for
 * 00, `monitor_designer_menu_alarm` for 01), as the server's `permission::alarm_permission` decides (an unknown
 * type reads as 00), so a screen says "no permission" before the server answers 1211.
 */
export function alarmPermission(ruleType: string): PermissionCode {
  return ruleType === '01' ? Permission.DesignerMenuAlarm : Permission.EquipInfoMenuAlarm;
}

/** A check passes when the code is in the user's auths list; no user, no permission. */
export function hasAuth(user: { auths?: readonly string[] | null } | null | undefined, code: string): boolean {
  return user?.auths?.includes(code) ?? false;
}

/**
 * The role type of an organisation's administrator (crates/store/src/access.rs `ROLE_ADMIN`); the sub-accounts an
 * administrator creates are 'user'. Only administrators manage sub-accounts (the server answers 1011 otherwise).
 */
export const ADMIN_ROLE = 'admin';

/** True for an organisation's administrator; no user, no administrator. */
export function isAdmin(user: { roleType?: unknown } | null | undefined): boolean {
  return user?.roleType === ADMIN_ROLE;
}

/**
 * True when the user sees every equipment of the organisation: an administrator, or a data range of 'all'
 * (crates/store/src/access.rs `User::viewer`). Others see only the equipment granted to them, and may not change
 * what spans the organisation (scenes, projects: the server answers 1011).
 */
export function seesWholeOrg(user: { roleType?: unknown; dataRange?: unknown } | null | undefined): boolean {
  return isAdmin(user) || user?.dataRange === 'all';
}

/** May change scenes and projects: the manage permission and a view of the whole organisation. */
export function canManageSets(user: Parameters<typeof hasAuth>[0] & Parameters<typeof seesWholeOrg>[0]): boolean {
  return hasAuth(user, Permission.Manage) && seesWholeOrg(user);
}

/**
 * What a route needs beyond a session, as the server's access rule for its calls says: `manage` (the manage
 * permission, `Access::Manage`) or `repair` (the repair permission or manage, `Access::Repair`). A route without
 * one needs only the session.
 */
export type Requirement = 'manage' | 'repair';

/** True when the user meets the requirement (none: always). No user meets one. */
export function meetsRequirement(user: Parameters<typeof hasAuth>[0], requirement: Requirement | undefined): boolean {
  if (!requirement) return true;
  if (hasAuth(user, Permission.Manage)) return true;
  return requirement === 'repair' && hasAuth(user, Permission.MultiDesignerRepair);
}
