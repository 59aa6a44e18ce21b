import { describe, expect, it } from 'vitest';
import { FINDPWD_STEPS, Permission, alarmPermission, canManageSets, decideAccess, hasAuth, isPublicPath, seesWholeOrg } from './access';

describe('access rule (spec section 2)', () => {
  const publicPaths = ['/login', '/login.jsp', '/404', '/findpwd', ...FINDPWD_STEPS.map((s) => `/findpwd/${s}`)];

  it.each(publicPaths)('%s is reachable without a session', (path) => {
    expect(isPublicPath(path)).toBe(true);
    expect(decideAccess(path, false)).toBe('allow');
  });

  it('lists the wizard steps of the spec', () => {
    expect(FINDPWD_STEPS).toEqual([
      'account',
      'validate',
      'validate/tel',
      'validate/email',
      'validate/question',
      'password',
      'finish',
    ]);
  });

  it.each(['/monitor/eg/list', '/manage', '/map', '/account/log', '/message/messageAll', '/findpwdx', '/findpwd/other', '/'])(
    '%s needs user info first when the user is not loaded',
    (path) => {
      expect(decideAccess(path, false)).toBe('fetchUser');
    },
  );

  it('allows every route once the user is loaded', () => {
    expect(decideAccess('/manage/eg/gateway', true)).toBe('allow');
  });

  it('ignores trailing slashes, query strings and hashes', () => {
    expect(isPublicPath('/login/')).toBe(true);
    expect(isPublicPath('/findpwd/account?x=1')).toBe(true);
    expect(isPublicPath('/404#top')).toBe(true);
  });

  it('lets the share link through without a session, only itself', () => {
    expect(isPublicPath('/share/7')).toBe(true);
    expect(isPublicPath('/share/7/')).toBe(true);
    expect(isPublicPath('/share')).toBe(false);
    expect(isPublicPath('/share/7/more')).toBe(false);
  });
});

describe('permissions (spec section 6)', () => {
  it('passes only when the code is in auths', () => {
    const user = { auths: [Permission.MultiDesignerAlarm] };
    expect(hasAuth(user, Permission.MultiDesignerAlarm)).toBe(true);
    expect(hasAuth(user, Permission.MultiDesignerRepair)).toBe(false);
    expect(hasAuth({ auths: null }, Permission.Manage)).toBe(false);
    expect(hasAuth(undefined, Permission.Manage)).toBe(false);
  });

  it("shows alarms of rule type 00 with monitor_equipinfo_menu_alarm and of 01 with monitor_designer_menu_alarm; an unknown type reads as 00", () => {
    expect(alarmPermission('00')).toBe('monitor_equipinfo_menu_alarm');
    expect(alarmPermission('01')).toBe('monitor_designer_menu_alarm');
    expect(alarmPermission('02')).toBe('monitor_equipinfo_menu_alarm');
    expect(alarmPermission('')).toBe('monitor_equipinfo_menu_alarm');
  });
});

describe('data range (per-device authorisation)', () => {
  it('administrators and the range all see the whole organisation; granted-only accounts do not', () => {
    expect(seesWholeOrg({ roleType: 'admin', dataRange: 'authorised' })).toBe(true);
    expect(seesWholeOrg({ roleType: 'user', dataRange: 'all' })).toBe(true);
    expect(seesWholeOrg({ roleType: 'user', dataRange: 'authorised' })).toBe(false);
    expect(seesWholeOrg(undefined)).toBe(false);
  });

  it('scenes and projects change only with the manage permission and the whole organisation in view', () => {
    const manage = [Permission.Manage];
    expect(canManageSets({ roleType: 'user', dataRange: 'all', auths: manage })).toBe(true);
    expect(canManageSets({ roleType: 'user', dataRange: 'authorised', auths: manage })).toBe(false);
    expect(canManageSets({ roleType: 'admin', dataRange: 'all', auths: [] })).toBe(false);
  });
});
