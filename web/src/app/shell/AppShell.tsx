/**
 * The frame of every screen behind a login in the Monitor, Manage, Map, message-centre and account areas: a dark
 * header (theme title and favicon, top navigation, unread messages, language, user menu), a light side menu for
 * the current area, and the routed screen. Loaded lazily so the login page does not carry it.
 */
import { createElement, useMemo } from 'react';
import { Flex, Layout, Menu, theme as antdTheme, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { UnreadBadge } from '@/features/messages/components/UnreadBadge';
import { isAdmin } from '@/lib/access';
import { HOME_PATH } from '@/lib/paths';
import { useUser } from '@/lib/session';
import { useTheme } from '@/lib/theme';
import { menuGroups } from '../routes';
import { routeIcons } from './routeIcons';
import { areaForPath, selectedEntry, sideMenuEntries, topNavEntries, type MenuEntry } from './navigation';
import { UserMenu } from './UserMenu';

const HEADER_HEIGHT = 56;
const SIDER_WIDTH = 240;

export default function AppShell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const theme = useTheme();
  const { token } = antdTheme.useToken();

  const area = areaForPath(pathname);
  const navEntries = useMemo(() => topNavEntries(), []);
  const admin = isAdmin(useUser());
  const sideEntries = useMemo(() => (area ? sideMenuEntries(area, { admin }) : []), [area, admin]);
  const selectedSide = selectedEntry(sideEntries, pathname);

  const navItems: MenuProps['items'] = navEntries.map((entry) => ({
    key: entry.path,
    icon: entry.icon ? createElement(routeIcons[entry.icon]) : undefined,
    label: t(entry.titleKey),
  }));
  const sideItems = useMemo(() => toSideItems(sideEntries, t), [sideEntries, t]);
  const openGroups = useMemo(() => [...new Set(sideEntries.flatMap((entry) => (entry.group ? [groupKey(entry.group)] : [])))], [sideEntries]);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          position: 'sticky',
          top: 0,
          zIndex: 100,
          height: HEADER_HEIGHT,
          lineHeight: `${HEADER_HEIGHT}px`,
          display: 'flex',
          alignItems: 'center',
          gap: 24,
          paddingInline: 20,
          background: '#0f2236',
          boxShadow: '0 1px 4px rgba(0, 0, 0, 0.3)',
        }}
      >
        <Link to={HOME_PATH} style={{ display: 'flex', alignItems: 'center', gap: 10, color: '#fff', flex: 'none' }}>
          {theme.faviconIco && <img src={theme.faviconIco} alt="" width={24} height={24} style={{ display: 'block' }} />}
          <span id="shell-title" style={{ fontSize: 17, fontWeight: 600, letterSpacing: 0.5, whiteSpace: 'nowrap' }}>
            {theme.title}
          </span>
        </Link>
        <Menu
          id="top-nav"
          theme="dark"
          mode="horizontal"
          selectedKeys={area ? [`/${area.path}`] : []}
          items={navItems}
          onClick={({ key }) => void navigate(key)}
          style={{ flex: 1, minWidth: 0, background: 'transparent', borderBottom: 'none', lineHeight: `${HEADER_HEIGHT}px` }}
        />
        {/* Each in a block of the header's line height, as antd's Space laid them out (Space itself is not loaded). */}
        <Flex align="center" gap={4} style={{ flex: 'none' }}>
          <div>
            <UnreadBadge />
          </div>
          <div>
            <LanguageSwitch tone="dark" />
          </div>
          <div>
            <UserMenu />
          </div>
        </Flex>
      </Layout.Header>
      <Layout>
        {sideItems.length > 0 && (
          <Layout.Sider
            width={SIDER_WIDTH}
            theme="light"
            breakpoint="lg"
            collapsible
            style={{
              position: 'sticky',
              top: HEADER_HEIGHT,
              height: `calc(100vh - ${HEADER_HEIGHT}px)`,
              overflow: 'auto',
              borderRight: `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            <Menu
              id="side-menu"
              mode="inline"
              // Remount per area so each area starts with its own groups open.
              key={area?.path}
              selectedKeys={selectedSide ? [selectedSide.path] : []}
              defaultOpenKeys={openGroups}
              items={sideItems}
              onClick={({ key }) => void navigate(key)}
              style={{ borderInlineEnd: 'none', paddingTop: 8 }}
            />
          </Layout.Sider>
        )}
        <Layout.Content style={{ padding: 20, minWidth: 0 }}>
          <main
            style={{
              background: token.colorBgContainer,
              borderRadius: token.borderRadiusLG,
              padding: 24,
              minHeight: `calc(100vh - ${HEADER_HEIGHT + 40}px)`,
            }}
          >
            <Outlet />
          </main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

function groupKey(group: string): string {
  return `group:${group}`;
}

type Translate = (key: string) => string;

/** Side-menu items: ungrouped entries as items, grouped ones under a sub-menu per group, in table order. */
function toSideItems(entries: readonly MenuEntry[], t: Translate): NonNullable<MenuProps['items']> {
  const items: NonNullable<MenuProps['items']> = [];
  const groups = new Map<string, Array<{ key: string; label: string }>>();
  for (const entry of entries) {
    const icon = entry.icon ? createElement(routeIcons[entry.icon]) : undefined;
    const item = { key: entry.path, label: t(entry.titleKey), icon };
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
