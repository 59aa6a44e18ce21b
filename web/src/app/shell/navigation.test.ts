import { describe, expect, it } from 'vitest';
import { Permission, isAdmin, meetsRequirement } from '@/lib/access';
import { routeTable } from '../routes';
import { areaForPath, externalPageEntries, selectedEntry, sideMenuEntries, topNavEntries } from './navigation';

function area(path: string) {
  const found = routeTable.find((route) => route.path === path);
  if (!found) throw new Error(`no area ${path}`);
  return found;
}

describe('menus derived from the route table', () => {
  it('top navigation offers Monitor, Manage and Map', () => {
    expect(topNavEntries().map((entry) => entry.path)).toEqual(['/monitor', '/manage', '/map']);
  });

  it('the management side menu lists its screens by group, without parameterised routes', () => {
    const entries = sideMenuEntries(area('manage'));
    expect(entries.map((entry) => [entry.group, entry.path])).toEqual([
      ['eg', '/manage/eg/equipment/list'],
      ['eg', '/manage/eg/gateway'],
      ['eg', '/manage/eg/group'],
      ['eg', '/manage/eg/scene'],
      ['eg', '/manage/eg/project/list'],
      ['system', '/manage/system/hardware'],
      ['system', '/manage/system/protocol'],
      ['system', '/manage/system/model'],
      ['system', '/manage/system/msg'],
      ['ops', '/manage/ops/repairs'],
      ['ops', '/manage/ops/inspection_plan'],
      ['ops', '/manage/ops/inspection_content'],
      ['ops', '/manage/ops/worksheet'],
    ]);
  });

  it('lists the administrators\' entries (sub-accounts) only for an administrator', () => {
    const manage = area('manage');
    const system = (admin: boolean) =>
      sideMenuEntries(manage, { admin }).flatMap((entry) => (entry.group === 'system' ? [entry.path] : []));
    expect(system(true)).toEqual([
      '/manage/system/hardware',
      '/manage/system/protocol',
      '/manage/system/model',
      '/manage/system/msg',
      '/manage/system/user',
    ]);
    expect(system(false)).not.toContain('/manage/system/user');
    expect(sideMenuEntries(manage).map((entry) => entry.path)).not.toContain('/manage/system/user');
    expect([isAdmin({ roleType: 'admin' }), isAdmin({ roleType: 'user' }), isAdmin({ roleType: 1 }), isAdmin(undefined)]).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });

  it('the monitor side menu lists its list screens', () => {
    expect(sideMenuEntries(area('monitor')).map((entry) => entry.path)).toEqual([
      '/monitor/eg/list',
      '/monitor/eg/group',
      '/monitor/gm/list',
      '/monitor/gm/group',
      '/monitor/gm/ocInfo',
    ]);
  });

  it('the message centre and account menus come from their routes too', () => {
    expect(sideMenuEntries(area('message')).map((entry) => entry.path)).toEqual([
      '/message/messageAll',
      '/message/messageUnReaden',
      '/message/messageReaden',
    ]);
    expect(sideMenuEntries(area('account')).map((entry) => entry.path)).toEqual([
      '/account/security/sms',
      '/account/info/sms',
      '/account/config',
      '/account/log',
      '/account/feedback',
    ]);
    expect(sideMenuEntries(area('map'))).toEqual([]);
  });

  it('finds the shell area of a path', () => {
    expect(areaForPath('/manage/eg/gateway')?.path).toBe('manage');
    expect(areaForPath('/monitor/eg/list')?.path).toBe('monitor');
    expect(areaForPath('/login')).toBeUndefined();
  });

  it('highlights the entry a path is under, or the closest sibling', () => {
    const entries = sideMenuEntries(area('manage'));
    expect(selectedEntry(entries, '/manage/eg/gateway')?.path).toBe('/manage/eg/gateway');
    expect(selectedEntry(entries, '/manage/eg/equipment/edit/5/info')?.path).toBe('/manage/eg/equipment/list');
    expect(selectedEntry(entries, '/manage/frame/x')).toBeUndefined();
    const monitor = sideMenuEntries(area('monitor'));
    expect(selectedEntry(monitor, '/monitor/eg/group/list/1/2')?.path).toBe('/monitor/eg/group');
  });

  it('hides Manage from an account without manage, and shows a repairer only the ops entries', () => {
    const viewerWith = (auths: string[]) => ({
      admin: false,
      meets: (requirement: Parameters<typeof meetsRequirement>[1]) => meetsRequirement({ auths }, requirement),
    });
    const nothing = viewerWith([Permission.WriteData]);
    expect(topNavEntries(undefined, nothing).map((entry) => entry.path)).toEqual(['/monitor', '/map']);
    expect(sideMenuEntries(area('manage'), nothing)).toEqual([]);

    const repairer = viewerWith([Permission.MultiDesignerRepair]);
    const manageNav = topNavEntries(undefined, repairer).find((entry) => entry.path === '/manage');
    expect(manageNav?.target).toBe('/manage/ops/repairs');
    expect(sideMenuEntries(area('manage'), repairer).map((entry) => entry.path)).toEqual([
      '/manage/ops/repairs',
      '/manage/ops/inspection_content',
      '/manage/ops/worksheet',
    ]);

    const manager = viewerWith([Permission.Manage]);
    expect(topNavEntries(undefined, manager).find((entry) => entry.path === '/manage')?.target).toBe('/manage');
    expect(sideMenuEntries(area('manage'), manager)).toHaveLength(13);
    // The account area needs only the session.
    expect(sideMenuEntries(area('account'), nothing).length).toBeGreaterThan(0);
  });
});

describe('the external pages of the Manage menu', () => {
  it('are entries under the frame group, labelled with their titles, in the order given, and highlighted when open', () => {
    const entries = externalPageEntries([
      { id: 7, title: '能源看板' },
      { id: 3, title: 'Video wall' },
    ]);
    expect(entries).toEqual([
      { path: '/manage/frame/7', titleKey: 'route.manage.frame', label: '能源看板', group: 'frame' },
      { path: '/manage/frame/3', titleKey: 'route.manage.frame', label: 'Video wall', group: 'frame' },
    ]);
    const all = [...sideMenuEntries(area('manage'), { admin: true }), ...entries];
    expect(selectedEntry(all, '/manage/frame/3')?.path).toBe('/manage/frame/3');
    expect(selectedEntry(all, '/manage/frame/3/1')?.path).toBe('/manage/frame/3');
    expect(selectedEntry(all, '/manage/frame/30')).toBeUndefined();
    expect(externalPageEntries([])).toEqual([]);
  });
});
