/**
 * The header's top navigation and each area's side menu, derived from the route table: a screen appears in a
 * menu because its route says so, never because a second list names it.
 */
import type { Requirement } from '@/lib/access';
import { joinPath, routeTable, type MenuGroup, type RouteDef, type TopRouteDef } from '../routes';
import type { RouteIcon } from './routeIcons';

export interface MenuEntry {
  /** Absolute path; also the menu item's key. */
  path: string;
  titleKey: string;
  /** Shown instead of the title key's text: an entry named by the organisation (an external page's title). */
  label?: string;
  group?: MenuGroup;
  icon?: RouteIcon;
  /**
   * Top navigation only: where choosing the area goes. The area's own path, or its first side entry the viewer may
   * open when the area's own landing screen is not for them (a repairer's Manage opens the repair orders).
   */
  target?: string;
}

/**
 * The shell areas offered in the header (Monitor, Manage, Map) to `viewer`: an area is offered when the viewer meets
 * its requirement or may open one of its side entries (the repair permission alone shows Manage with its ops
 * entries); otherwise it is left out.
 */
export function topNavEntries(table: readonly TopRouteDef[] = routeTable, viewer: MenuViewer = EVERYONE): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const route of table) {
    if (route.frame !== 'shell' || !route.nav) continue;
    const path = joinPath('/', route.path);
    const entry = { path, titleKey: route.titleKey, icon: route.nav.icon };
    if (mayOpen(viewer, route.requires)) {
      entries.push({ ...entry, target: path });
      continue;
    }
    const first = sideMenuEntries(route, viewer)[0];
    if (first) entries.push({ ...entry, target: first.path });
  }
  return entries;
}

/** The shell area (top-level route) a path belongs to, if any. */
export function areaForPath(pathname: string, table: readonly TopRouteDef[] = routeTable): TopRouteDef | undefined {
  const first = segments(pathname)[0]?.toLowerCase();
  return table.find((route) => route.frame === 'shell' && route.path.toLowerCase() === first);
}

/**
 * Who the menus are for: entries marked `adminOnly` are listed only for the organisation's administrators
 * (lib/access.ts `isAdmin`), and entries whose route `requires` something only when `meets` says the viewer meets it
 * (lib/access.ts `meetsRequirement`; left out, every requirement is met: the whole table, as tests list it).
 */
export interface MenuViewer {
  admin: boolean;
  meets?: (requirement: Requirement) => boolean;
}

const EVERYONE: MenuViewer = { admin: true };

function mayOpen(viewer: MenuViewer, requirement: Requirement | undefined): boolean {
  return !requirement || !viewer.meets || viewer.meets(requirement);
}

/**
 * The side-menu entries of an area for `viewer`, in table order: routes marked `menu` whose path has no
 * parameters, without the administrators' entries unless the viewer is one.
 */
export function sideMenuEntries(area: TopRouteDef, viewer: MenuViewer = { admin: false }): MenuEntry[] {
  const entries: MenuEntry[] = [];
  const walk = (route: RouteDef, parentPath: string, inherited: Requirement | undefined) => {
    const path = joinPath(parentPath, route.path);
    const requires = route.requires ?? inherited;
    const listed = viewer.admin || !route.menu?.adminOnly;
    if (route.menu && !path.includes(':') && listed && mayOpen(viewer, requires)) {
      entries.push({ path, titleKey: route.titleKey, group: route.menu.group, icon: route.menu.icon });
    }
    for (const child of route.children ?? []) walk(child, path, requires);
  };
  for (const child of area.children ?? []) walk(child, joinPath('/', area.path), area.requires);
  return entries;
}

/**
 * The Manage side menu's external pages (docs/frame.md), in the organisation's order under the `frame` group. They
 * are the one part of a menu that is not in the route table: the organisation names them, so each carries its
 * title as a label. Both layouts list them, as they list every side entry (shell/shellMenus.ts).
 */
export function externalPageEntries(pages: readonly { id: number; title: string }[]): MenuEntry[] {
  return pages.map((page) => ({
    path: `/manage/frame/${page.id}`,
    titleKey: 'route.manage.frame',
    label: page.title,
    group: 'frame',
  }));
}

/**
 * The menu entry to highlight for a path: the longest entry that is a prefix of it; otherwise the entry sharing
 * the most leading segments beyond the area and its first level (so /manage/eg/equipment/add highlights the
 * equipment list), otherwise none.
 */
export function selectedEntry(entries: readonly MenuEntry[], pathname: string): MenuEntry | undefined {
  const current = segments(pathname).map((segment) => segment.toLowerCase());
  let best: MenuEntry | undefined;
  let bestScore = 0;
  for (const entry of entries) {
    const entrySegments = segments(entry.path).map((segment) => segment.toLowerCase());
    const shared = commonPrefixLength(entrySegments, current);
    const isPrefix = shared === entrySegments.length;
    // A full prefix always beats a partial one.
    const score = isPrefix ? 1000 + shared : shared >= 3 ? shared : 0;
    if (score > bestScore) {
      best = entry;
      bestScore = score;
    }
  }
  return best;
}

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

function commonPrefixLength(a: readonly string[], b: readonly string[]): number {
  let length = 0;
  while (length < a.length && length < b.length && a[length] === b[length]) length++;
  return length;
}
