/**
 * The frame of every screen behind a login in the Monitor, Manage, Map, message-centre and account areas: a dark
 * header (theme title and favicon, top navigation, unread messages, language, user menu), a light side menu for
 * the current area, and the routed screen. Loaded lazily so the login page does not carry it. On the compact layout
 * (lib/layout.ts: phones, upright tablets) the header keeps the title and the unread messages beside a menu button
 * whose drawer holds the rest (CompactNav). The message notifier (pop-ups, title, alarm sound) runs beside it, as on
 * the full-window screens (FullWindowChrome.tsx; features/messages/notify/NotifierHost.tsx: one whatever is mounted).
 */
import { Flex, Layout, Menu, theme as antdTheme } from 'antd';
import { Link, Outlet, useNavigate } from 'react-router';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { SoundToggle } from '@/features/messages/components/SoundToggle';
import { MessageNotifierHost } from '@/features/messages/notify/NotifierHost';
import { UnreadBadge } from '@/features/messages/components/UnreadBadge';
import { useCompactShell } from '@/lib/layout';
import { HOME_PATH } from '@/lib/paths';
import { useTheme } from '@/lib/theme';
import { CompactNav } from './CompactNav';
import { ConnectionBanner } from './ConnectionBanner';
import { useShellMenus } from './shellMenus';
import { UserMenu } from './UserMenu';

const HEADER_HEIGHT = 56;
const SIDER_WIDTH = 240;

export default function AppShell() {
  const navigate = useNavigate();
  const theme = useTheme();
  const { token } = antdTheme.useToken();
  const menus = useShellMenus();
  const compact = useCompactShell();
  const sider = !compact && menus.sideItems.length > 0;

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
          gap: compact ? 8 : 24,
          paddingInline: compact ? 4 : 20,
          background: '#0f2236',
          boxShadow: '0 1px 4px rgba(0, 0, 0, 0.3)',
        }}
      >
        {compact && <CompactNav menus={menus} />}
        <Link
          to={HOME_PATH}
          style={{ display: 'flex', alignItems: 'center', gap: 10, color: '#fff', flex: compact ? 1 : 'none', minWidth: 0 }}
        >
          {theme.faviconIco && <img src={theme.faviconIco} alt="" width={24} height={24} style={{ display: 'block' }} />}
          <span
            id="shell-title"
            style={{ fontSize: 17, fontWeight: 600, letterSpacing: 0.5, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
          >
            {theme.title}
          </span>
        </Link>
        {!compact && (
          <Menu
            id="top-nav"
            theme="dark"
            mode="horizontal"
            selectedKeys={menus.selectedArea ? [menus.selectedArea] : []}
            items={menus.areaItems}
            onClick={({ key }) => void navigate(menus.areaTargets[key] ?? key)}
            style={{ flex: 1, minWidth: 0, background: 'transparent', borderBottom: 'none', lineHeight: `${HEADER_HEIGHT}px` }}
          />
        )}
        {/* Each in a block of the header's line height, as antd's Space laid them out (Space itself is not loaded). */}
        <Flex align="center" gap={4} style={{ flex: 'none' }}>
          <div>
            <SoundToggle />
          </div>
          <div>
            <UnreadBadge />
          </div>
          {/* On the compact layout the language and the user menu are in the drawer. */}
          {!compact && (
            <>
              <div>
                <LanguageSwitch tone="dark" />
              </div>
              <div>
                <UserMenu />
              </div>
            </>
          )}
        </Flex>
      </Layout.Header>
      <ConnectionBanner top={HEADER_HEIGHT} />
      <MessageNotifierHost />
      <Layout>
        {sider && (
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
              key={menus.areaKey}
              selectedKeys={menus.selectedSide ? [menus.selectedSide] : []}
              defaultOpenKeys={menus.openGroups}
              items={menus.sideItems}
              onClick={({ key }) => void navigate(key)}
              // Room below the last entry: the sider's collapse trigger stays over its bottom edge, and a long menu
              // (Manage with the organisation's external pages) scrolls its last entry above it, not under it.
              style={{ borderInlineEnd: 'none', paddingTop: 8, paddingBottom: 56 }}
            />
          </Layout.Sider>
        )}
        <Layout.Content style={{ padding: compact ? 8 : 20, minWidth: 0 }}>
          <main
            style={{
              background: token.colorBgContainer,
              borderRadius: token.borderRadiusLG,
              padding: compact ? 12 : 24,
              minHeight: `calc(100vh - ${HEADER_HEIGHT + (compact ? 16 : 40)}px)`,
            }}
          >
            <Outlet />
          </main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
