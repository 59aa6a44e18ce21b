/**
 * The shell's menus as antd menu items, for both layouts (the wide header and side menu, the compact drawer): the
 * areas of the top navigation, the current area's side menu with its groups, which entries are selected and which
 * groups start open. One source, so the drawer lists exactly what the wide layout shows.
 */
import { createElement, useMemo } from 'react';
import type { MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isAdmin, meetsRequirement } from '@/lib/access';
import { useUser } from '@/lib/session';
import { useExternalPages } from '@/entities/externalPages/api';
import { menuGroups } from '../routes';
import { routeIcons } from './routeIcons';
import {
  areaForPath,
  externalPageEntries,
  selectedEntry,
  sideMenuEntries,
  topNavEntries,
  type MenuEntry,
} from './navigation';

type Items = NonNullable<MenuProps['items']>;

export interface ShellMenus {
  /** The areas (Monitor, Manage, Map, …): keys are their paths. */
  areaItems: Items;
  /** Where choosing an area (by its key) goes: its own path, or its first entry the user may open. */
  areaTargets: Readonly<Record<string, string>>;
  /** The current area's path (`/monitor`), when the address is in one. */
  selectedArea: string | undefined;
  /** The current area's side menu (empty for areas without one). */
  sideItems: Items;
  /** The side entry the address is in. */
  selectedSide: string | undefined;
  /** The side menu's groups, open from the start. */
  openGroups: string[];
  /**
   * Changes per area and when its groups change, so a side menu remounts with the new area's groups open, and with
   * the external pages' group open once the organisation's list arrives.
   */
  areaKey: string | undefined;
}

export function useShellMenus(): ShellMenus {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const area = areaForPath(pathname);
  const user = useUser();
  const viewer = useMemo(
    () => ({ admin: isAdmin(user), meets: (requirement: Parameters<typeof meetsRequirement>[1]) => meetsRequirement(user, requirement) }),
    [user],
  );
  const navEntries = useMemo(() => topNavEntries(undefined, viewer), [viewer]);
  const areaTargets = useMemo(
    () => Object.fromEntries(navEntries.map((entry) => [entry.path, entry.target ?? entry.path])),
    [navEntries],
  );
  // The organisation's external pages join Manage's side menu for those who may open them (the frame routes need
  // manage); asked of the server only then.
  const framesListed = area?.path === 'manage' && meetsRequirement(user, 'manage');
  const externalPages = useExternalPages(framesListed).data;
  const sideEntries = useMemo(
    () => [
      ...(area ? sideMenuEntries(area, viewer) : []),
      ...(framesListed && externalPages ? externalPageEntries(externalPages) : []),
    ],
    [area, viewer, framesListed, externalPages],
  );
  const areaItems = useMemo<Items>(
    () =>
      navEntries.map((entry) => ({
        key: entry.path,
        icon: entry.icon ? createElement(routeIcons[entry.icon]) : undefined,
        label: t(entry.titleKey),
      })),
    [navEntries, t],
  );
  const sideItems = useMemo(() => toSideItems(sideEntries, t), [sideEntries, t]);
  const openGroups = useMemo(
    () => [...new Set(sideEntries.flatMap((entry) => (entry.group ? [groupKey(entry.group)] : [])))],
    [sideEntries],
  );
  return {
    areaItems,
    areaTargets,
    selectedArea: area ? `/${area.path}` : undefined,
    sideItems,
    selectedSide: selectedEntry(sideEntries, pathname)?.path,
    openGroups,
    areaKey: area ? `${area.path}:${openGroups.join(',')}` : undefined,
  };
}

function groupKey(group: string): string {
  return `group:${group}`;
}

type Translate = (key: string) => string;

/** Side-menu items: ungrouped entries as items, grouped ones under a sub-menu per group, in table order. */
function toSideItems(entries: readonly MenuEntry[], t: Translate): Items {
  const items: Items = [];
  const groups = new Map<string, Array<{ key: string; label: string }>>();
  for (const entry of entries) {
    const icon = entry.icon ? createElement(routeIcons[entry.icon]) : undefined;
    const item = { key: entry.path, label: entry.label ?? t(entry.titleKey), icon };
    if (!entry.group) {
      items.push(item);
      continue;
    }
    let children = groups.get(entry.group);
    if (!children) {
      children = [];
      groups.set(entry.group, children);
      const group = menuGroups[entry.group];
      const groupIcon = createElement(routeIcons[group.icon]);
      items.push({ key: groupKey(entry.group), label: t(group.titleKey), icon: groupIcon, children });
    }
    children.push({ key: item.key, label: item.label });
  }
  return items;
}
