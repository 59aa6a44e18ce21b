import { isValidElement, type ReactElement } from 'react';
import { Navigate, matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { textFiles } from '@/test/allTexts';
import { isPublicPath } from '@/lib/access';
import { buildRouteObjects } from './router';
import { flattenRoutes, notAvailable, routeTable } from './routes';

const routes = buildRouteObjects();

/** Every path of spec section 2, with example parameter values. */
const SPEC_PATHS = [
  '/login',
  '/login.jsp',
  '/404',
  '/map',
  '/system/msg/detail/11/notice',
  ...['messageAll', 'messageReaden', 'messageUnReaden', 'detail/alarm/5'].map((p) => `/message/${p}`),
  ...['messageAll', 'messageReaden', 'messageUnReaden', 'detail/all/alarm/9'].map((p) => `/msg/${p}`),
  ...['account', 'validate', 'validate/tel', 'validate/email', 'validate/question', 'password', 'finish'].map(
    (p) => `/findpwd/${p}`,
  ),
  ...['security/sms', 'security/nosms', 'info/sms', 'info/nosms', 'config', 'log'].map((p) => `/account/${p}`),
  ...[
    'validate',
    'validate/tel/1',
    'validate/email',
    'validate/question',
    'validate/password',
    'password',
    'tel/validate',
    'tel',
    'email/validate',
    'email',
    'question/validate',
    'question',
    'success/tel',
  ].map((p) => `/account/security/sms/setup/${p}`),
  ...[
    'frame/report',
    'frame/report/1',
    'eg/equipment/list',
    'eg/equipment/add',
    ...['info', 'driver', 'signal', 'report', 'page'].map((tab) => `eg/equipment/edit/5/${tab}`),
    'eg/gateway',
    'eg/group',
    'eg/scene',
    'eg/project/list',
    'system/hardware',
    'system/protocol',
    'system/model',
    'system/msg',
    'ops/repairs',
    'ops/inspection_plan',
    'ops/inspection_content',
    'ops/worksheet',
  ].map((p) => `/manage/${p}`),
  '/manage/project/1/designer/2',
  '/manage/eg/3/designer/4',
  '/manage/scene/preview/5',
  ...[
    'eg/list',
    'eg/detail/list/1/true',
    'eg/detail/list/1/repair/9',
    'eg/detail/page/2/true',
    'eg/detail/page/2/inspection/9',
    'eg/group',
    'eg/group/list/1/2',
    'eg/group/configuration/1/2',
    'eg/group/configuration/1/2/3',
    'gm/list',
    'gm/group',
    'gm/ocInfo',
    'gm/ocInfo/7',
    ...['real', 'write', 'history', 'alarm'].map((tab) => `gm/vuedetail/5/${tab}`),
    'gm/detail/1/00/1',
    'project/1',
    'project/1/page/2',
    'project/1/preview/2',
    // "Other paths seen" in the spec.
    'eg/detail/list/1',
    'eg/detail/page/1',
    'eg/group/list/1',
    'eg/group/configuration/1',
  ].map((p) => `/monitor/${p}`),
  // Screens the spec lists without a path (section 2, "Further screens"), at ours.
  '/account/feedback',
];

function deepestRoute(path: string): RouteObject | undefined {
  return matchRoutes(routes, path)?.at(-1)?.route;
}

function redirectTarget(route: RouteObject | undefined): string | undefined {
  const element = route?.element;
  if (!isValidElement(element) || element.type !== Navigate) return undefined;
  return (element as ReactElement<{ to: string }>).props.to;
}

function hasKey(table: unknown, key: string): boolean {
  let node: unknown = table;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string';
}

describe('route table (spec section 2)', () => {
  it.each(SPEC_PATHS)('%s has a screen of its own', (path) => {
    const route = deepestRoute(path);
    expect(route?.path).not.toBe('*');
    expect(redirectTarget(route)).toBeUndefined();
    expect(route?.element).toBeTruthy();
    expect(route?.handle).toBeTruthy();
  });

  it.each([
    ['/', '/login'],
    ['/no/such/page', '/404'],
    ['/monitor/eg/nothing', '/404'],
    ['/findpwd', '/findpwd/account'],
    ['/account', '/account/security/sms'],
    ['/manage', '/manage/eg/equipment/list'],
    ['/monitor', '/monitor/eg/list'],
    ['/message', '/message/messageAll'],
    ['/msg', '/msg/messageAll'],
    ['/manage/eg/equipment/edit/5', 'info'],
    ['/monitor/gm/vuedetail/5', 'real'],
  ])('%s redirects to %s', (path, target) => {
    expect(redirectTarget(deepestRoute(path))).toBe(target);
  });

  it("each route's public flag agrees with the access rule", () => {
    for (const { fullPath, top } of flattenRoutes()) {
      const concrete = fullPath.replace(/:\w+/g, 'x');
      expect(isPublicPath(concrete), fullPath).toBe(top.public ?? false);
    }
  });

  it("every title key exists in both languages' common texts (the window title shows before a screen's own texts)", () => {
    const zhCN = textFiles['zh-CN'].get('common');
    const en = textFiles.en.get('common');
    const missing = flattenRoutes()
      .map(({ route }) => route.titleKey)
      .filter((key) => !hasKey(zhCN, key) || !hasKey(en, key));
    expect(missing).toEqual([]);
  });

  it('route names the spec uses are present', () => {
    const names = new Set(flattenRoutes().flatMap(({ route }) => (route.name ? [route.name] : [])));
    for (const name of [
      'Login',
      '404',
      'FindPwd',
      'FindpwdAccount',
      'FindpwdValidate',
      'FindpwdTelValidate',
      'FindpwdEmailValidate',
      'FindpwdQuestionValidate',
      'FindpwdPassword',
      'FindpwdFinish',
      'MonitorEGDetail',
      'MonitorEgPage',
      'MonitorEGDetailForOrder',
      'MonitorEgPageForOrder',
      'gmDetail',
    ]) {
      expect(names, name).toContain(name);
    }
  });

  it('the GM equipment screens are open (issue 30): none of /monitor/gm/* says "not available"', () => {
    const gm = flattenRoutes().filter(({ fullPath }) => fullPath.startsWith('/monitor/gm/'));
    expect(gm.length).toBeGreaterThan(8);
    for (const { fullPath, route } of gm) expect(route.screen, fullPath).not.toBe(notAvailable);
    // Ours, as the EG group view's: a group chosen, an equipment drawn out in it.
    for (const path of ['/monitor/gm/group/list/1', '/monitor/gm/group/list/1/2']) expect(deepestRoute(path)?.handle, path).toBeTruthy();
  });

  it('every top-level route has a frame and shell areas are not public', () => {
    for (const route of routeTable) {
      expect(['shell', 'bare']).toContain(route.frame);
      if (route.frame === 'shell') expect(route.public ?? false).toBe(false);
    }
  });
});

describe('the designer prefetch (features/designer/prefetch.ts)', () => {
  it('is the designer routes’ prefetch', () => {
    const designers = routeTable.filter((route) => route.path.includes('/designer/'));
    expect(designers).toHaveLength(2);
    for (const route of designers) expect(route.prefetch).toBeTypeOf('function');
  });
});
