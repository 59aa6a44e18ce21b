/**
 * The header's top navigation and each area's side menu, derived from the route table: a screen appears in a
 * menu because its route says so, never because a second list names it.
 */
import { joinPath, routeTable, type MenuGroup, type RouteDef, type TopRouteDef } from '../routes';
import type { RouteIcon } from './routeIcons';

export interface MenuEntry {
  /** Absolute path; also the menu item's key. */
  path: string;
  titleKey: string;
  group?: MenuGroup;
  icon?: RouteIcon;
}

/** The shell areas offered in the header (Monitor, Manage, Map). */
export function topNavEntries(table: readonly TopRouteDef[] = routeTable): MenuEntry[] {
  return table
    .filter((route) => route.frame === 'shell' && route.nav)
    .map((route) => ({ path: joinPath('/', route.path), titleKey: route.titleKey, icon: route.nav?.icon }));
}

/** The shell area (top-level route) a path belongs to, if any. */
export function areaForPath(pathname: string, table: readonly TopRouteDef[] = routeTable): TopRouteDef | undefined {
  const first = segments(pathname)[0]?.toLowerCase();
  return table.find((route) => route.frame === 'shell' && route.path.toLowerCase() === first);
}

/**
 * Who the menus are for: entries marked `adminOnly` are listed only for the organisation's administrators
 * (lib/access.ts `isAdmin`).
 */
export interface MenuViewer {
  admin: boolean;
}

/**
 * The side-menu entries of an area for `viewer`, in table order: routes marked `menu` whose path has no
 * parameters, without the administrators' entries unless the viewer is one.
 */
export function sideMenuEntries(area: TopRouteDef, viewer: MenuViewer = { admin: false }): MenuEntry[] {
  const entries: MenuEntry[] = [];
  const walk = (route: RouteDef, parentPath: string) => {
    const path = joinPath(parentPath, route.path);
    if (route.menu && !path.includes(':') && (viewer.admin || !route.menu.adminOnly)) {
      entries.push({ path, titleKey: route.titleKey, group: route.menu.group, icon: route.menu.icon });
    }
    for (const child of route.children ?? []) walk(child, path);
  };
  for (const child of area.children ?? []) walk(child, joinPath('/', area.path));
  return entries;
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
